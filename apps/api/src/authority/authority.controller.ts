// The authority context's routes: the spec's company workflow list (§7) and the admin calls that manage
// assignments and manuals (access right administration.authorityManual.update), with their history.
// Writes are sent as commands through the CommandBus (authority.commands.ts).
import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contentRange, pageRange } from '../common/page-range.js';
import type { AuthenticatedRequest } from '../common/principal.js';
import type { HeaderReply } from '../common/reply.js';
import { AssignWorkflowLevel, DefineAuthorityManual, UnassignWorkflowLevel } from './authority.commands.js';
import { AuthorityService } from './authority.service.js';

@Controller()
export class AuthorityController {
  constructor(private readonly commands: CommandBus, private readonly authority: AuthorityService) {}

  @Get('company-workflow/view/workflow-and-assignments-list')
  list(@Req() request: AuthenticatedRequest) {
    return this.authority.workflowAssignments(request.principal!);
  }

  @Post('company-workflow/assignments')
  @HttpCode(200)
  assign(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AssignWorkflowLevel(request.principal!, body));
  }

  @Post('company-workflow/assignments/unassign')
  @HttpCode(200)
  unassign(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new UnassignWorkflowLevel(request.principal!, body));
  }

  /** `?range=[from,to]` (500 a page by default, at most 500): `{ success, history, total }`, `Content-Range: history from-to/total`. */
  @Get('company-workflow/history')
  async history(@Query('range') range: unknown, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply) {
    const page = pageRange(range, 500, 500);
    const result = await this.authority.history(request.principal!, page);
    contentRange(reply, 'history', page, result.history.length, result.total);
    return result;
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
    return this.commands.execute(new DefineAuthorityManual(request.principal!, resource, body));
  }
}
