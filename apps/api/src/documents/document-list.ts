// Lists in ra-data-simple-rest form: ?sort=["field","ASC"]&range=[0,24]&filter={...}. Only documents of
// the chosen company, or sent to it (once shared). Parsing is pure; the query is one SELECT with a count.
import type { DocumentListItem, DocumentResource, VerifyLevel } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { DocumentRefused, shapeError } from './document.errors.js';
import { formatSen } from './money.js';

const SORTABLE: Readonly<Record<string, string>> = {
  id: 'id', documentNo: 'document_no', title: 'title', status: 'status', total: 'total_sen', createdAt: 'created_at', updatedAt: 'updated_at', revision: 'revision',
};
const MAX_PAGE = 200;

export type ListQuery = {
  sort: { column: string; direction: 'ASC' | 'DESC' };
  range: { from: number; to: number };
  filter: { status?: string[]; q?: string; counterparty?: string; projectId?: string; dateFrom?: string; dateTo?: string; direction?: 'sent' | 'received'; awaitingApproval?: boolean };
};

function json(name: string, text: unknown): unknown {
  if (text === undefined) return undefined;
  if (typeof text !== 'string') throw shapeError({ [name]: ['must be JSON'] });
  try {
    return JSON.parse(text);
  } catch {
    throw shapeError({ [name]: ['must be JSON'] });
  }
}

const isDate = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}/.test(value);

export function parseListQuery(query: Record<string, unknown>): ListQuery {
  const sort = json('sort', query.sort) ?? ['createdAt', 'DESC'];
  if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !SORTABLE[sort[0]] || (sort[1] !== 'ASC' && sort[1] !== 'DESC')) {
    throw shapeError({ sort: [`must be ["field","ASC"|"DESC"] with field one of ${Object.keys(SORTABLE).join(', ')}`] });
  }
  const range = json('range', query.range) ?? [0, 24];
  if (!Array.isArray(range) || !Number.isInteger(range[0]) || !Number.isInteger(range[1]) || range[0] < 0 || range[1] < range[0] || range[1] - range[0] >= MAX_PAGE) {
    throw shapeError({ range: [`must be [from, to] with 0 <= from <= to and at most ${MAX_PAGE} rows`] });
  }
  const rawFilter = json('filter', query.filter) ?? {};
  if (typeof rawFilter !== 'object' || rawFilter === null || Array.isArray(rawFilter)) throw shapeError({ filter: ['must be a JSON object'] });
  const f = rawFilter as Record<string, unknown>;
  const filter: ListQuery['filter'] = {};
  const problems: Record<string, string[]> = {};
  if (f.status !== undefined) {
    const statuses = Array.isArray(f.status) ? f.status : [f.status];
    if (statuses.some((s) => typeof s !== 'string')) problems['filter.status'] = ['must be a status or a list of statuses'];
    else filter.status = statuses as string[];
  }
  for (const key of ['q', 'counterparty', 'projectId'] as const) {
    if (f[key] === undefined) continue;
    if (typeof f[key] !== 'string' || f[key].length > 200) problems[`filter.${key}`] = ['must be a string'];
    else filter[key] = f[key];
  }
  // sent: the company's own documents; received: those addressed to it (the contractor menu's lists, §2.4).
  if (f.direction !== undefined) {
    if (f.direction !== 'sent' && f.direction !== 'received') problems['filter.direction'] = ['must be sent or received'];
    else filter.direction = f.direction;
  }
  // true: only documents in an open approval round (the documents_awaiting_approval index); false: those not.
  if (f.awaitingApproval !== undefined) {
    if (typeof f.awaitingApproval !== 'boolean') problems['filter.awaitingApproval'] = ['must be true or false'];
    else filter.awaitingApproval = f.awaitingApproval;
  }
  for (const key of ['dateFrom', 'dateTo'] as const) {
    if (f[key] === undefined) continue;
    if (!isDate(f[key])) problems[`filter.${key}`] = ['must be a date YYYY-MM-DD or an ISO time'];
    else filter[key] = f[key];
  }
  if (filter.dateFrom && filter.dateTo && filter.dateTo < filter.dateFrom) throw new DocumentRefused(422, 'endBeforeStart', 'dateTo may not be before dateFrom.');
  if (Object.keys(problems).length > 0) throw shapeError(problems);
  return { sort: { column: SORTABLE[sort[0]]!, direction: sort[1] as 'ASC' | 'DESC' }, range: { from: range[0] as number, to: range[1] as number }, filter };
}

type Row = {
  id: string; resource: string; document_no: string; title: string; status: string; total_sen: string | number; currency: string; company_id: string;
  counterparty_company_id: string | null; company_name: string | null; counterparty_name: string | null; project_id: string | null; awaiting_level: number | null; created_by: string; created_at: Date | string; updated_at: Date | string; revision: string | number; total_count: string | number;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export async function listDocuments(db: SqlExecutor, resource: DocumentResource, companyId: string, query: ListQuery): Promise<{ rows: DocumentListItem[]; total: number }> {
  const where = ['resource = $1', '(company_id = $2 OR (counterparty_company_id = $2 AND shared_with_counterparty))'];
  const params: unknown[] = [resource, companyId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll('?', () => `$${params.length}`));
  };
  const { filter } = query;
  if (filter.status) add('status = ANY(?::text[])', filter.status);
  if (filter.q) add('(title ILIKE ? OR document_no ILIKE ?)', `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (filter.counterparty) add('(counterparty_company_id = ? OR (company_id = ? AND company_id <> $2))', filter.counterparty);
  if (filter.projectId) add('project_id = ?', filter.projectId);
  if (filter.direction === 'sent') where.push('company_id = $2');
  if (filter.direction === 'received') where.push('company_id <> $2');
  if (filter.awaitingApproval === true) where.push('awaiting_level IS NOT NULL');
  if (filter.awaitingApproval === false) where.push('awaiting_level IS NULL');
  if (filter.dateFrom) add('created_at >= ?::timestamptz', filter.dateFrom);
  if (filter.dateTo) add(`created_at < (?::date + 1)`, filter.dateTo.slice(0, 10));
  const limit = query.range.to - query.range.from + 1;
  const rows = await db.query<Row>(
    `SELECT id, resource, document_no, title, status, total_sen, currency, company_id, counterparty_company_id, project_id, awaiting_level, created_by, created_at, updated_at, revision,
       (SELECT c.name FROM companies c WHERE c.company_id = documents.company_id) AS company_name,
       (SELECT c.name FROM companies c WHERE c.company_id = documents.counterparty_company_id) AS counterparty_name,
       COUNT(*) OVER () AS total_count
     FROM documents WHERE ${where.join(' AND ')} ORDER BY ${query.sort.column} ${query.sort.direction}, id ASC LIMIT ${limit} OFFSET ${query.range.from}`,
    params,
  );
  let total = rows.length > 0 ? Number(rows[0]!.total_count) : 0;
  if (rows.length === 0 && query.range.from > 0) {
    const [count] = await db.query<{ n: string | number }>(`SELECT COUNT(*) AS n FROM documents WHERE ${where.join(' AND ')}`, params);
    total = Number(count?.n ?? 0);
  }
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id, resource: r.resource, documentNo: r.document_no, title: r.title, status: r.status, total: formatSen(BigInt(r.total_sen)), currency: r.currency,
      companyId: r.company_id, counterpartyCompanyId: r.counterparty_company_id,
      companyName: r.company_name, counterpartyName: r.counterparty_name, projectId: r.project_id,
      awaitingLevel: r.awaiting_level === null ? null : (Number(r.awaiting_level) as VerifyLevel), createdBy: r.created_by,
      createdAt: iso(r.created_at), updatedAt: iso(r.updated_at), revision: Number(r.revision),
    })),
  };
}
