// The projects context's routes: the spec's project-list-by-user (§7), the signed-in ui's project list,
// page, documents and history, create and edit (access right project.create), per-project assignments and
// manual authority roles, and the project, member and stage machines' actions. Writes are sent as commands
// through the CommandBus (projects.commands.ts).
import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { READ_MODELS, type AuthenticatedRequest } from '../common/principal.js';
import { projectListByUser } from './project-list.js';
import { ProjectQueries } from './project-queries.js';
import { ProjectSelectionService } from './project-selection.js';
import {
  ActOnProject, ActOnProjectMember, ActOnProjectStage, AddProjectStage, AssignProjectLevel, CreateProject, EditProject, GrantProjectRole, InviteProjectMember, SelectProject,
  UnassignProjectLevel,
} from './projects.commands.js';
import { ProjectsService } from './projects.service.js';
import { ApiActionEvent } from '../openapi/path-values.decorators.js';

type Reply = { header(name: string, value: string): unknown };

@Controller()
export class ProjectsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly projects: ProjectsService,
    private readonly queries: ProjectQueries,
    private readonly selection: ProjectSelectionService,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  @Get('project-list-by-user')
  listByUser(@Req() request: AuthenticatedRequest) {
    return projectListByUser(this.db, request.principal!, companyOf(request.principal!));
  }

  /** The user's selected project per developer / demand / supply in the chosen company (§3 lastSelectedProject). */
  @Get('project-selection')
  async readSelection(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const selection = await this.selection.read(request.principal!);
    if (selection.revision !== null) reply.header('ETag', `"${selection.revision}"`);
    return selection;
  }

  @Put('project-selection')
  select(@Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new SelectProject(request.principal!, body, ifMatch));
  }

  /** react-admin's list: ?filter={"projectType":1,"status":"active","q":"..."}&sort=["name","ASC"]&range=[0,24], Content-Range. */
  @Get('projects')
  async list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const { rows, from, total } = await this.queries.list(request.principal!, query);
    reply.header('Content-Range', rows.length === 0 ? `projects */${total}` : `projects ${from}-${from + rows.length - 1}/${total}`);
    reply.header('Access-Control-Expose-Headers', 'Content-Range, ETag');
    return rows;
  }

  @Post('projects')
  @HttpCode(201)
  create(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new CreateProject(request.principal!, body));
  }

  @Get('projects/:id')
  async detail(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const { etag, ...detail } = await this.queries.detail(request.principal!, id);
    reply.header('ETag', etag);
    return detail;
  }

  @Put('projects/:id')
  edit(@Param('id') id: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new EditProject(request.principal!, id, body, ifMatch));
  }

  @Get('projects/:id/documents')
  documents(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.queries.documents(request.principal!, id);
  }

  @Get('projects/:id/history')
  history(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.queries.history(request.principal!, id);
  }

  @Post('projects/:id/assignments')
  @HttpCode(200)
  assign(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AssignProjectLevel(request.principal!, id, body));
  }

  @Post('projects/:id/assignments/unassign')
  @HttpCode(200)
  unassign(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new UnassignProjectLevel(request.principal!, id, body));
  }

  @Post('projects/:id/manual-roles')
  @HttpCode(200)
  grantRole(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new GrantProjectRole(request.principal!, id, body));
  }

  @Get('projects/:id/authority-history')
  authorityHistory(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.projects.authorityHistory(request.principal!, id);
  }

  @Post('projects/:id/actions/:event')
  @ApiActionEvent('project')
  @HttpCode(200)
  act(@Param('id') id: string, @Param('event') event: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ActOnProject(request.principal!, id, event, body, ifMatch));
  }

  @Post('projects/:id/members')
  @HttpCode(201)
  invite(@Param('id') id: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new InviteProjectMember(request.principal!, id, body, ifMatch));
  }

  @Post('projects/:id/members/:userId/actions/:event')
  @ApiActionEvent('projectMember')
  @HttpCode(200)
  memberAct(@Param('id') id: string, @Param('userId') userId: string, @Param('event') event: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ActOnProjectMember(request.principal!, id, userId, event, body, ifMatch));
  }

  @Post('projects/:id/stages')
  @HttpCode(201)
  addStage(@Param('id') id: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AddProjectStage(request.principal!, id, body, ifMatch));
  }

  @Post('projects/:id/stages/:stageId/actions/:event')
  @ApiActionEvent('projectStage')
  @HttpCode(200)
  stageAct(@Param('id') id: string, @Param('stageId') stageId: string, @Param('event') event: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ActOnProjectStage(request.principal!, id, stageId, event, body, ifMatch));
  }
}
