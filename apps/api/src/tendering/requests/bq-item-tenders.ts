// The tenders made from a project's bill of quantity rows, for the BQ editor: one index range of
// `bq_item_tenders` (project, BQ item, ...) of the caller's company's project, the tenders' number, title and
// status joined from the documents read model, grouped by BQ item. No count: a BQ's links are as many as its
// tendered lines, read whole (at most MAX_LINKS, then `capped`: the BQ editor then asks for the chosen row's
// own, `?bqItemId=`, the same index range narrowed to the item, so nothing is cut off unseen).
import { refusal } from '../../common/refusal.js';
import type { SqlExecutor } from '@binaan/event-store';

const MAX_LINKS = 5000;

export type BqItemTender = { id: string; documentNo: string; title: string; status: string; lineNo: number };

export async function bqItemTenders(db: SqlExecutor, companyId: string, projectId: string, query: Record<string, unknown>) {
  const unknown = Object.keys(query).filter((key) => key !== 'bqItemId');
  if (unknown.length > 0)
    throw refusal(400, 'validationFailed', `Unknown parameter: ${unknown.join(', ')}.`, {
      fields: Object.fromEntries(unknown.map((key) => [key, ['unknownField']])),
    });
  const item = query.bqItemId;
  if (item !== undefined && (typeof item !== 'string' || item.length === 0 || item.length > 100)) {
    throw refusal(400, 'validationFailed', 'bqItemId: one BQ item id.', { fields: { bqItemId: ['invalid'] } });
  }
  const [project] = await db.query<{ name: string }>('SELECT name FROM projects WHERE project_id = $1 AND company_id = $2', [
    projectId,
    companyId,
  ]);
  if (!project) throw refusal(404, 'projectNotFound', 'No project of your company has this id.');
  const rows = await db.query<{
    bq_item_id: string;
    tender_id: string;
    line_no: number;
    document_no: string | null;
    title: string | null;
    status: string | null;
  }>(
    `SELECT b.bq_item_id, b.tender_id, b.line_no, d.document_no, d.title, d.status
       FROM (SELECT * FROM bq_item_tenders WHERE project_id = $1 AND company_id = $2${item === undefined ? '' : ' AND bq_item_id = $4'}
              ORDER BY bq_item_id, tender_id, line_no LIMIT $3) b
       LEFT JOIN documents d ON d.id = b.tender_id
      ORDER BY b.bq_item_id, d.document_no, b.line_no`,
    // Two statements, not `$4 IS NULL OR ...`: a generic plan would walk the project's whole range for one item.
    item === undefined ? [projectId, companyId, MAX_LINKS + 1] : [projectId, companyId, MAX_LINKS + 1, item],
  );
  const byItem = new Map<string, BqItemTender[]>();
  for (const row of rows.slice(0, MAX_LINKS)) {
    const tenders = byItem.get(row.bq_item_id) ?? [];
    tenders.push({
      id: row.tender_id,
      documentNo: row.document_no ?? '',
      title: row.title ?? '',
      status: row.status ?? '',
      lineNo: Number(row.line_no),
    });
    byItem.set(row.bq_item_id, tenders);
  }
  return {
    success: true as const,
    projectId,
    capped: rows.length > MAX_LINKS,
    data: [...byItem].map(([bqItemId, tenders]) => ({ bqItemId, tenders })),
  };
}
