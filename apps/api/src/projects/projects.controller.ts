// The projects context's routes: the spec's project-list-by-user (§7), create (access right project.create),
// per-project assignments and manual authority roles, and project workflow actions.
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { AuthenticatedRequest } from '../common/principal.js';
import { ProjectsService } from './projects.service.js';

@Controller()
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get('project-list-by-user')
  list(@Req() request: AuthenticatedRequest) {
    return this.projects.list(request.principal!);
  }

  @Post('projects')
  @HttpCode(201)
  create(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.projects.create(request.principal!, body);
  }

  @Post('projects/:id/assignments')
  @HttpCode(200)
  assign(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.projects.assign(request.principal!, id, body, false);
  }

  @Post('projects/:id/assignments/unassign')
  @HttpCode(200)
  unassign(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.projects.assign(request.principal!, id, body, true);
  }

  @Post('projects/:id/manual-roles')
  @HttpCode(200)
  grantRole(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.projects.grantRole(request.principal!, id, body);
  }

  @Get('projects/:id/authority-history')
  authorityHistory(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.projects.authorityHistory(request.principal!, id);
  }

  @Post('projects/:id/actions/:event')
  @HttpCode(200)
  act(@Param('id') id: string, @Param('event') event: string, @Body() body: unknown, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.projects.act(request.principal!, id, event, body, ifMatch);
  }
}
