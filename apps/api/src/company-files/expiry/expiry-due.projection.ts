// The expiry reminder's due dates: `company_file_expiry_due`, one row per kept document with an expiry date
// (the day its reminder is due, whether it went for that date), from the company files' own events. The
// reminder job reads the due rows by one index range (reminded, remind_on); `store rebuild` makes it again
// from the log like every read model, so a restart loses nothing.
import { EXPIRY_REMINDER_DAYS } from '@binaan/contracts';
import type { Projection, StoredEvent } from '@binaan/event-store';
import { COMPANY_FILES_STREAM_TYPE, type CompanyFilesEvent } from '../company-files.events.js';

/** `expiresOn` less the reminder's month (30 days), as a date. */
export const remindOn = (expiresOn: string) =>
  new Date(Date.parse(`${expiresOn}T00:00:00Z`) - EXPIRY_REMINDER_DAYS * 86_400_000).toISOString().slice(0, 10);

export const companyFileExpiryProjection: Projection = {
  name: 'companyFileExpiryDue',
  eventTypes: ['CompanyFileUploaded', 'CompanyFileReplaced', 'CompanyFileRemoved', 'CompanyFileExpiryReminderSent'],
  tables: ['company_file_expiry_due'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS company_file_expiry_due (
      document_id text PRIMARY KEY, company_id text NOT NULL, expires_on date NOT NULL, remind_on date NOT NULL, reminded boolean NOT NULL DEFAULT false);
    CREATE INDEX IF NOT EXISTS company_file_expiry_due_at ON company_file_expiry_due (reminded, remind_on, document_id);`,
  inline: (events) => (events.some((stored) => stored.streamType === COMPANY_FILES_STREAM_TYPE) ? null : []),
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== COMPANY_FILES_STREAM_TYPE) continue;
      const event = { type: stored.type, data: stored.data } as unknown as CompanyFilesEvent;
      switch (event.type) {
        case 'CompanyFileUploaded':
        case 'CompanyFileReplaced': {
          const { documentId, companyId, expiresOn } = event.data;
          if (expiresOn === null) {
            await db.query('DELETE FROM company_file_expiry_due WHERE document_id = $1', [documentId]);
            break;
          }
          // A new expiry date (a renewed certificate) is reminded again; the same date keeps what was sent.
          await db.query(
            `INSERT INTO company_file_expiry_due (document_id, company_id, expires_on, remind_on, reminded) VALUES ($1, $2, $3, $4, false)
             ON CONFLICT (document_id) DO UPDATE SET expires_on = EXCLUDED.expires_on, remind_on = EXCLUDED.remind_on,
               reminded = company_file_expiry_due.reminded AND company_file_expiry_due.expires_on = EXCLUDED.expires_on`,
            [documentId, companyId, expiresOn, remindOn(expiresOn)],
          );
          break;
        }
        case 'CompanyFileRemoved':
          await db.query('DELETE FROM company_file_expiry_due WHERE document_id = $1', [event.data.documentId]);
          break;
        case 'CompanyFileExpiryReminderSent':
          await db.query('UPDATE company_file_expiry_due SET reminded = true WHERE document_id = $1 AND expires_on = $2', [
            event.data.documentId,
            event.data.expiresOn,
          ]);
          break;
      }
    }
  },
};
