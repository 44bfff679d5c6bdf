// The addenda's routes (base /api/tendering): the buyer issues an addendum, buyer and invitees read them,
// a seller confirms its quotation after one. Writes go through the CommandBus.
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { ConfirmQuotation, IssueTenderAddendum } from './tender-addenda.commands.js';
import { TenderAddendaService } from './tender-addenda.service.js';

@ApiTags('tendering')
@Controller('tendering')
export class TenderAddendaController {
  constructor(
    private readonly commands: CommandBus,
    private readonly addenda: TenderAddendaService,
  ) {}

  @Post('tenders/:tenderId/addenda')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'The buyer (level 10 on tender) issues an addendum to its active tender: { note, items?: { add?, change?, remove? }, openAt?, closeAt? }; If-Match: the tender revision',
  })
  @ApiRefusal(403, 'noAuthority')
  @ApiRefusal(409, 'tenderClosed, tenderNotActive, tenderAlreadyOpen (its open time passed), wrongExpectedRevision')
  @ApiRefusal(
    422,
    "addendumEmpty, addendumLineNotFound, itemRequired, and the tender's §5.3 time rules (dateTimeNotAhead, closeNotAfterOpen, tenderClosesAfterDeliveryStart)",
  )
  issue(
    @Param('tenderId') tenderId: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new IssueTenderAddendum(request.principal!, tenderId, body, ifMatch));
  }

  @Get('tenders/:tenderId/addenda')
  @ApiOperation({
    summary:
      "The tender's addenda (lines without the buyer's rates); the seller: its quotation to be confirmed or not; the buyer: each invitee's",
  })
  list(@Param('tenderId') tenderId: string, @Req() request: AuthenticatedRequest) {
    return this.addenda.list(request.principal!, tenderId);
  }

  @Post('tenders/:tenderId/quotation/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A seller confirms its quotation after an addendum (its rates on the lines as they now are); If-Match: its revision',
  })
  @ApiRefusal(404, 'quotationNotFound')
  @ApiRefusal(409, 'quotationAlreadyConfirmed, tenderClosed, wrongExpectedRevision')
  @ApiRefusal(422, 'quotationItemsMismatch (the lines changed: revise instead)')
  confirm(@Param('tenderId') tenderId: string, @Headers('if-match') ifMatch: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ConfirmQuotation(request.principal!, tenderId, ifMatch));
  }
}
