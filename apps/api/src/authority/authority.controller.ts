// The authority context's routes: the spec's company workflow list (§7) and the admin calls that manage
// assignments and manuals (access right administration.authorityManual.update), with their history.
import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { AuthenticatedRequest } from '../common/principal.js';
import { AuthorityService } from './authority.service.js';

@Controller()
export class AuthorityController {
  constructor(private readonly authority: AuthorityService) {}

  @Get('company-workflow/view/workflow-and-assignments-list')
  list(@Req() request: AuthenticatedRequest) {
    return this.authority.workflowAssignments(request.principal!);
  }

  @Post('company-workflow/assignments')
  @HttpCode(200)
  assign(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.authority.assign(request.principal!, body, false);
  }

  @Post('company-workflow/assignments/unassign')
  @HttpCode(200)
  unassign(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.authority.assign(request.principal!, body, true);
  }

  @Get('company-workflow/history')
  history(@Req() request: AuthenticatedRequest) {
    return this.authority.history(request.principal!);
  }

  @Get('authority-manuals')
  manuals(@Req() request: AuthenticatedRequest) {
    return this.authority.manuals(request.principal!);
  }

  @Get('authority-manuals/:resource')
  manual(@Param('resource') resource: string, @Req() request: AuthenticatedRequest) {
    return this.authority.manual(request.principal!, resource);
  }

  @Put('authority-manuals/:resource')
  define(@Param('resource') resource: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.authority.defineManual(request.principal!, resource, body);
  }
}
