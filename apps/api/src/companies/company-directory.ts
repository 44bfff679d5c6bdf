// What a company may see of others and of its own users: the directory of approved companies (public
// fields only, for picking a counterparty) and the chosen company's members (for authority pickers).
// Query parsing is pure; each read is one SELECT with its count.
import { BadRequestException } from '@nestjs/common';
import { CompanySubmissionStatus, ErrorCodes, type CompanyDirectoryItem, type CompanyMember } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { listFilter } from '../common/list-query.js';

export type PageQuery = {
  range: { from: number; to: number };
  sort: { column: string; direction: 'ASC' | 'DESC' };
  q: string;
  ids: string[] | null;
};

const MAX_PAGE = 50;
const MAX_IDS = 100;
const DIRECTORY_SORT: Readonly<Record<string, string>> = { name: 'name', registrationNo: 'registration_no', id: 'company_id' };
const MEMBER_SORT: Readonly<Record<string, string>> = { name: 'name', email: 'email', id: 'user_id' };

function invalid(fields: Record<string, string[]>): BadRequestException {
  return new BadRequestException({
    errorCode: ErrorCodes.validationFailed,
    errorMessage: `Check these fields: ${Object.keys(fields).join(', ')}.`,
    fields,
  });
}

function json(name: string, text: unknown, problems: Record<string, string[]>): unknown {
  if (text === undefined) return undefined;
  if (typeof text !== 'string') return void (problems[name] = ['must be JSON']);
  try {
    return JSON.parse(text);
  } catch {
    return void (problems[name] = ['must be JSON']);
  }
}

/**
 * ra-data-simple-rest's `sort`, `range` and `filter` (`q`: text; `id`: the ids of a getMany), and a plain
 * `?q=` for callers outside react-admin. At most 50 rows a page and 100 ids.
 */
export function parsePageQuery(query: Record<string, unknown>, sortable: Readonly<Record<string, string>>): PageQuery {
  const problems: Record<string, string[]> = {};
  const sort = json('sort', query.sort, problems) ?? ['name', 'ASC'];
  const range = json('range', query.range, problems) ?? [0, 24];
  const f = listFilter(query.filter);
  if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !sortable[sort[0]] || (sort[1] !== 'ASC' && sort[1] !== 'DESC')) {
    problems.sort ??= [`must be ["field","ASC"|"DESC"] with field one of ${Object.keys(sortable).join(', ')}`];
  }
  if (
    !Array.isArray(range) ||
    !Number.isInteger(range[0]) ||
    !Number.isInteger(range[1]) ||
    range[0] < 0 ||
    range[1] < range[0] ||
    range[1] - range[0] >= MAX_PAGE
  ) {
    problems.range ??= [`must be [from, to] with 0 <= from <= to and at most ${MAX_PAGE} rows`];
  }
  const q = f.q ?? query.q ?? '';
  if (typeof q !== 'string' || q.length > 100) problems['filter.q'] = ['must be text of at most 100 characters'];
  let ids: string[] | null = null;
  if (f.id !== undefined) {
    const list = Array.isArray(f.id) ? f.id : [f.id];
    if (list.length > MAX_IDS || list.some((id) => typeof id !== 'string' || id.length > 100))
      problems['filter.id'] = [`must be at most ${MAX_IDS} ids`];
    else ids = list as string[];
  }
  if (Object.keys(problems).length > 0) throw invalid(problems);
  const [field, direction] = sort as [string, 'ASC' | 'DESC'];
  const [from, to] = range as [number, number];
  return { range: { from, to }, sort: { column: sortable[field]!, direction }, q: (q as string).trim(), ids };
}

export const directoryQuery = (query: Record<string, unknown>) => parsePageQuery(query, DIRECTORY_SORT);
export const membersQuery = (query: Record<string, unknown>) => parsePageQuery(query, MEMBER_SORT);

/** A LIKE pattern finding `text` anywhere, with LIKE's own characters taken as plain text. */
export const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Registration numbers are written with and without spaces, dashes and brackets: compare letters and digits only. */
const compact = (text: string) => text.replace(/[^0-9A-Za-z]/g, '');

type Page<T> = { rows: T[]; total: number };
type DirectoryRow = {
  company_id: string;
  name: string;
  registration_no: string;
  subscription_type: number;
  is_logo_uploaded: boolean;
  total_count: string | number;
};

/**
 * Approved companies of the same kind of data (demo companies see demo companies, real ones real ones),
 * never the caller's own in a text search (it cannot be its own counterparty); by id, the caller's own too.
 */
export async function companyDirectory(db: SqlExecutor, callerCompanyId: string, query: PageQuery): Promise<Page<CompanyDirectoryItem>> {
  const params: unknown[] = [CompanySubmissionStatus.Approved, callerCompanyId];
  const where = ['c.status = $1', 'c.is_demo = (SELECT me.is_demo FROM companies me WHERE me.company_id = $2)'];
  const add = (sql: string, ...values: unknown[]) => {
    for (const value of values) params.push(value);
    where.push(sql.replace(/\?(\d)/g, (_m, i: string) => `$${params.length - values.length + Number(i)}`));
  };
  if (query.ids !== null) add('(c.company_id = ANY(?1::text[]))', query.ids);
  else add('c.company_id <> $2');
  if (query.q) {
    const digits = compact(query.q);
    add(
      digits ? `(c.name ILIKE ?1 OR regexp_replace(c.registration_no, '[^0-9A-Za-z]', '', 'g') ILIKE ?2)` : 'c.name ILIKE ?1',
      like(query.q),
      ...(digits ? [like(digits)] : []),
    );
  }
  return page(
    db,
    `SELECT c.company_id, c.name, c.registration_no, c.subscription_type, c.is_logo_uploaded, COUNT(*) OVER () AS total_count
    FROM companies c WHERE ${where.join(' AND ')}`,
    params,
    `c.${query.sort.column}`,
    query,
    (r: DirectoryRow) => ({
      id: r.company_id,
      name: r.name,
      registrationNo: r.registration_no,
      subscriptionType: Number(r.subscription_type),
      isLogoUploaded: r.is_logo_uploaded,
    }),
  );
}

/** Whether a company is in the caller's directory (so it may be a counterparty): the same rule as the list. */
export async function isInDirectory(db: SqlExecutor, callerCompanyId: string, companyId: string): Promise<boolean> {
  const [row] = await db.query(
    `SELECT 1 FROM companies c WHERE c.company_id = $1 AND c.status = $2 AND c.is_demo = (SELECT me.is_demo FROM companies me WHERE me.company_id = $3)`,
    [companyId, CompanySubmissionStatus.Approved, callerCompanyId],
  );
  return row !== undefined;
}

type MemberRow = {
  user_id: string;
  name: string;
  email: string;
  roles: string[] | string;
  is_site_team: boolean;
  total_count: string | number;
};

/** Users with an active role in the company: name, e-mail, the names of their active roles. */
export async function companyMembers(db: SqlExecutor, companyId: string, query: PageQuery): Promise<Page<CompanyMember>> {
  const params: unknown[] = [companyId];
  const where = ['m.company_id = $1', 'm.status = 2'];
  if (query.ids !== null) {
    params.push(query.ids);
    where.push(`m.user_id = ANY($${params.length}::text[])`);
  }
  if (query.q) {
    params.push(like(query.q));
    where.push(`(u.name ILIKE $${params.length} OR u.email ILIKE $${params.length})`);
  }
  return page(
    db,
    `SELECT u.user_id, u.name, u.email, array_agg(DISTINCT r.name ORDER BY r.name) AS roles, bool_or(m.is_site_team) AS is_site_team, COUNT(*) OVER () AS total_count
    FROM company_user_roles m JOIN identity_users u ON u.user_id = m.user_id
    LEFT JOIN company_roles r ON r.company_id = m.company_id AND r.role_id = m.role_id
    WHERE ${where.join(' AND ')} GROUP BY u.user_id, u.name, u.email`,
    params,
    `u.${query.sort.column}`,
    query,
    (r: MemberRow) => ({
      id: r.user_id,
      name: r.name,
      email: r.email,
      roles: (typeof r.roles === 'string' ? parseArray(r.roles) : r.roles).filter((n): n is string => typeof n === 'string'),
      isSiteTeam: r.is_site_team,
    }),
  );
}

/** PGlite may hand a text[] back as its literal ("{a,b}"). */
export function parseArray(literal: string): string[] {
  const inner = literal.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
}

async function page<R extends { total_count: string | number }, T>(
  db: SqlExecutor,
  select: string,
  params: unknown[],
  column: string,
  query: PageQuery,
  map: (row: R) => T,
): Promise<Page<T>> {
  const limit = query.range.to - query.range.from + 1;
  const rows = await db.query<R>(
    `${select} ORDER BY ${column} ${query.sort.direction}, 1 ASC LIMIT ${limit} OFFSET ${query.range.from}`,
    params,
  );
  let total = rows.length > 0 ? Number(rows[0]!.total_count) : 0;
  if (rows.length === 0 && query.range.from > 0) {
    const [count] = await db.query<{ n: string | number }>(`SELECT COUNT(*) AS n FROM (${select}) counted`, params);
    total = Number(count?.n ?? 0);
  }
  return { rows: rows.map(map), total };
}
