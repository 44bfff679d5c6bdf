// The notifications context's command, sent through the CQRS CommandBus by NotificationsController; its
// handler (notifications-command.handlers.ts) refuses the read-only token and hands it to NotificationFeed.
import { Command } from '@nestjs/cqrs';
import type { ClearNotificationCountReply } from '@binaan/contracts';
import type { Principal } from '../common/principal.js';

/** Mark the user's notifications read (NotificationCountCleared), whichever company is chosen. */
export class ClearNotificationCount extends Command<ClearNotificationCountReply> {
  /** `correlationId`: the request's X-Correlation-Id header as it came (kept on the event when it is one string). */
  constructor(
    readonly principal: Principal,
    readonly correlationId: string | string[] | undefined,
  ) {
    super();
  }
}
