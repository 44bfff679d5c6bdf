// The payments context: online payment of billing records through a payment gateway. See README.md here.
import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { PaymentGateways } from './payment-gateway.provider.js';
import { BillingCheckoutController, PaymentCallbacksController } from './payments.controller.js';
import { Payments } from './payments.service.js';

@Module({
  imports: [SubscriptionsModule],
  controllers: [BillingCheckoutController, PaymentCallbacksController],
  providers: [PaymentGateways, Payments],
})
export class PaymentsModule {}
