// Routes of cheque and bank-draft payments: the company records one for its bill
// (POST /api/billings/{id}/cheque-payments), the list and one (/api/cheque-payments: a company's own, every
// company's for a platform administrator), Confirm and Reject by a platform administrator.
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { ActOnChequePayment, RecordChequePayment } from './cheque-payments.commands.js';
import { ChequePayments } from './cheque-payments.service.js';

@ApiTags('subscriptions')
@Controller('billings')
export class BillingChequePaymentsController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/cheque-payments')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'The company administrator records a cheque or bank draft for a bill waiting for payment: { kind: cheque|bankDraft, chequeNo, chequeDate (YYYY-MM-DD), bank, amount (sen) } → pending',
    description: 'The bill is paid when a platform administrator confirms the cheque cleared.',
  })
  @ApiRefusal(400, 'validationFailed: kind, chequeNo, chequeDate, bank, amount (fields)')
  @ApiRefusal(404, "billingNotFound: no such bill, or another company's")
  @ApiRefusal(409, 'billingNotPayable: not waiting for payment; chequePaymentPending: a cheque for this bill waits for clearance')
  @ApiRefusal(422, "paymentAmountMismatch: the amount is not the bill's total")
  record(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RecordChequePayment(request.principal!, id, body));
  }
}

@ApiTags('subscriptions')
@Controller('cheque-payments')
export class ChequePaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly cheques: ChequePayments,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Cheque and bank-draft payments, newest first: ?filter={"status":"pending","companyId":"..."}&after=&limit=; { items, next }; a company sees its own, a platform administrator all',
  })
  @ApiRefusal(400, 'validationFailed: filter, after or limit')
  list(@Query() query: Record<string, unknown>, @Req() request: AuthenticatedRequest) {
    return this.cheques.list(request.principal!, query);
  }

  @Get(':id')
  @ApiOperation({ summary: "One cheque or bank-draft payment with its status history (another company's: 404 chequePaymentNotFound)" })
  @ApiRefusal(404, 'chequePaymentNotFound')
  view(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.cheques.view(request.principal!, id);
  }

  @Post(':id/actions/:event')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'A platform administrator confirms the cheque cleared (Confirm: the bill is paid and its period starts) or rejects it (Reject, { remark } required: the bill stays waiting for payment)',
  })
  @ApiRefusal(400, 'validationFailed: remark (Reject)')
  @ApiRefusal(404, 'chequePaymentNotFound')
  @ApiRefusal(
    409,
    'billingNotPayable: the bill was paid another way (the cheque stays pending: reject it); wrongStatus: confirmed or rejected already',
  )
  act(@Param('id') id: string, @Param('event') event: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ActOnChequePayment(request.principal!, id, event, body));
  }
}
