// The spec's notification calls (signed-in-area.md §7): `GET application/user-event-list?start=&length=`
// (length 1 for the count only, 5 for a page) and `application/clear-notification-count`, a command (GET
// as the spec's client sends it; POST too), sent through the CommandBus (notifications.commands.ts). Per
// user, whichever company is chosen.
import { Controller, Get, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import {
  ErrorCodes,
  MAX_NOTIFICATION_PAGE,
  NOTIFICATION_PAGE_SIZE,
  type ClearNotificationCountReply,
  type UserEventListReply,
} from '@binaan/contracts';
import type { AuthenticatedRequest } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { NotificationFeed } from './notification-feed.js';
import { ClearNotificationCount } from './notifications.commands.js';

function whole(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    const message = `must be a whole number from ${min} to ${max}`;
    throw refusal(400, ErrorCodes.validationFailed, `${name} ${message}.`, { fields: { [name]: [message] } });
  }
  return parsed;
}

@ApiTags('notifications')
@Controller('application')
export class NotificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly feed: NotificationFeed,
  ) {}

  @Get('user-event-list')
  @ApiOperation({
    summary: "The signed-in user's notifications, newest first, with the unread count",
    description:
      'Query start and length page the feed (400 validationFailed when they are not numbers in range). Each notification links to its module and source.',
  })
  list(
    @Query('start') start: unknown,
    @Query('length') length: unknown,
    @Req() request: AuthenticatedRequest,
  ): Promise<UserEventListReply> {
    const from = whole(start, 'start', 0, 0, 1_000_000_000);
    const size = whole(length, 'length', NOTIFICATION_PAGE_SIZE, 1, MAX_NOTIFICATION_PAGE);
    return this.feed.page(request.principal!.userId, from, size);
  }

  @Get('clear-notification-count')
  @ApiOperation({
    summary: "Mark the signed-in user's notifications read (the unread count to zero)",
    description: 'The GET form the spec names; recorded as an event. A read-only token is refused (403 readOnlyToken).',
  })
  clearByGet(@Req() request: AuthenticatedRequest): Promise<ClearNotificationCountReply> {
    return this.clear(request);
  }

  @Post('clear-notification-count')
  @ApiOperation({
    summary: "Mark the signed-in user's notifications read (the unread count to zero)",
    description: 'Recorded as an event. A read-only token is refused (403 readOnlyToken).',
  })
  clearByPost(@Req() request: AuthenticatedRequest): Promise<ClearNotificationCountReply> {
    return this.clear(request);
  }

  private clear(request: AuthenticatedRequest): Promise<ClearNotificationCountReply> {
    return this.commands.execute(new ClearNotificationCount(request.principal!, request.headers['x-correlation-id']));
  }
}
