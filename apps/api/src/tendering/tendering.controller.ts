// The tendering context's routes (base /api/tendering): the buyer invites sellers and reads who quoted
// (sealed until the close); an invited seller reads the tender, submits and revises its quotation. The
// close itself is the tender machine's Close (POST /api/documents/tender/<id>/actions/Close). Writes go
// through the CommandBus (tendering.commands.ts).
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { InviteSellers, SubmitQuotation } from './tendering.commands.js';
import { TenderingService } from './tendering.service.js';
import { companyOf } from '../authority/authority.service.js';
import { InvitationAllowanceService } from './allowance/invitation-allowance.service.js';

type Reply = { header(name: string, value: string): unknown };

@ApiTags('tendering')
@Controller('tendering')
export class TenderingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tendering: TenderingService,
    private readonly allowance: InvitationAllowanceService,
  ) {}

  @Get('invitation-allowance')
  @ApiOperation({
    summary:
      "§9: the chosen company's tender invitations this subscription year: { tier, limit (null: unlimited), used, remaining, warning (at 80%), periodStart, periodEnd }",
  })
  invitationAllowance(@Req() request: AuthenticatedRequest) {
    return this.allowance.of(companyOf(request.principal!)).then((allowance) => ({ success: true as const, ...allowance }));
  }

  @Get('received')
  @ApiOperation({
    summary: "The chosen company's tender invitations (received), newest first; ?range=[0,24] (at most 100 rows), Content-Range",
  })
  @ApiRefusal(400, 'validationFailed: a range that is not [from, to] of at most 100 rows, or an unknown parameter')
  async received(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: Reply) {
    const { rows, from, total, capped } = await this.tendering.received(request.principal!, query);
    if (capped) reply.header('X-Total-Capped', 'true');
    reply.header(
      'Content-Range',
      rows.length === 0 ? `tender-invitations */${total}` : `tender-invitations ${from}-${from + rows.length - 1}/${total}`,
    );
    reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Capped');
    return rows;
  }

  @Post('tenders/:tenderId/invitations')
  @HttpCode(201)
  @ApiOperation({ summary: 'The buyer (level 10 on tender) invites sellers of its directory: { companyIds: [..] } (1 to 50), all or none' })
  @ApiRefusal(
    409,
    "tenderClosed (closed, cancelled or past its close time), sellerAlreadyInvited, tenderInvitationLimitReached (§9: the year's allowance; the reply holds limit, used, remaining)",
  )
  @ApiRefusal(422, 'inviteeIsOwnCompany, unknownCounterparty (not an approved company of the directory)')
  invite(@Param('tenderId') tenderId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new InviteSellers(request.principal!, tenderId, body));
  }

  @Get('tenders/:tenderId/invitations')
  @ApiOperation({ summary: 'The buyer: its invitees, whether and when each quoted (never a rate or a total)' })
  invitations(@Param('tenderId') tenderId: string, @Req() request: AuthenticatedRequest) {
    return this.tendering.invitations(request.principal!, tenderId);
  }

  @Get('tenders/:tenderId')
  @ApiOperation({
    summary:
      "An invited seller's view of the tender: items (without the buyer's rates), open and close times, the server's time, its own quotation",
  })
  tender(@Param('tenderId') tenderId: string, @Req() request: AuthenticatedRequest) {
    return this.tendering.tender(request.principal!, tenderId);
  }

  @Put('tenders/:tenderId/quotation')
  @ApiOperation({
    summary:
      'An invited seller submits or revises its quotation: { items: [{ lineNo, rate, includeZeroRate? }] }, a rate for every line; If-Match: its revision',
  })
  @ApiRefusal(409, 'tenderClosed (after the close time, on the server clock, or once closed), tenderNotOpen, wrongExpectedRevision')
  @ApiRefusal(422, 'quotationItemsMismatch, zeroRateNotIncluded')
  quote(
    @Param('tenderId') tenderId: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new SubmitQuotation(request.principal!, tenderId, body, ifMatch));
  }

  @Get('tenders/:tenderId/quotations')
  @ApiOperation({ summary: 'The buyer: every quotation, sealed (who and when only) until the tender is closed; the seller: its own' })
  quotations(@Param('tenderId') tenderId: string, @Req() request: AuthenticatedRequest) {
    return this.tendering.quotations(request.principal!, tenderId);
  }

  @Get('tenders/:tenderId/quotations/:sellerCompanyId/history')
  @ApiOperation({ summary: "One quotation's submissions and revisions (actor, time); rates and totals only once unsealed for the buyer" })
  history(@Param('tenderId') tenderId: string, @Param('sellerCompanyId') sellerCompanyId: string, @Req() request: AuthenticatedRequest) {
    return this.tendering.history(request.principal!, tenderId, sellerCompanyId);
  }
}
