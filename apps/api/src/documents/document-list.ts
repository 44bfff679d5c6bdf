// Lists in ra-data-simple-rest form: ?sort=["field","ASC"]&range=[0,24]&filter={...}. Only documents of
// the chosen company, or sent to it (once shared). Parsing is pure; the reads are built so that a page
// costs the same at a million documents as at a thousand (README "Lists that stay flat"):
// - the company's own documents and those it received are two branches, each an ordered index scan
//   that stops after the page (never an OR over both, which reads every row of both and sorts them);
// - every offered sort has an index per branch (document-list-indexes.ts); a status filter is one branch
//   per status, so each stays one ordered range; the sorts and filters on what an action changes (status,
//   updated_at, revision, an open round) read the narrow document_states row's indexes and join the wide
//   row for the rest (stateRows);
// - the total is counted only up to LIST_TOTAL_CAP, a search's up to SEARCH_TOTAL_CAP (then the reply says
//   X-Total-Capped and the page "10,000 or more");
// - search is a trigram index (pg_trgm) on number and title, or a walk of the sort's index, as the planner finds cheaper.
import { refusal, invalidFields } from '../common/refusal.js';
import {
  DocumentListSearchTotalCap,
  DocumentListTotalCap,
  TenderTypes,
  type DocumentListItem,
  type DocumentResource,
  type TenderType,
  type VerifyLevel,
} from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { listFilter } from '../common/list-query.js';
import { receivedWithoutEstimate } from './estimate-withheld.js';
import { formatSen } from './money.js';
import { iso } from '../common/iso.js';
import { dueAtColumn, isoOrNull } from '../approval-timers/approval-due-times.js';

/** Counting stops here: a larger set is reported as this many, with X-Total-Capped. */
export const LIST_TOTAL_CAP = DocumentListTotalCap;
/** A search's count stops sooner: each match is a row read and tested, not an index entry counted. */
export const SEARCH_TOTAL_CAP = DocumentListSearchTotalCap;
export const totalCap = (query: ListQuery) => (query.filter.q ? SEARCH_TOTAL_CAP : LIST_TOTAL_CAP);
/** Rows a page may ask for: react-admin's export asks 1,000 at once. */
export const MAX_PAGE = 1_000;
const MAX_IDS = 1_000;

/**
 * Each offered sort: its columns, in order (the direction applies to all, so an index scan forwards or
 * backwards serves it). status and projectId end with created_at, so their index also serves a status tab
 * or a project's list in the default order. companyName / counterpartyName: ordered through `companies`.
 */
const SORTS: Readonly<Record<string, readonly string[] | 'companyName' | 'counterpartyName'>> = {
  id: ['id'],
  documentNo: ['document_no', 'id'],
  title: ['title', 'id'],
  status: ['status', 'created_at', 'id'],
  total: ['total_sen', 'id'],
  createdAt: ['created_at', 'id'],
  updatedAt: ['updated_at', 'id'],
  revision: ['revision', 'id'],
  projectId: ['project_id', 'created_at', 'id'],
  companyName: 'companyName',
  counterpartyName: 'counterpartyName',
};
export const LIST_SORTS = Object.keys(SORTS);
export const LIST_FILTERS = [
  'id',
  'status',
  'q',
  'counterparty',
  'projectId',
  'dateFrom',
  'dateTo',
  'direction',
  'awaitingApproval',
  'tenderType',
] as const;

export type ListQuery = {
  sort: { field: string; direction: 'ASC' | 'DESC' };
  range: { from: number; to: number };
  filter: {
    id?: string[];
    status?: string[];
    q?: string;
    counterparty?: string;
    projectId?: string;
    dateFrom?: string;
    dateTo?: string;
    direction?: 'sent' | 'received';
    awaitingApproval?: boolean;
    tenderType?: TenderType;
  };
};

function json(name: string, text: unknown): unknown {
  if (text === undefined) return undefined;
  if (typeof text !== 'string') throw invalidFields({ [name]: ['must be JSON'] });
  try {
    return JSON.parse(text);
  } catch {
    throw invalidFields({ [name]: ['must be JSON'] });
  }
}

const isDate = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}/.test(value);

/** A string or a list of strings (react-admin sends either), each at most 200 characters. */
function strings(value: unknown, max: number): string[] | null {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > max || list.some((s) => typeof s !== 'string' || s.length > 200)) return null;
  return [...new Set(list as string[])];
}

/** How many ids a getMany filter names (0 when it is not one), for its default range. */
function idCount(filterText: string): number {
  try {
    const filter = JSON.parse(filterText) as { id?: unknown };
    return Array.isArray(filter?.id) ? Math.min(filter.id.length, MAX_IDS) : 0;
  } catch {
    return 0;
  }
}

export function parseListQuery(query: Record<string, unknown>): ListQuery {
  const sort = json('sort', query.sort) ?? ['createdAt', 'DESC'];
  if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !Object.hasOwn(SORTS, sort[0]) || (sort[1] !== 'ASC' && sort[1] !== 'DESC')) {
    throw invalidFields({ sort: [`must be ["field","ASC"|"DESC"] with field one of ${LIST_SORTS.join(', ')}`] });
  }
  const rawRange = json('range', query.range);
  // ra-data-simple-rest's getMany sends filter={"id":[...]} and no range: it wants every one of them.
  const ids = typeof query.filter === 'string' && query.range === undefined ? idCount(query.filter) : 0;
  const range = rawRange ?? [0, Math.max(ids, 25) - 1];
  if (
    !Array.isArray(range) ||
    !Number.isSafeInteger(range[0]) ||
    !Number.isSafeInteger(range[1]) ||
    range[0] < 0 ||
    range[1] < range[0] ||
    range[1] - range[0] >= MAX_PAGE
  ) {
    throw invalidFields({ range: [`must be [from, to] with 0 <= from <= to and at most ${MAX_PAGE} rows`] });
  }
  const f = listFilter(query.filter);
  // A key the list does not know is refused, not ignored: ignoring it answers a list the caller did not ask for.
  const unknown = Object.keys(f).filter((key) => !(LIST_FILTERS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    throw refusal(400, 'unknownFilter', `Unknown filter: ${unknown.join(', ')}. Known: ${LIST_FILTERS.join(', ')}.`, {
      fields: Object.fromEntries(unknown.map((key) => [`filter.${key}`, ['unknownFilter']])),
    });
  }
  const filter: ListQuery['filter'] = {};
  const problems: Record<string, string[]> = {};
  // getMany of ra-data-simple-rest: filter={"id":[...]}.
  if (f.id !== undefined) {
    const ids = strings(f.id, MAX_IDS);
    if (ids === null) problems['filter.id'] = [`must be an id or a list of at most ${MAX_IDS} ids`];
    else filter.id = ids;
  }
  if (f.status !== undefined) {
    const statuses = strings(f.status, 50);
    if (statuses === null) problems['filter.status'] = ['must be a status or a list of statuses'];
    else filter.status = statuses;
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
  // true: only documents in an open approval round (the document_states_own_awaiting and _received_awaiting indexes); false: those not.
  if (f.awaitingApproval !== undefined) {
    if (typeof f.awaitingApproval !== 'boolean') problems['filter.awaitingApproval'] = ['must be true or false'];
    else filter.awaitingApproval = f.awaitingApproval;
  }
  // A tender's type: the documents_*_type indexes (tenders only) serve it.
  if (f.tenderType !== undefined) {
    if (typeof f.tenderType !== 'string' || !(TenderTypes as readonly string[]).includes(f.tenderType))
      problems['filter.tenderType'] = [`must be one of ${TenderTypes.join(', ')}`];
    else filter.tenderType = f.tenderType as TenderType;
  }
  for (const key of ['dateFrom', 'dateTo'] as const) {
    if (f[key] === undefined) continue;
    if (!isDate(f[key])) problems[`filter.${key}`] = ['must be a date YYYY-MM-DD or an ISO time'];
    else filter[key] = f[key];
  }
  if (filter.dateFrom && filter.dateTo && filter.dateTo < filter.dateFrom)
    throw refusal(422, 'endBeforeStart', 'dateTo may not be before dateFrom.');
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return {
    sort: { field: sort[0], direction: sort[1] as 'ASC' | 'DESC' },
    range: { from: range[0] as number, to: range[1] as number },
    filter,
  };
}

type Row = {
  id: string;
  resource: string;
  document_no: string;
  title: string;
  status: string;
  total_sen: string | number | null;
  currency: string;
  company_id: string;
  counterparty_company_id: string | null;
  company_name: string | null;
  counterparty_name: string | null;
  project_name: string | null;
  project_id: string | null;
  tender_type: string | null;
  close_at: Date | string | null;
  awaiting_level: number | null;
  due_at: Date | string | null;
  created_by: string;
  created_at: Date | string;
  updated_at: Date | string;
  revision: string | number;
};

const COLUMNS =
  'id, resource, document_no, title, status, total_sen, currency, company_id, counterparty_company_id, project_id, tender_type, close_at, awaiting_level, created_by, created_at, updated_at, revision';
/** COLUMNS with no total (NULL in its place), for rows whose total the reader may not see or sort by. */
const COLUMNS_WITHOUT_TOTAL = COLUMNS.replace('total_sen', 'NULL::bigint AS total_sen');

/**
 * The wide row's columns with what a workflow action changes taken from document_states, under `alias`: what
 * a list sorted or filtered by status, updated_at, revision or an open round reads, so its ordered walk can be
 * along the narrow row's index (the wide row no longer indexes those columns; documents.projection.ts).
 * Unqualified conditions then name this row's columns, as they name the table's elsewhere. The join says
 * the two rows share resource and company too: the planner then knows the caller's company bounds the wide
 * row's indexes as well, so a status filter sorted by title or total may walk the wide title or total index
 * and look each row's state up (a common status), or read the status's rows from the narrow index and sort
 * them (a rare one), whichever is cheaper, as it chose when one table held every index. A count joins with
 * LEFT JOIN: one whose conditions name no wide column then reads the narrow index alone (PostgreSQL drops a
 * left join on a unique key whose columns nothing reads).
 */
function stateRows(alias: string, join: 'JOIN' | 'LEFT JOIN' = 'JOIN'): string {
  return `(SELECT st.id, st.resource, st.company_id, st.counterparty_company_id, st.shared_with_counterparty, st.status, st.created_at, st.updated_at,
      st.revision, st.awaiting_level, st.created_by, wide.document_no, wide.title, wide.total_sen, wide.currency, wide.project_id, wide.tender_type, wide.close_at
    FROM document_states st ${join} documents wide ON wide.id = st.id AND wide.resource = st.resource AND wide.company_id = st.company_id) ${alias}`;
}
const STATE_SORTS = new Set(['status', 'updatedAt', 'revision']);

/** Where a list's rows come from: the wide table, or (stateRows) the narrow one's with the wide row joined. */
type RowSource = { rows: (alias: string) => string; counted: string };
const WIDE: RowSource = { rows: (alias) => (alias === 'documents' ? 'documents' : `documents ${alias}`), counted: 'documents' };
const STATES: RowSource = { rows: (alias) => stateRows(alias), counted: stateRows('documents', 'LEFT JOIN') };

/** The reads of one list call: the page and the capped count, as SQL with their parameters (also for the plan test). */
export type ListSql = { page: { text: string; params: unknown[] }; count: { text: string; params: unknown[] } };

/** Rows of a branch a search walks in the sort's order before it takes the company's search index instead. */
export const searchWalk = (reach: number) => Math.max(500, reach * 12);

/**
 * One branch of a search, flat whether the word is common or rare in it. The planner cannot tell: it
 * judges a word by the whole table, so a word common in the company's own tenders and absent from those
 * it received looked common in both, and the received branch's ordered walk read all of its rows to find
 * nothing. So the choice is made on the branch's own rows: walk the sort's index over at most
 * searchWalk(reach) rows; if that holds the page's rows, they are the first matches in order (the walk is
 * in that order). Otherwise the word is rare here, and the branch's matches come from a trigram index,
 * few, then sorted: documents_search for the own branch, documents_received_search (the receiver's id in
 * front of the words, so it finds only this branch's matches) for the received one.
 * Each arm is gated by a one-time filter on the walk's count, so only one of them reads the index.
 */
function searchBranch(where: string[], conditions: string[], order: string, reach: number, source: RowSource): string {
  const [search, keyed] = [conditions[0]!, conditions.at(-1)!];
  const base = where.filter((condition) => !conditions.includes(condition)).join(' AND ');
  // Received: its rows lie one in many across the table, so a walk costs a page read a row; the index
  // keyed by the receiver holds only its matches, however common the word is elsewhere. The matches are
  // always the wide table's (its trigram indexes; the state columns are there too, unindexed).
  if (keyed !== search)
    return `(SELECT ${COLUMNS} FROM (SELECT ${COLUMNS} FROM documents WHERE ${base} AND ${keyed} OFFSET 0) matches ORDER BY ${order} LIMIT ${reach})`;
  return `(WITH walk AS MATERIALIZED (SELECT ${COLUMNS} FROM (SELECT ${COLUMNS} FROM ${source.rows('documents')} WHERE ${base} ORDER BY ${order} LIMIT ${searchWalk(reach)}) walked
      WHERE ${search} ORDER BY ${order} LIMIT ${reach})
    SELECT ${COLUMNS} FROM walk WHERE (SELECT count(*) FROM walk) >= ${reach}
    UNION ALL
    SELECT ${COLUMNS} FROM (SELECT ${COLUMNS} FROM documents WHERE ${base} AND ${keyed} AND (SELECT count(*) FROM walk) < ${reach} OFFSET 0) matches
    ORDER BY ${order} LIMIT ${reach})`;
}

/**
 * A search's capped count in one branch, chosen the same way (searchBranch): a probe of the branch's first
 * searchWalk(25) rows; where it finds 25 matches the word is common here and the count reads rows until
 * the cap (about cap / share of them), else it is rare and its matches come from the branch's index.
 */
function searchCount(where: string[], conditions: string[], cap: number, source: RowSource): string {
  const [search, keyed] = [conditions[0]!, conditions.at(-1)!];
  const base = where.filter((condition) => !conditions.includes(condition)).join(' AND ');
  if (keyed !== search) return `(SELECT 1 FROM (SELECT 1 FROM documents WHERE ${base} AND ${keyed} OFFSET 0) matches)`;
  return `(WITH probe AS MATERIALIZED (SELECT 1 FROM (SELECT document_no, title FROM ${source.rows('documents')} WHERE ${base} LIMIT ${searchWalk(25)}) walked WHERE ${search} LIMIT 25)
    SELECT 1 FROM (SELECT 1 FROM ${source.rows('documents')} WHERE ${base} AND ${search} AND (SELECT count(*) FROM probe) >= 25 LIMIT ${cap}) common
    UNION ALL
    SELECT 1 FROM (SELECT 1 FROM documents WHERE ${base} AND ${keyed} AND (SELECT count(*) FROM probe) < 25 OFFSET 0) rare)`;
}

/**
 * Builds the page and count statements. A branch is the company's own documents (`own`) or those it
 * received (`received`); each gets the filters as conditions its indexes serve.
 */
export function listSql(resource: DocumentResource, companyId: string, query: ListQuery): ListSql {
  const params: unknown[] = [resource, companyId];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const { filter } = query;
  const common: string[] = [];
  if (filter.id) common.push(`id = ANY(${p(filter.id)}::text[])`);
  const like = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const search = filter.q ? `(document_no || ' ' || title) ILIKE ${p(`%${like(filter.q)}%`)}` : undefined;
  // The same pattern behind the company, for the received branch's search index (document-list-indexes.ts).
  const keyed = filter.q && filter.direction !== 'sent' ? p(`${like(companyId)} %${like(filter.q)}%`) : undefined;
  // The own branch reads the words' index (its company holds most rows it finds); the received branch
  // the index keyed by the receiver, so a word common in the own tenders is not read for it.
  const searchOf = (side: 'own' | 'received') =>
    !search
      ? []
      : side === 'own' || !keyed
        ? [search]
        : [search, `(counterparty_company_id || ' ' || document_no || ' ' || title) ILIKE ${keyed}`];
  if (filter.projectId) common.push(`project_id = ${p(filter.projectId)}`);
  if (filter.tenderType) common.push(`tender_type = ${p(filter.tenderType)}`);
  if (filter.awaitingApproval === true) common.push('awaiting_level IS NOT NULL');
  if (filter.awaitingApproval === false) common.push('awaiting_level IS NULL');
  if (filter.dateFrom) common.push(`created_at >= ${p(filter.dateFrom)}::timestamptz`);
  if (filter.dateTo) common.push(`created_at < (${p(filter.dateTo.slice(0, 10))}::date + 1)`);
  const branches: { side: 'own' | 'received'; where: string[]; search: string[] }[] = [];
  if (filter.direction !== 'received') {
    const search = searchOf('own');
    branches.push({
      side: 'own',
      where: [
        'resource = $1',
        'company_id = $2',
        ...(filter.counterparty ? [`counterparty_company_id = ${p(filter.counterparty)}`] : []),
        ...common,
        ...search,
      ],
      search,
    });
  }
  if (filter.direction !== 'sent') {
    const search = searchOf('received');
    branches.push({
      side: 'received',
      search,
      where: [
        'resource = $1',
        'counterparty_company_id = $2',
        'shared_with_counterparty',
        'company_id <> $2',
        ...(filter.counterparty ? [`company_id = ${p(filter.counterparty)}`] : []),
        ...common,
        ...searchOf('received'),
      ],
    });
  }
  // The page and the count share the parameters, so each statement uses every one of them.
  const statuses = (filter.status ?? []).map((s) => `${p(s)}::text`);
  // A page reads the narrow rows (joined to the wide ones) when it sorts by, or filters on, what an action
  // changes; the planner may then walk either side's index (stateRows). A count with a status or a round reads
  // the narrow index alone.
  const narrowFilter = statuses.length > 0 || filter.awaitingApproval === true;
  const source = STATE_SORTS.has(query.sort.field) || narrowFilter ? STATES : WIDE;
  const statusBranches = (where: string[]) => (statuses.length > 0 ? statuses.map((s) => [...where, `status = ${s}`]) : [where]);
  const count = branches.map((b) => {
    const where = [...b.where, ...(statuses.length > 0 ? [`status IN (${statuses.join(', ')})`] : [])];
    return search
      ? searchCount(where, b.search, totalCap(query), source)
      : `(SELECT 1 FROM ${source.counted} WHERE ${where.join(' AND ')})`;
  });
  const countText =
    count.length === 0 ? 'SELECT 0 AS n' : `SELECT COUNT(*) AS n FROM (${count.join(' UNION ALL ')} LIMIT ${totalCap(query)}) capped`;

  const limit = query.range.to - query.range.from + 1;
  const reach = query.range.from + limit; // each branch stops after the rows the page may need
  const dir = query.sort.direction;
  const sort = SORTS[query.sort.field]!;
  const parts: string[] = [];
  let outerOrder: string;
  if (typeof sort !== 'string') {
    const order = sort.map((column) => `${column} ${dir}`).join(', ');
    for (const branch of branches) {
      // Tenders received sorted by total: their totals are their buyers' estimates, withheld (estimate-withheld.ts),
      // so they are not ordered by them either (an order would tell them): by id, after (before, descending) the own ones.
      const withheld = query.sort.field === 'total' && receivedWithoutEstimate(resource, branch.side === 'received');
      const branchOrder = withheld ? `id ${dir}` : order;
      for (const where of statusBranches(branch.where)) {
        const rows = search
          ? searchBranch(where, branch.search, branchOrder, reach, source)
          : `(SELECT ${COLUMNS} FROM ${source.rows('documents')} WHERE ${where.join(' AND ')} ORDER BY ${branchOrder} LIMIT ${reach})`;
        parts.push(withheld ? `(SELECT ${COLUMNS_WITHOUT_TOTAL} FROM ${rows} withheld)` : rows);
      }
    }
    outerOrder = order;
  } else {
    // By a company's name: on the side where that company is the caller, the name is one value; on the
    // other, `companies` in name order, each company's documents by its index, stopping after the page.
    const docOrder = `created_at ${dir}, id ${dir}`;
    const party = sort === 'companyName' ? { own: 'fixed', received: 'company_id' } : { own: 'counterparty_company_id', received: 'fixed' };
    for (const branch of branches) {
      const column = party[branch.side];
      for (const where of statusBranches(branch.where)) {
        if (column === 'fixed') {
          parts.push(`(SELECT ${COLUMNS}, (SELECT c.name FROM companies c WHERE c.company_id = $2) AS sort_name, $2::text AS sort_party FROM ${source.rows('documents')}
            WHERE ${where.join(' AND ')} ORDER BY ${docOrder} LIMIT ${reach})`);
          continue;
        }
        // Unqualified columns inside the lateral read resolve to d (the innermost FROM) before c.
        const inner = where.join(' AND ');
        parts.push(`(SELECT d.*, c.name AS sort_name, c.company_id AS sort_party FROM companies c CROSS JOIN LATERAL
            (SELECT ${COLUMNS} FROM ${source.rows('d')} WHERE ${inner} AND d.${column} = c.company_id ORDER BY ${docOrder} LIMIT ${reach}) d
            ORDER BY c.name ${dir}, c.company_id ${dir}, d.created_at ${dir}, d.id ${dir} LIMIT ${reach})`);
        if (column === 'counterparty_company_id') {
          parts.push(`(SELECT ${COLUMNS}, NULL::text AS sort_name, NULL::text AS sort_party FROM ${source.rows('documents')}
            WHERE ${where.join(' AND ')} AND counterparty_company_id IS NULL ORDER BY ${docOrder} LIMIT ${reach})`);
        }
      }
    }
    outerOrder = `sort_name ${dir}, sort_party ${dir}, ${docOrder}`;
  }
  const union = parts.length === 0 ? `SELECT ${COLUMNS} FROM documents WHERE false` : parts.join(' UNION ALL ');
  const page = `SELECT ${COLUMNS},
       (SELECT c.name FROM companies c WHERE c.company_id = page.company_id) AS company_name,
       (SELECT c.name FROM companies c WHERE c.company_id = page.counterparty_company_id) AS counterparty_name,
       (SELECT p.name FROM projects p WHERE p.project_id = page.project_id AND p.company_id = page.company_id) AS project_name,
       ${dueAtColumn('page')}
     FROM (SELECT * FROM (${union}) branches ORDER BY ${outerOrder} LIMIT ${limit} OFFSET ${query.range.from}) page
     ORDER BY ${outerOrder}`;
  return { page: { text: page, params }, count: { text: countText, params } };
}

export type ListPage = { rows: DocumentListItem[]; total: number; capped: boolean };

export async function listDocuments(db: SqlExecutor, resource: DocumentResource, companyId: string, query: ListQuery): Promise<ListPage> {
  const sql = listSql(resource, companyId, query);
  const rows = await db.query<Row>(sql.page.text, sql.page.params);
  const limit = query.range.to - query.range.from + 1;
  let total: number;
  let capped = false;
  if (rows.length > 0 && rows.length < limit) {
    total = query.range.from + rows.length; // the last page: the rows before it and on it are all there is
  } else if (rows.length === 0 && query.range.from === 0) {
    total = 0;
  } else {
    const [count] = await db.query<{ n: string | number }>(sql.count.text, sql.count.params);
    const counted = Number(count?.n ?? 0);
    capped = counted >= totalCap(query);
    // Past the cap a full page may have more after it: one more than seen keeps "next page" offered.
    total = rows.length === 0 ? counted : Math.max(counted, query.range.from + rows.length + (capped && rows.length === limit ? 1 : 0));
  }
  return {
    total,
    capped,
    rows: rows.map((r) => ({
      id: r.id,
      resource: r.resource,
      documentNo: r.document_no,
      title: r.title,
      status: r.status,
      currency: r.currency,
      total:
        r.total_sen === null || receivedWithoutEstimate(r.resource, r.company_id !== companyId) ? null : formatSen(BigInt(r.total_sen)),
      companyId: r.company_id,
      counterpartyCompanyId: r.counterparty_company_id,
      companyName: r.company_name,
      counterpartyName: r.counterparty_name,
      projectId: r.project_id,
      projectName: r.project_name,
      tenderType: r.tender_type,
      closeAt: r.close_at === null ? null : iso(r.close_at),
      awaitingLevel: r.awaiting_level === null ? null : (Number(r.awaiting_level) as VerifyLevel),
      // The owner's round: its due time is the owner's to see, as its approval route is.
      dueAt: r.company_id === companyId ? isoOrNull(r.due_at) : null,
      createdBy: r.created_by,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      revision: Number(r.revision),
    })),
  };
}
