// mail_log: one row per e-mail, newest first for the admin module's e-mail log. Indexes serve the page's
// one order (sent_at DESC, then the log position: two mails in one millisecond keep the order they were
// recorded in) with and without the status filter, so a page costs the same at a
// million e-mails as at a thousand.

import type { Projection, StoredEvent } from '@binaan/event-store';
import { MAIL_LOG_EVENT_TYPES, type MailLogEvent } from './mail-log.events.js';

export const mailLogProjection: Projection = {
  name: 'mail-log',
  eventTypes: MAIL_LOG_EVENT_TYPES,
  tables: ['mail_log'],
  setupSql: `CREATE TABLE IF NOT EXISTS mail_log (
      mail_id text PRIMARY KEY, position bigint NOT NULL, sent_at timestamptz NOT NULL, status text NOT NULL, channel text NOT NULL,
      recipient text NOT NULL, subject text NOT NULL, purpose text NOT NULL, error text);
    CREATE INDEX IF NOT EXISTS mail_log_newest ON mail_log (sent_at DESC, position DESC);
    CREATE INDEX IF NOT EXISTS mail_log_by_status ON mail_log (status, sent_at DESC, position DESC);`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as MailLogEvent;
      const error = event.type === 'EmailNotSent' ? event.data.error : null;
      await db.query(
        `INSERT INTO mail_log (mail_id, position, sent_at, status, channel, recipient, subject, purpose, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (mail_id) DO NOTHING`,
        [
          stored.streamId.slice('mail-'.length),
          stored.globalPosition,
          stored.metadata.recordedAt,
          event.type === 'EmailSent' ? 'sent' : 'failed',
          event.data.channel,
          event.data.to,
          event.data.subject,
          event.data.purpose,
          error,
        ],
      );
    }
  },
};
