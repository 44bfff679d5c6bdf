// The spec's notification calls (signed-in-area.md §7): `GET application/user-event-list?start=&length=`
// (length 1 for the count only, 5 for a page) and `application/clear-notification-count`, a command (GET
// as the spec's client sends it; POST too). Per user, whichever company is chosen.
import { Controller, ForbiddenException, Get, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ErrorCodes, MAX_NOTIFICATION_PAGE, NOTIFICATION_PAGE_SIZE, type ClearNotificationCountReply, type UserEventListReply } from '@binaan/contracts';
import type { AuthenticatedRequest } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { NotificationFeed } from './notification-feed.js';

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
  constructor(private readonly feed: NotificationFeed) {}

  @Get('user-event-list')
  list(@Query('start') start: unknown, @Query('length') length: unknown, @Req() request: AuthenticatedRequest): Promise<UserEventListReply> {
    const from = whole(start, 'start', 0, 0, 1_000_000_000);
    const size = whole(length, 'length', NOTIFICATION_PAGE_SIZE, 1, MAX_NOTIFICATION_PAGE);
    return this.feed.page(request.principal!.userId, from, size);
  }

  @Get('clear-notification-count')
  clearByGet(@Req() request: AuthenticatedRequest): Promise<ClearNotificationCountReply> {
    return this.clear(request);
  }

  @Post('clear-notification-count')
  clearByPost(@Req() request: AuthenticatedRequest): Promise<ClearNotificationCountReply> {
    return this.clear(request);
  }

  private clear(request: AuthenticatedRequest): Promise<ClearNotificationCountReply> {
    const principal = request.principal!;
    // A command, though the spec's client sends it as GET: the read-only token (resource URLs) may not.
    if (principal.readOnly) throw new ForbiddenException({ errorCode: ErrorCodes.readOnlyToken, errorMessage: 'A read-only token cannot change anything.' });
    const correlation = request.headers['x-correlation-id'];
    return this.feed.clear(principal.userId, typeof correlation === 'string' ? correlation : null);
  }
}
