// The company's flat list of one kind of project plan (ongoing budgets, progress plans) for the §2.6 status
// pages: `?filter={"status":"pending"}&range=[0,24]`, newest status change first (the one sort offered),
// served by the plan table's (company_id, status, updated_at desc, project_id) index, or by its
// (company_id, updated_at desc, project_id) one without a status. The total is counted only up to the
// page's end and one more: a page never counts the whole set.
import type { SqlExecutor } from '@binaan/event-store';
import { listFilter } from './list-query.js';
import { pageRange, type PageRange } from './page-range.js';
import { refusal } from './refusal.js';

export type ProjectPlanListRow = {
  id: string;
  projectId: string;
  projectName: string | null;
  projectCode: string | null;
  status: string;
  updatedAt: string;
  revision: number;
};

function filterOf(raw: unknown, statuses: readonly string[]): string | null {
  const filter = listFilter(raw);
  const unknown = Object.keys(filter).filter((key) => key !== 'status');
  if (unknown.length > 0) throw refusal(400, 'unknownFilter', `Unknown filter: ${unknown.join(', ')}.`);
  const status = filter.status;
  if (status === undefined) return null;
  if (typeof status !== 'string' || !statuses.includes(status))
    throw refusal(400, 'validationFailed', 'Check these fields: filter.status.', {
      fields: { 'filter.status': [`must be one of ${statuses.join(', ')}`] },
    });
  return status;
}

export async function projectPlanList(
  db: SqlExecutor,
  table: 'ongoing_budgets' | 'progress_plans',
  companyId: string,
  statuses: readonly string[],
  query: Record<string, unknown>,
): Promise<{ rows: ProjectPlanListRow[]; range: PageRange; total: number }> {
  const status = filterOf(query.filter, statuses);
  const range = pageRange(query.range);
  const rows = await db.query<{
    project_id: string;
    name: string | null;
    code: string | null;
    status: string;
    updated_at: Date | string;
    revision: number;
  }>(
    `SELECT t.project_id, p.name, p.code, t.status, t.updated_at, t.revision FROM ${table} t LEFT JOIN projects p ON p.project_id = t.project_id
     WHERE t.company_id = $1 AND ($2::text IS NULL OR t.status = $2) ORDER BY t.updated_at DESC, t.project_id LIMIT $3 OFFSET $4`,
    [companyId, status, range.limit, range.from],
  );
  const [counted] = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE company_id = $1 AND ($2::text IS NULL OR status = $2) LIMIT $3) x`,
    [companyId, status, range.to + 2],
  );
  return {
    rows: rows.map((row) => ({
      id: row.project_id,
      projectId: row.project_id,
      projectName: row.name,
      projectCode: row.code,
      status: row.status,
      updatedAt: new Date(row.updated_at).toISOString(),
      revision: Number(row.revision),
    })),
    range,
    total: Number(counted?.n ?? 0),
  };
}
