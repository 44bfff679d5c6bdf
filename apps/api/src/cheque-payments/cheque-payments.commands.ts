// Commands of the cheque payments context, sent through the CQRS CommandBus by its controllers.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import { ChequePayments } from './cheque-payments.service.js';

export class RecordChequePayment extends Command<Resolved<ChequePayments['record']>> {
  constructor(
    readonly principal: Principal,
    readonly billingId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** Confirm or Reject (with { remark }). */
export class ActOnChequePayment extends Command<Resolved<ChequePayments['act']>> {
  constructor(
    readonly principal: Principal,
    readonly chequePaymentId: string,
    readonly event: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(RecordChequePayment)
export class RecordChequePaymentHandler implements ICommandHandler<RecordChequePayment> {
  constructor(private readonly cheques: ChequePayments) {}
  execute({ principal, billingId, body }: RecordChequePayment) {
    return this.cheques.record(principal, billingId, body);
  }
}

@CommandHandler(ActOnChequePayment)
export class ActOnChequePaymentHandler implements ICommandHandler<ActOnChequePayment> {
  constructor(private readonly cheques: ChequePayments) {}
  execute({ principal, chequePaymentId, event, body }: ActOnChequePayment) {
    return this.cheques.act(principal, chequePaymentId, event, body);
  }
}

export const CHEQUE_PAYMENT_COMMAND_HANDLERS = [RecordChequePaymentHandler, ActOnChequePaymentHandler];
