// Routes of delegated approval authority: the list, a grant, a revoke.
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { CompanyMember } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { contentRange } from '../../common/page-range.js';
import { READ_MODELS } from '../../common/principal.js';
import type { HeaderReply } from '../../common/reply.js';
import { companyMembers, membersQuery } from '../../companies/company-directory.js';
import { companyOf } from '../authority.service.js';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { GrantDelegation, RevokeDelegation } from './delegation.commands.js';
import { DelegationsService } from './delegations.service.js';

@Controller('authority-delegations')
export class DelegationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly delegations: DelegationsService,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  @Get()
  @ApiQuery({ name: 'after', required: false, description: 'The `next` of the page before.' })
  @ApiOperation({
    summary: "The chosen company's delegations of approval authority, newest start first, 50 a page",
    description:
      'With administration.authorityManual.view or .update every grant of the company; otherwise those the caller gives or receives. Each says whether it is upcoming, in force, ended or revoked at the time of the answer. `next` is the cursor of the following page (null: the last page).',
  })
  list(@Query('after') after: unknown, @Req() request: AuthenticatedRequest) {
    return this.delegations.list(request.principal!, after);
  }

  /** The members a grant may name, for the form's picker: every member may lend their authority, so every member may look. */
  @Get('delegates')
  @ApiOperation({
    summary: "The chosen company's active members a delegation may name, by name, searched and paged",
    description:
      'Open to every member of the company (anyone may lend their own approvals): ?q=<name or e-mail>&range=[from,to]&sort=["name","ASC"], as the members list; the total is in Content-Range.',
  })
  async delegates(
    @Query() raw: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<CompanyMember[]> {
    const companyId = companyOf(request.principal!);
    const query = membersQuery(raw);
    const page = await companyMembers(this.db, companyId, query);
    const range = { ...query.range, limit: query.range.to - query.range.from + 1 };
    contentRange(reply, 'delegates', range, page.rows.length, page.total);
    return page.rows;
  }

  @Post()
  @HttpCode(201)
  @ApiRefusal(422, 'delegateIsDelegator, userNotCompanyMember, nothingToDelegate: the grant cannot lend what it names')
  @ApiOperation({
    summary: 'Lend approval authority to another member for a period',
    description:
      "Body { toUserId, fromUserId?, resources?, upTo?, startsAt?, endsAt, reason }. The delegator defaults to the caller; naming someone else needs administration.authorityManual.update (403 noAccessRight). Both must be active members (422 userNotCompanyMember), not the same person (422 delegateIsDelegator), and the delegator must hold a verify level on a kind covered (422 nothingToDelegate). During the period the delegate may approve or reject where their own level does not reach, at the delegator's levels as they are at that moment, on documents up to upTo RM; never a document they or the delegator created unless the manual allows self-approval. The grant starts and ends by itself; 400 validationFailed for bad fields (at most 366 days).",
  })
  grant(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new GrantDelegation(request.principal!, body));
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiRefusal(404, 'delegationNotFound: no such grant the caller may see')
  @ApiRefusal(409, 'delegationRevoked, delegationEnded: the grant is over already')
  @ApiOperation({
    summary: 'End a delegation before its time, with the reason',
    description:
      'Body { reason }. The delegator, the delegate or a holder of administration.authorityManual.update may revoke; others get 404 delegationNotFound. A grant revoked or ended already is 409.',
  })
  revoke(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RevokeDelegation(request.principal!, id, body));
  }
}
