// The feed of one user: the page of notifications newest first with the unread count, and the command
// that clears the count (recorded as NotificationCountCleared in the user's stream, never updated in place).
import { Inject, Injectable } from '@nestjs/common';
import type { ClearNotificationCountReply, NotificationEvent, UserEventListReply } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { notificationStream, NOTIFICATIONS_STREAM_TYPE, type NotificationCountClearedData } from './notification.events.js';

type Row = { id: string; module: string; src: string; src_id: string; event_data: string; creation_date: Date | string; last_view_time: Date | string | null };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

@Injectable()
export class NotificationFeed {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db.query<{ unread_count: number }>('SELECT unread_count FROM notification_feeds WHERE user_id = $1', [userId]);
    return Number(row?.unread_count ?? 0);
  }

  /** Several users' counts in one read (the live feed, per page of the log). */
  async unreadCounts(userIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map(userIds.map((userId) => [userId, 0]));
    if (userIds.length === 0) return counts;
    const rows = await this.db.query<{ user_id: string; unread_count: number }>('SELECT user_id, unread_count FROM notification_feeds WHERE user_id = ANY($1::text[])', [[...userIds]]);
    for (const row of rows) counts.set(row.user_id, Number(row.unread_count));
    return counts;
  }

  async page(userId: string, start: number, length: number): Promise<UserEventListReply> {
    const rows = await this.db.query<Row>(
      `SELECT id, module, src, src_id, event_data, creation_date, last_view_time FROM notification_events
       WHERE user_id = $1 ORDER BY revision DESC LIMIT $2 OFFSET $3`,
      [userId, length, start],
    );
    const events: NotificationEvent[] = rows.map((row) => ({
      id: row.id, module: row.module, src: row.src, src_id: row.src_id, event_data: row.event_data,
      creation_date: iso(row.creation_date), last_view_time: row.last_view_time === null ? '' : iso(row.last_view_time),
    }));
    return { success: true, events, notification_count: await this.unreadCount(userId) };
  }

  /** Marks everything the user has now as seen. Nothing unread: nothing recorded. */
  async clear(userId: string, correlationId: string | null): Promise<ClearNotificationCountReply> {
    const unread = await this.unreadCount(userId);
    const head = await this.store.streamHead(notificationStream(userId));
    if (unread > 0 && head) {
      const data: NotificationCountClearedData = { userId, throughRevision: head.revision, cleared: unread };
      await this.store.append({
        streamId: notificationStream(userId), streamType: NOTIFICATIONS_STREAM_TYPE, expectedRevision: 'any',
        events: [{ type: 'NotificationCountCleared', data, metadata: { actorUserId: userId, correlationId } }],
      });
    }
    return { success: true, msg: 'notificationCountCleared', cleared: head ? unread : 0, notification_count: await this.unreadCount(userId) };
  }
}
