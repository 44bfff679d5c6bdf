// The handler of the notifications command (the design card's @nestjs/cqrs).
import { ForbiddenException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes } from '@binaan/contracts';
import { NotificationFeed } from './notification-feed.js';
import { ClearNotificationCount } from './notifications.commands.js';

@CommandHandler(ClearNotificationCount)
export class ClearNotificationCountHandler implements ICommandHandler<ClearNotificationCount> {
  constructor(private readonly feed: NotificationFeed) {}
  execute({ principal, correlationId }: ClearNotificationCount) {
    // A command, though the spec's client sends it as GET: the read-only token (resource URLs) may not.
    if (principal.readOnly)
      throw new ForbiddenException({ errorCode: ErrorCodes.readOnlyToken, errorMessage: 'A read-only token cannot change anything.' });
    return this.feed.clear(principal.userId, typeof correlationId === 'string' ? correlationId : null);
  }
}

export const NOTIFICATION_COMMAND_HANDLERS = [ClearNotificationCountHandler];
