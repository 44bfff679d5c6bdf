// The cheque payments context: cheques and bank drafts paying a company's bills. See README.md here.
import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { CHEQUE_PAYMENT_COMMAND_HANDLERS } from './cheque-payments.commands.js';
import { BillingChequePaymentsController, ChequePaymentsController } from './cheque-payments.controller.js';
import { ChequePayments } from './cheque-payments.service.js';

@Module({
  imports: [SubscriptionsModule],
  controllers: [BillingChequePaymentsController, ChequePaymentsController],
  providers: [...CHEQUE_PAYMENT_COMMAND_HANDLERS, ChequePayments],
})
export class ChequePaymentsModule {}
