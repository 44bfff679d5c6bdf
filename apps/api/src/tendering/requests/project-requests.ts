// A project's requests of the three kinds in one flat list (the project page's "Requests" tab):
// newest first, a page at a time, no count of the whole set (`hasMore`). Each kind is one range of the
// documents' own per-project index (documents_own_project: resource, company_id, project_id, created_at,
// id), read backwards and cut at the page's end; the three short ranges are merged. So a page costs what its
// offset costs, at any number of requests, and nothing is kept beside the documents read model.
import { refusal } from '../../common/refusal.js';
import { RequestResources } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { pageRange } from '../../common/page-range.js';

export type ProjectRequestRow = {
  id: string;
  resource: string;
  documentNo: string;
  title: string;
  status: string;
  total: string;
  currency: string;
  createdAt: string;
};

const PER_KIND = RequestResources.map(
  (_, i) =>
    `(SELECT id, resource, document_no, title, status, total_sen, currency, created_at FROM documents
     WHERE resource = $${i + 4} AND company_id = $1 AND project_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3)`,
).join(' UNION ALL ');

const sen = (value: string | number) => {
  const n = BigInt(value);
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** `?range=[0,24]` (at most 100 rows): the page, newest first, and whether more follow. 404 for another company's project. */
export async function projectRequests(db: SqlExecutor, companyId: string, projectId: string, query: Record<string, unknown>) {
  const unknown = Object.keys(query).filter((key) => key !== 'range');
  if (unknown.length > 0)
    throw refusal(400, 'validationFailed', `Unknown parameter: ${unknown.join(', ')}.`, {
      fields: Object.fromEntries(unknown.map((key) => [key, ['unknownField']])),
    });
  const { from, to } = pageRange(query.range);
  const [project] = await db.query<{ name: string }>('SELECT name FROM projects WHERE project_id = $1 AND company_id = $2', [
    projectId,
    companyId,
  ]);
  if (!project) throw refusal(404, 'projectNotFound', 'No project of your company has this id.');
  // Each kind's newest (to + 2) rows hold the page and one more: the merge needs no more of any kind.
  const rows = await db.query<{
    id: string;
    resource: string;
    document_no: string;
    title: string;
    status: string;
    total_sen: string | number;
    currency: string;
    created_at: Date | string;
  }>(`SELECT * FROM (${PER_KIND}) r ORDER BY created_at DESC, id DESC LIMIT $3`, [companyId, projectId, to + 2, ...RequestResources]);
  const page = rows.slice(from, to + 1);
  return {
    success: true as const,
    projectId,
    projectName: project.name,
    from,
    hasMore: rows.length > to + 1,
    data: page.map((r): ProjectRequestRow => ({
      id: r.id,
      resource: r.resource,
      documentNo: r.document_no,
      title: r.title,
      status: r.status,
      total: sen(r.total_sen),
      currency: r.currency,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
