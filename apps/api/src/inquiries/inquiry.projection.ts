// inquiries: one row per inquiry for the admin module's list, newest first, with and without the status
// filter (an index for each), and the row's revision for the next action's expected revision.
import type { Projection, StoredEvent } from '@binaan/event-store';
import { INQUIRY_EVENT_TYPES, type InquiryEvent } from './inquiry.events.js';

export const inquiriesProjection: Projection = {
  name: 'inquiries',
  eventTypes: INQUIRY_EVENT_TYPES,
  tables: ['inquiries'],
  setupSql: `CREATE TABLE IF NOT EXISTS inquiries (
      inquiry_id text PRIMARY KEY, position bigint NOT NULL, received_at timestamptz NOT NULL, status text NOT NULL,
      name text NOT NULL, email text NOT NULL, phone text NOT NULL, company_name text NOT NULL, subject text NOT NULL,
      message text NOT NULL, language text NOT NULL, revision integer NOT NULL, updated_at timestamptz NOT NULL, last_remark text);
    CREATE INDEX IF NOT EXISTS inquiries_newest ON inquiries (received_at DESC, position DESC);
    CREATE INDEX IF NOT EXISTS inquiries_by_status ON inquiries (status, received_at DESC, position DESC);`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as InquiryEvent;
      const at = stored.metadata.recordedAt;
      if (event.type === 'InquiryReceived') {
        const d = event.data;
        await db.query(
          `INSERT INTO inquiries (inquiry_id, position, received_at, status, name, email, phone, company_name, subject, message, language, revision, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $3) ON CONFLICT (inquiry_id) DO NOTHING`,
          [
            d.inquiryId,
            stored.globalPosition,
            at,
            d.change.statusAfter,
            d.name,
            d.email,
            d.phone,
            d.companyName,
            d.subject,
            d.message,
            d.language,
            stored.revision,
          ],
        );
      } else {
        await db.query('UPDATE inquiries SET status = $2, revision = $3, updated_at = $4, last_remark = $5 WHERE inquiry_id = $1', [
          event.data.inquiryId,
          event.data.change.statusAfter,
          stored.revision,
          at,
          event.data.change.remark ?? null,
        ]);
      }
    }
  },
};
