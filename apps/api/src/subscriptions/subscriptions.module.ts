// The subscriptions context: packages, quotes, orders, billing records and coupons. See README.md here.
import { Module } from '@nestjs/common';
import { PlatformConfigurationModule } from '../platform-configuration/platform-configuration.module.js';
import { BillingPayments } from './billing-payments.service.js';
import { Coupons } from './coupons.service.js';
import { SERVICE_AVAILABILITY, SubscriptionStanding } from './subscription-standing.service.js';
import { SubscriptionPeriodsJob } from './subscription-periods.job.js';
import { SUBSCRIPTION_COMMAND_HANDLERS } from './subscriptions.commands.js';
import {
  AdminSubscriptionsController,
  BillingsController,
  CouponsController,
  SubscriptionsController,
} from './subscriptions.controller.js';
import { Subscriptions } from './subscriptions.service.js';
import { StorageCap } from './storage/storage-cap.service.js';
import { UsageBillingJob } from './usage/usage-billing.job.js';
import { ValueCaps } from './value-caps.service.js';

@Module({
  imports: [PlatformConfigurationModule],
  controllers: [SubscriptionsController, BillingsController, CouponsController, AdminSubscriptionsController],
  providers: [
    ...SUBSCRIPTION_COMMAND_HANDLERS,
    Subscriptions,
    Coupons,
    ValueCaps,
    StorageCap,
    UsageBillingJob,
    BillingPayments,
    SubscriptionStanding,
    SubscriptionPeriodsJob,
    { provide: SERVICE_AVAILABILITY, useExisting: SubscriptionStanding },
  ],
  exports: [BillingPayments, SubscriptionStanding, SERVICE_AVAILABILITY],
})
export class SubscriptionsModule {}
