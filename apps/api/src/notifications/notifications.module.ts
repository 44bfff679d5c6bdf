// The notifications context: the reactor that raises notifications from the log, the feed and its calls,
// and the live user channel. It reads the documents context's approval route and machine offers through
// that context's own instances (no second rule set), and identity's sessions through AccessModule.
import { Module } from '@nestjs/common';
import { AccessModule } from '../access.module.js';
import { AccountNotices } from './account-notices.js';
import { ApprovalTimerNotices } from './approval-timer-notices.js';
import { DocumentNotices } from './document-notices.js';
import { NotificationFeed } from './notification-feed.js';
import { NotificationReactor } from './notification-reactor.js';
import { NOTIFICATION_COMMAND_HANDLERS } from './notifications-command.handlers.js';
import { NotificationsController } from './notifications.controller.js';
import { PlanNotices } from './plan-notices.js';
import { Recipients } from './recipients.js';
import { TenderExchangeNotices } from './tender-exchange-notices.js';
import { TenderAwardNotices } from './tender-award-notices.js';
import { TenderingNotices } from './tendering-notices.js';
// The business network.
import { BusinessNetworkNotices } from './business-network-notices.js';
import { InventoryNotices } from './inventory-notices.js';
import { UserChannel } from './user-channel.js';

@Module({
  imports: [AccessModule],
  controllers: [NotificationsController],
  providers: [
    ...NOTIFICATION_COMMAND_HANDLERS,
    Recipients,
    DocumentNotices,
    AccountNotices,
    ApprovalTimerNotices,
    PlanNotices,
    TenderingNotices,
    TenderExchangeNotices,
    TenderAwardNotices,
    BusinessNetworkNotices,
    InventoryNotices,
    NotificationReactor,
    NotificationFeed,
    UserChannel,
  ],
  exports: [NotificationReactor, UserChannel],
})
export class NotificationsModule {}
