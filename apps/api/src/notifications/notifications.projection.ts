// Read model of the notifications context, fed in the append's transaction:
//   notification_events  one row per notification (the spec's fields), last_view_time set by a clearing
//   notification_feeds   per user: the unread count (what the bell shows), kept so a count costs one row read
import type { Projection, StoredEvent } from '@binaan/event-store';
import type { NotificationEvent } from './notification.events.js';

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
        await db.query('UPDATE notification_events SET last_view_time = $3 WHERE user_id = $1 AND last_view_time IS NULL AND revision <= $2', [userId, throughRevision, at]);
        await db.query(
          `INSERT INTO notification_feeds (user_id, unread_count, last_cleared_at)
           VALUES ($1, (SELECT COUNT(*) FROM notification_events WHERE user_id = $1 AND last_view_time IS NULL), $2)
           ON CONFLICT (user_id) DO UPDATE SET unread_count = EXCLUDED.unread_count, last_cleared_at = EXCLUDED.last_cleared_at`,
          [userId, at],
        );
      }
    }
  },
};
