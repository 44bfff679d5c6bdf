// The feed of one user: the page of notifications newest first with the unread count, and the command
// that clears the count (recorded as NotificationCountCleared in the user's stream, never updated in place).
import { Inject, Injectable } from '@nestjs/common';
import type { ClearNotificationCountReply, NotificationEvent, UserEventListReply, VerifyLevel } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { notificationStream, NOTIFICATIONS_STREAM_TYPE, type NotificationCountClearedData } from './notification.events.js';
import { iso } from '../common/iso.js';

type Row = {
  id: string;
  module: string;
  src: string;
  src_id: string;
  event_data: string;
  creation_date: Date | string;
  last_view_time: Date | string | null;
  current_status: string | null;
  current_awaiting_level: number | null;
};

/**
 * Whether the document has moved on since the notification was raised: its status is another now, or the
 * approval round waits for another level than the one it waited for then (event_data.awaiting_level; a
 * notification recorded before that field existed is judged by its status alone). Not a document: false.
 */
export function movedOn(eventDataText: string, currentStatus: string | null, currentAwaitingLevel: number | null): boolean {
  if (currentStatus === null) return false;
  let raised: { status?: unknown; awaiting_level?: unknown };
  try {
    raised = JSON.parse(eventDataText) as typeof raised;
  } catch {
    return false;
  }
  if (typeof raised.status !== 'string') return false;
  if (raised.status !== currentStatus) return true;
  return raised.awaiting_level !== undefined && (raised.awaiting_level ?? null) !== currentAwaitingLevel;
}

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
    const rows = await this.db.query<{ user_id: string; unread_count: number }>(
      'SELECT user_id, unread_count FROM notification_feeds WHERE user_id = ANY($1::text[])',
      [[...userIds]],
    );
    for (const row of rows) counts.set(row.user_id, Number(row.unread_count));
    return counts;
  }

  async page(userId: string, start: number, length: number): Promise<UserEventListReply> {
    const rows = await this.db.query<Row>(
      // The document each is about, as it is now (one primary-key lookup per row of the page): see movedOn.
      // Only a document the user may see as it is: one of a company the user belongs to, or one shared with
      // such a company as its counterparty. A seller told of a buyer's tender is not shown the tender's own
      // status or approval level (the buyer's inside: "Draft contract", a level awaited), only its notice.
      `SELECT n.id, n.module, n.src, n.src_id, n.event_data, n.creation_date, n.last_view_time,
              d.status AS current_status, d.awaiting_level AS current_awaiting_level
       FROM notification_events n LEFT JOIN documents d ON d.id = n.src_id AND EXISTS (
         SELECT 1 FROM company_user_roles m WHERE m.user_id = n.user_id
           AND (m.company_id = d.company_id OR (d.shared_with_counterparty AND m.company_id = d.counterparty_company_id)))
       WHERE n.user_id = $1 ORDER BY n.revision DESC LIMIT $2 OFFSET $3`,
      [userId, length, start],
    );
    const named = await this.withNames(rows.map((row) => row.event_data));
    const events: NotificationEvent[] = rows.map((row, index) => {
      const awaiting = row.current_awaiting_level === null ? null : Number(row.current_awaiting_level);
      return {
        id: row.id,
        module: row.module,
        src: row.src,
        src_id: row.src_id,
        event_data: named[index]!,
        creation_date: iso(row.creation_date),
        last_view_time: row.last_view_time === null ? '' : iso(row.last_view_time),
        current_status: row.current_status,
        current_awaiting_level: awaiting as VerifyLevel | null,
        moved_on: movedOn(row.event_data, row.current_status, awaiting),
      };
    });
    return { success: true, events, notification_count: await this.unreadCount(userId) };
  }

  /**
   * The notifications' event_data (JSON text) with the names of who created and who acted filled in from
   * their user ids, as identity holds them now (a forgotten person reads '[erased]'). Notifications raised
   * before personal data was sealed carry the names themselves and are left as they are.
   */
  async withNames(eventDataTexts: readonly string[]): Promise<string[]> {
    const parsed = eventDataTexts.map((text) => {
      try {
        return JSON.parse(text) as Record<string, unknown>;
      } catch {
        return null;
      }
    });
    const ids = new Set<string>();
    for (const data of parsed) {
      for (const key of ['created_by_user_id', 'actor_user_id']) if (data && typeof data[key] === 'string') ids.add(data[key]);
    }
    if (ids.size === 0) return [...eventDataTexts];
    const rows = await this.db.query<{ user_id: string; name: string }>(
      'SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])',
      [[...ids]],
    );
    const names = new Map(rows.map((row) => [row.user_id, row.name]));
    return parsed.map((data, index) => {
      if (!data || (typeof data.created_by_user_id !== 'string' && typeof data.actor_user_id !== 'string')) return eventDataTexts[index]!;
      if (typeof data.created_by_user_id === 'string') data.created_by = names.get(data.created_by_user_id) ?? null;
      if (typeof data.actor_user_id === 'string') data.actor_name = names.get(data.actor_user_id) ?? null;
      return JSON.stringify(data);
    });
  }

  /** Marks everything the user has now as seen. Nothing unread: nothing recorded. */
  async clear(userId: string, correlationId: string | null): Promise<ClearNotificationCountReply> {
    const unread = await this.unreadCount(userId);
    const head = await this.store.streamHead(notificationStream(userId));
    if (unread > 0 && head) {
      const data: NotificationCountClearedData = { userId, throughRevision: head.revision, cleared: unread };
      await this.store.append({
        streamId: notificationStream(userId),
        streamType: NOTIFICATIONS_STREAM_TYPE,
        expectedRevision: 'any',
        events: [{ type: 'NotificationCountCleared', data, metadata: { actorUserId: userId, correlationId } }],
      });
    }
    return {
      success: true,
      msg: 'notificationCountCleared',
      cleared: head ? unread : 0,
      notification_count: await this.unreadCount(userId),
    };
  }
}
