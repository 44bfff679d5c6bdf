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
import { ApiOperation } from '@nestjs/swagger';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';

@Controller()
export class AuthorityController {
  constructor(
    private readonly commands: CommandBus,
    private readonly authority: AuthorityService,
  ) {}

  @Get('company-workflow/view/workflow-and-assignments-list')
  @ApiOperation({
    summary: "The chosen company's workflow level assignments per machine: who holds which level",
    description: 'Needs administration.authorityManual.update (403 noAccessRight) and a chosen company (403 companyNotChosen).',
  })
  list(@Req() request: AuthenticatedRequest) {
    return this.authority.workflowAssignments(request.principal!);
  }

  @Post('company-workflow/assignments')
  @HttpCode(200)
  @ApiRefusal(409, 'levelAlreadyAssigned: the member holds this level already')
  @ApiRefusal(422, 'userNotCompanyMember: only active members of the company can be given a level')
  @ApiOperation({
    summary: 'Give a company member a workflow level on a machine (body { code, user_id, workflow_level })',
    description:
      'Needs administration.authorityManual.update. Only active members of the company (422 userNotCompanyMember); a level already held is 409 levelAlreadyAssigned (no event recorded). Answers the assignments list and its revision.',
  })
  assign(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AssignWorkflowLevel(request.principal!, body));
  }

  @Post('company-workflow/assignments/unassign')
  @HttpCode(200)
  @ApiRefusal(409, 'levelNotAssigned: the member does not hold this level')
  @ApiOperation({
    summary: 'Take a workflow level from a company member (same body as the assignment)',
    description: 'Needs administration.authorityManual.update. A level not held is 409 levelNotAssigned (no event recorded).',
  })
  unassign(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new UnassignWorkflowLevel(request.principal!, body));
  }

  /** `?range=[from,to]` (500 a page by default, at most 500): `{ success, history, total }`, `Content-Range: history from-to/total`. */
  @Get('company-workflow/history')
  @ApiOperation({
    summary: "The chosen company's assignment and authority manual history, newest first, a page at a time",
    description:
      'Needs administration.authorityManual.view or .update. range=[from,to], 500 a page by default and at most; the total is in Content-Range.',
  })
  async history(@Query('range') range: unknown, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply) {
    const page = pageRange(range, 500, 500);
    const result = await this.authority.history(request.principal!, page);
    contentRange(reply, 'history', page, result.history.length, result.total);
    return result;
  }

  @Get('authority-manuals')
  @ApiOperation({
    summary: "The chosen company's authority manuals: per machine, the approval levels and their limits",
    description: 'Needs administration.authorityManual.update.',
  })
  manuals(@Req() request: AuthenticatedRequest) {
    return this.authority.manuals(request.principal!);
  }

  @Get('authority-manuals/:resource')
  @ApiOperation({
    summary: "The chosen company's authority manual of one machine",
    description:
      'Needs administration.authorityManual.update. 404 manualNotFound when none is defined, unknownResource for a machine that has none.',
  })
  manual(@Param('resource') resource: string, @Req() request: AuthenticatedRequest) {
    return this.authority.manual(request.principal!, resource);
  }

  @Put('authority-manuals/:resource')
  @ApiRefusal(409, "wrongExpectedRevision: expectedVersion is not the manual's version")
  @ApiOperation({
    summary: 'Define or change the authority manual of one machine: levels from 20 up, each limit above the one before',
    description:
      'Needs administration.authorityManual.update. Body { label, note?, levels: [{ level, limit }], allowSelfApproval?, roleType?, roles?, expectedVersion? }; only the last limit may be null (no limit). 400 validationFailed with fields; 409 wrongExpectedRevision when expectedVersion is stale. Applies to the documents of every project of the company.',
  })
  define(@Param('resource') resource: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new DefineAuthorityManual(request.principal!, resource, body));
  }
}
