// Read model of the tenders made from bill of quantity rows: `bq_item_tenders`, one row per
// tender line that names the BQ item it was made from (`bqItemId`, set by POST /api/tendering/bq-tenders),
// keyed by (project, BQ item), so the BQ editor reads a project's links in one index range and a row shows
// "Tendered: TND-...". From the tender document's own events: drafted (its lines), edited (lines kept,
// dropped or moved; the project changed). Nothing else is stored here: the tender's number and status are
// joined from the documents read model on reading. `store rebuild` makes it again from the log.
import type { DocumentDrafted, DocumentEdited, DocumentLineItem } from '@binaan/contracts';
import type { Projection, StoredEvent } from '@binaan/event-store';
import { documentIdOf } from '../../documents/document.state.js';

const TENDER = 'tender' as const;

const linked = (items: readonly DocumentLineItem[] | undefined) => (items ?? []).filter((item) => typeof item.bqItemId === 'string');

export const bqItemTendersProjection: Projection = {
  name: 'bqItemTenders',
  eventTypes: ['DocumentDrafted', 'DocumentEdited'],
  tables: ['bq_item_tenders'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS bq_item_tenders (
      project_id text NOT NULL, bq_item_id text NOT NULL, tender_id text NOT NULL, line_no integer NOT NULL, company_id text NOT NULL,
      PRIMARY KEY (project_id, bq_item_id, tender_id, line_no));
    CREATE INDEX IF NOT EXISTS bq_item_tenders_by_tender ON bq_item_tenders (tender_id);`,
  // Only a tender drafted with BQ links, or a tender's edit (which may keep, move or drop them), concerns it;
  // every other append keeps its one round trip on PostgreSQL.
  inline: (events) =>
    events.some(
      (stored) =>
        stored.streamType === TENDER &&
        (stored.type === 'DocumentEdited' ||
          (stored.type === 'DocumentDrafted' && linked((stored.data as unknown as DocumentDrafted['data']).fields?.items).length > 0)),
    )
      ? null
      : [],
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== TENDER) continue;
      const tenderId = documentIdOf(stored.streamId, TENDER);
      if (stored.type === 'DocumentDrafted') {
        const { data } = stored as unknown as DocumentDrafted;
        if (data.fields.projectId) await insertLines(db, data.fields.projectId, tenderId, data.companyId, linked(data.fields.items));
      } else if (stored.type === 'DocumentEdited') {
        const { changes } = (stored as unknown as DocumentEdited).data;
        if (!('items' in changes) && !('projectId' in changes)) continue;
        // A tender without links cannot gain any (an edit keeps or drops them), so one with no rows is done.
        const [row] = await db.query<{ project_id: string; company_id: string }>(
          'SELECT project_id, company_id FROM bq_item_tenders WHERE tender_id = $1 LIMIT 1',
          [tenderId],
        );
        if (!row) continue;
        const projectId = 'projectId' in changes ? (changes.projectId ?? null) : row.project_id;
        if ('items' in changes) {
          await db.query('DELETE FROM bq_item_tenders WHERE tender_id = $1', [tenderId]);
          if (projectId) await insertLines(db, projectId, tenderId, row.company_id, linked(changes.items));
        } else if (projectId) {
          await db.query('UPDATE bq_item_tenders SET project_id = $2 WHERE tender_id = $1', [tenderId, projectId]);
        } else {
          await db.query('DELETE FROM bq_item_tenders WHERE tender_id = $1', [tenderId]);
        }
      }
    }
  },
};

async function insertLines(
  db: { query: (text: string, params: unknown[]) => Promise<unknown> },
  projectId: string,
  tenderId: string,
  companyId: string,
  items: readonly DocumentLineItem[],
) {
  for (const item of items) {
    await db.query(
      'INSERT INTO bq_item_tenders (project_id, bq_item_id, tender_id, line_no, company_id) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
      [projectId, item.bqItemId, tenderId, item.lineNo, companyId],
    );
  }
}
