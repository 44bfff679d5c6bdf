// The timer close's due-time read model: `tender_close_due`, one row per tender (its close time, whether it
// is active now), from the tender document's own events (drafted, edited, an addendum's time change, its
// status changes). The close job reads the due rows by one index range (active, close_at); `store rebuild`
// makes it again from the log like every read model, so nothing is lost on a restart.
import type { DocumentDrafted, DocumentEdited, WorkflowStatusChanged } from '@binaan/contracts';
import type { Projection, StoredEvent } from '@binaan/event-store';
import { documentIdOf } from '../../documents/document.state.js';

const TENDER = 'tender' as const;

export const tenderCloseProjection: Projection = {
  name: 'tenderCloseDue',
  eventTypes: ['DocumentDrafted', 'DocumentEdited', 'WorkflowStatusChanged'],
  tables: ['tender_close_due'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS tender_close_due (
      tender_id text PRIMARY KEY, company_id text NOT NULL, close_at timestamptz, active boolean NOT NULL DEFAULT false);
    CREATE INDEX IF NOT EXISTS tender_close_due_at ON tender_close_due (active, close_at, tender_id);`,
  // Other documents' events need nothing here: they keep the documents' one-round-trip append on PostgreSQL.
  inline: (events) => (events.some((stored) => stored.streamType === TENDER) ? null : []),
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== TENDER) continue;
      const id = documentIdOf(stored.streamId, TENDER);
      if (stored.type === 'DocumentDrafted') {
        const { data } = stored as unknown as DocumentDrafted;
        await db.query(
          `INSERT INTO tender_close_due (tender_id, company_id, close_at, active) VALUES ($1, $2, $3, false)
           ON CONFLICT (tender_id) DO UPDATE SET close_at = EXCLUDED.close_at`,
          [id, data.companyId, data.fields.closeAt ?? null],
        );
      } else if (stored.type === 'DocumentEdited') {
        const { data } = stored as unknown as DocumentEdited;
        if ('closeAt' in data.changes)
          await db.query('UPDATE tender_close_due SET close_at = $2 WHERE tender_id = $1', [id, data.changes.closeAt ?? null]);
      } else if (stored.type === 'WorkflowStatusChanged') {
        const data = stored.data as unknown as WorkflowStatusChanged;
        await db.query('UPDATE tender_close_due SET active = $2 WHERE tender_id = $1', [id, data.statusAfter === 'active']);
      }
    }
  },
};
