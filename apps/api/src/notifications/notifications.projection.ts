// Read model of the notifications context, fed in the append's transaction:
//   notification_events  one row per notification (the spec's fields), last_view_time set by a clearing
//   notification_feeds   per user: the unread count (what the bell shows), kept so a count costs one row read
import type { InlineStatement, Projection, StoredEvent } from '@binaan/event-store';
import type { NotificationEvent, NotificationRaisedData } from './notification.events.js';

export const notificationsProjection: Projection = {
  name: 'notifications',
  eventTypes: ['NotificationRaised', 'NotificationCountCleared'],
  tables: ['notification_events', 'notification_feeds'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS notification_events (
      id text PRIMARY KEY, user_id text NOT NULL, revision bigint NOT NULL, module text NOT NULL, src text NOT NULL, src_id text NOT NULL,
      event_data text NOT NULL, creation_date timestamptz NOT NULL, last_view_time timestamptz, source_event_id text NOT NULL);
    CREATE INDEX IF NOT EXISTS notification_events_feed ON notification_events (user_id, revision DESC);
    CREATE INDEX IF NOT EXISTS notification_events_by_source ON notification_events (src_id);
    CREATE TABLE IF NOT EXISTS notification_feeds (user_id text PRIMARY KEY, unread_count integer NOT NULL, last_cleared_at timestamptz);`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as NotificationEvent;
      const at = stored.metadata.recordedAt;
      if (event.type === 'NotificationRaised') {
        const n = event.data;
        const inserted = await db.query(
          `INSERT INTO notification_events (id, user_id, revision, module, src, src_id, event_data, creation_date, source_event_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING id`,
          [n.notificationId, n.userId, stored.revision, n.module, n.src, n.srcId, JSON.stringify(n.eventData), at, n.sourceEventId],
        );
        if (inserted.length === 0) continue;
        await db.query(
          `INSERT INTO notification_feeds (user_id, unread_count) VALUES ($1, 1)
           ON CONFLICT (user_id) DO UPDATE SET unread_count = notification_feeds.unread_count + 1`,
          [n.userId],
        );
      } else if (event.type === 'NotificationCountCleared') {
        const { userId, throughRevision } = event.data;
        await db.query(
          'UPDATE notification_events SET last_view_time = $3 WHERE user_id = $1 AND last_view_time IS NULL AND revision <= $2',
          [userId, throughRevision, at],
        );
        await db.query(
          `INSERT INTO notification_feeds (user_id, unread_count, last_cleared_at)
           VALUES ($1, (SELECT COUNT(*) FROM notification_events WHERE user_id = $1 AND last_view_time IS NULL), $2)
           ON CONFLICT (user_id) DO UPDATE SET unread_count = EXCLUDED.unread_count, last_cleared_at = EXCLUDED.last_cleared_at`,
          [userId, at],
        );
      }
    }
  },
  // Raised notifications (the reactor's appends, several per user at a time) ride in the append's own
  // statement on PostgreSQL: the rows of `appended` (none when the append wrote nothing) joined to their
  // notifications; the unread count goes up by the notifications not already in the table, as apply does.
  inline(events) {
    if (!events.every((event) => event.type === 'NotificationRaised')) return null;
    return raisedInline(events.map((event) => ({ eventId: event.id, data: event.data as unknown as NotificationRaisedData })));
  },
};

function raisedInline(raised: readonly { eventId: string; data: NotificationRaisedData }[]): InlineStatement[] {
  const rows = `ROWS FROM (unnest($1::uuid[]), unnest($2::text[]), unnest($3::text[]), unnest($4::text[]), unnest($5::text[]), unnest($6::text[]), unnest($7::text[]), unnest($8::text[]))
      AS n(event_id, id, user_id, module, src, src_id, event_data, source_event_id)`;
  const params = [
    raised.map((r) => r.eventId),
    raised.map((r) => r.data.notificationId),
    raised.map((r) => r.data.userId),
    raised.map((r) => r.data.module),
    raised.map((r) => r.data.src),
    raised.map((r) => r.data.srcId),
    raised.map((r) => JSON.stringify(r.data.eventData)),
    raised.map((r) => r.data.sourceEventId),
  ];
  return [
    {
      text: `INSERT INTO notification_events (id, user_id, revision, module, src, src_id, event_data, creation_date, source_event_id)
        SELECT n.id, n.user_id, a.revision, n.module, n.src, n.src_id, n.event_data, a.recorded_at, n.source_event_id
        FROM appended a JOIN ${rows} ON n.event_id = a.event_id
        ON CONFLICT (id) DO NOTHING`,
      params,
    },
    {
      // The statement's snapshot does not see the rows the statement above inserts: NOT EXISTS asks the table as it was.
      text: `INSERT INTO notification_feeds (user_id, unread_count)
        SELECT n.user_id, COUNT(*) FROM appended a JOIN ${rows} ON n.event_id = a.event_id
        WHERE NOT EXISTS (SELECT 1 FROM notification_events e WHERE e.id = n.id)
        GROUP BY n.user_id
        ON CONFLICT (user_id) DO UPDATE SET unread_count = notification_feeds.unread_count + EXCLUDED.unread_count`,
      params,
    },
  ];
}
