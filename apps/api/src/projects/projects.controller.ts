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
  ActOnProject,
  ActOnProjectMember,
  ActOnProjectStage,
  AddProjectStage,
  AssignProjectLevel,
  CreateProject,
  EditProject,
  GrantProjectRole,
  InviteProjectMember,
  SelectProject,
  UnassignProjectLevel,
} from './projects.commands.js';
import { ProjectsService } from './projects.service.js';
import { ApiActionEvent } from '../openapi/path-values.decorators.js';
import { ApiOperation } from '@nestjs/swagger';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';

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
  @ApiOperation({
    summary: "The signed-in user's projects in the chosen company with their workflow assignments (the spec's project-list-by-user)",
    description:
      'Needs a chosen company. Lists the projects the user may see: with project.viewAll, an assignment in the project, or a manual role given to their e-mail.',
  })
  listByUser(@Req() request: AuthenticatedRequest) {
    return projectListByUser(this.db, request.principal!, companyOf(request.principal!));
  }

  /** The user's selected project per developer / demand / supply in the chosen company (§3 lastSelectedProject). */
  @Get('project-selection')
  @ApiOperation({
    summary: "The user's selected project per kind (developer, demand, supply) in the chosen company",
    description:
      "Each kind is a project or null; `active` is the kind the user works in (null: all). Answered with the selection's revision as ETag.",
  })
  async readSelection(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const selection = await this.selection.read(request.principal!);
    if (selection.revision !== null) reply.header('ETag', `"${selection.revision}"`);
    return selection;
  }

  @Put('project-selection')
  @ApiRefusal(409, 'wrongExpectedRevision: the selection changed since it was read')
  @ApiOperation({
    summary: 'Select a project for one kind (developer, demand or supply), or clear it with null',
    description:
      "Optionally send If-Match with the selection's revision. Refused: 400 validationFailed (projectSelectionKindInvalid, projectIdInvalid, an unknown field), 404 projectNotFound (a project of another company), 409 when the selection changed since it was read.",
  })
  select(@Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new SelectProject(request.principal!, body, ifMatch));
  }

  /** react-admin's list: ?filter={"projectType":1,"status":"active","q":"..."}&sort=["name","ASC"]&range=[0,24], Content-Range. */
  @Get('projects')
  @ApiOperation({
    summary: "A page of the chosen company's projects the user may see, filtered and sorted (react-admin's simple REST)",
    description:
      'Filter by projectType, status and q; sort on name, code, short title, location, category and more; the total is in Content-Range (`projects */N` for an empty page). Unknown filters or sorts are 400 validationFailed.',
  })
  async list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const { rows, from, total } = await this.queries.list(request.principal!, query);
    reply.header('Content-Range', rows.length === 0 ? `projects */${total}` : `projects ${from}-${from + rows.length - 1}/${total}`);
    reply.header('Access-Control-Expose-Headers', 'Content-Range, ETag');
    return rows;
  }

  @Post('projects')
  @HttpCode(201)
  @ApiRefusal(409, 'projectCodeTaken: another project of the company has this code (case ignored)')
  @ApiOperation({
    summary: 'Create a project in the chosen company (status new)',
    description:
      'Needs the right project.create and level 10 on the project machine in the company. Every field rule has its own code on its field in one 400 validationFailed (name, code, type, short title, location, region, coordinates, site contact); 409 projectCodeTaken when the code is used in the company, whatever its case.',
  })
  create(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new CreateProject(request.principal!, body));
  }

  @Get('projects/:id')
  @ApiOperation({
    summary: "A project's page: its fields, actions, members, stages, assignments and manual roles",
    description:
      "Answers the revision as ETag and what the caller can do. 404 projectNotFound for another company's project, 403 projectNotVisible when the user may not see it.",
  })
  async detail(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const { etag, ...detail } = await this.queries.detail(request.principal!, id);
    reply.header('ETag', etag);
    return detail;
  }

  @Put('projects/:id')
  @ApiRefusal(409, 'wrongExpectedRevision (stale If-Match), projectCodeTaken, projectNotOpen')
  @ApiOperation({
    summary: "Edit a project's fields",
    description:
      'Needs the right project.create, a company level on the project machine, and, optionally, If-Match with the revision last read. Refused: 400 validationFailed (field rules as on create), 409 wrongExpectedRevision, projectCodeTaken or projectNotOpen.',
  })
  edit(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new EditProject(request.principal!, id, body, ifMatch));
  }

  @Get('projects/:id/documents')
  @ApiOperation({
    summary: "The chosen company's documents of a project, counted per kind and status",
    description: "For the project page's summary: `[{ resource, total, byStatus }]`.",
  })
  documents(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.queries.documents(request.principal!, id);
  }

  @Get('projects/:id/history')
  @ApiOperation({
    summary: "A project's history: every event of the project, its members and stages, oldest first",
    description: 'Each row names the actor and the subject (project, member or stage) and says whether the hash chain verifies.',
  })
  history(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.queries.history(request.principal!, id);
  }

  @Post('projects/:id/assignments')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Assign a user a workflow level on a project (or a supply level)',
    description:
      'Needs the right administration.authorityManual.update. Body `{ code, user_id, workflow_level, supply? }`; refused with 400 validationFailed when a field is wrong or the user is not a member of the company.',
  })
  assign(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AssignProjectLevel(request.principal!, id, body));
  }

  @Post('projects/:id/assignments/unassign')
  @HttpCode(200)
  @ApiOperation({
    summary: "Remove a user's workflow (or supply) level on a project",
    description: 'Needs the right administration.authorityManual.update. Body as for the assignment.',
  })
  unassign(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new UnassignProjectLevel(request.principal!, id, body));
  }

  @Post('projects/:id/manual-roles')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Give a person a manual role on a project by e-mail (the role grants view)',
    description: 'Needs the right administration.authorityManual.update. Body `{ email, role }`.',
  })
  grantRole(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new GrantProjectRole(request.principal!, id, body));
  }

  @Get('projects/:id/authority-history')
  @ApiOperation({
    summary: "A project's assignment history: who assigned, unassigned or granted what, and when",
    description: "Needs the right administration.authorityManual.view or .update; read straight from the project's stream.",
  })
  authorityHistory(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.projects.authorityHistory(request.principal!, id);
  }

  @Post('projects/:id/actions/:event')
  @ApiActionEvent('project')
  @HttpCode(200)
  @ApiRefusal(409, "wrongExpectedRevision (stale If-Match), wrongStatus: the project's status does not allow the event")
  @ApiOperation({
    summary: 'Send a workflow event to a project (Request_Approve, Approve, Close, ...)',
    description:
      "Decided by the project machine with the company's levels on `project` and its project manual. Optionally send If-Match with the revision last read; a remark where the event asks for one. 409 when the status does not allow the event or the revision is stale.",
  })
  act(
    @Param('id') id: string,
    @Param('event') event: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnProject(request.principal!, id, event, body, ifMatch));
  }

  @Post('projects/:id/members')
  @HttpCode(201)
  @ApiRefusal(409, 'memberAlreadyInvited, wrongExpectedRevision (stale If-Match)')
  @ApiRefusal(422, "userNotCompanyMember: the user is not a member of the project's company")
  @ApiOperation({
    summary: 'Invite a company member into a project (member status New)',
    description:
      "Optionally send If-Match with the project's revision and `{ user_id }`. Refused: 422 userNotCompanyMember, 409 memberAlreadyInvited or a stale revision.",
  })
  invite(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new InviteProjectMember(request.principal!, id, body, ifMatch));
  }

  @Post('projects/:id/members/:userId/actions/:event')
  @ApiActionEvent('projectMember')
  @HttpCode(200)
  @ApiRefusal(409, "wrongExpectedRevision (stale If-Match), wrongStatus: the member's status does not allow the event")
  @ApiOperation({
    summary: 'Approve, reject or cancel a project member',
    description:
      "Decided by the projectMember machine. Optionally send If-Match with the project's revision and a remark where the event asks for one; 409 when the member's status does not allow the event or the revision is stale.",
  })
  memberAct(
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Param('event') event: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnProjectMember(request.principal!, id, userId, event, body, ifMatch));
  }

  @Post('projects/:id/stages')
  @HttpCode(201)
  @ApiRefusal(409, 'stageNameTaken, wrongExpectedRevision (stale If-Match)')
  @ApiOperation({
    summary: 'Add a stage to a project (status onGoing)',
    description:
      "Optionally send If-Match with the project's revision and `{ name }`. Refused: 400 stageNameRequired or stageNameTooLong, 409 stageNameTaken or a stale revision.",
  })
  addStage(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new AddProjectStage(request.principal!, id, body, ifMatch));
  }

  @Post('projects/:id/stages/:stageId/actions/:event')
  @ApiActionEvent('projectStage')
  @HttpCode(200)
  @ApiRefusal(409, "wrongExpectedRevision (stale If-Match), wrongStatus: the stage's status does not allow the event")
  @ApiOperation({
    summary: 'Hold, restart or terminate a project stage',
    description:
      "Decided by the projectStage machine. Optionally send If-Match with the project's revision; 409 when the stage's status does not allow the event or the revision is stale.",
  })
  stageAct(
    @Param('id') id: string,
    @Param('stageId') stageId: string,
    @Param('event') event: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ActOnProjectStage(request.principal!, id, stageId, event, body, ifMatch));
  }
}
