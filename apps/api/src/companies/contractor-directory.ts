// The public contractor directory read: companies shown (contractor-directory.projection.ts) by name, filtered
// by trade, state and a part of the name, one page after another by keyset (the last row's sort key and id
// travel as an opaque `after`): a page costs the same at the millionth row as at the first, and nothing
// counts the whole set. Query parsing is pure; the read is one SELECT.

import {
  DIRECTORY_PAGE_DEFAULT,
  DIRECTORY_PAGE_MAX,
  DIRECTORY_QUERY_MAX,
  DIRECTORY_TRADES,
  ErrorCodes,
  MALAYSIAN_STATES,
  type ContractorDirectoryEntry,
  type ContractorDirectoryPage,
  type DirectoryTrade,
} from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { refusal } from '../common/refusal.js';
import { like, parseArray } from './company-directory.js';

export type DirectoryQuery = {
  trade: DirectoryTrade | null;
  state: number | null;
  q: string;
  after: DirectoryCursor | null;
  limit: number;
};
export type DirectoryCursor = { key: string; id: string };

/** The `after` of the page that follows a row: its sort key (the lower-case name) and its id. */
export const directoryCursor = (cursor: DirectoryCursor): string =>
  Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');

function readCursor(text: string): DirectoryCursor | null {
  if (text.length > 600 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      value[1].length <= 100
    )
      return { key: value[0], id: value[1] };
  } catch {
    // not JSON: said below
  }
  return null;
}

/** `trade`, `state`, `q`, `after`, `limit`, each at most once; an empty one is as if absent. Other parameters are not read. */
export function directoryQuery(raw: Record<string, unknown>): DirectoryQuery {
  const fields: Record<string, string[]> = {};
  const text = (name: string): string => {
    const value = raw[name];
    if (value === undefined) return '';
    if (typeof value !== 'string') return (void (fields[name] = ['must be given once']), '');
    return value.trim();
  };
  const trade = text('trade');
  if (trade && !(DIRECTORY_TRADES as readonly string[]).includes(trade)) fields.trade = [`must be one of ${DIRECTORY_TRADES.join(', ')}`];
  const stateText = text('state');
  const state = stateText === '' ? null : Number(stateText);
  if (state !== null && (!/^\d{1,3}$/.test(stateText) || !MALAYSIAN_STATES.includes(state as never)))
    fields.state = [`must be a state: ${MALAYSIAN_STATES.join(', ')}`];
  const q = text('q');
  if (q.length > DIRECTORY_QUERY_MAX) fields.q = [`must be at most ${DIRECTORY_QUERY_MAX} characters`];
  const afterText = text('after');
  const after = afterText === '' ? null : readCursor(afterText);
  if (afterText !== '' && after === null) fields.after = ['must be the `next` of an earlier page'];
  const limitText = text('limit');
  const limit = limitText === '' ? DIRECTORY_PAGE_DEFAULT : Number(limitText);
  if (limitText !== '' && (!/^\d{1,3}$/.test(limitText) || limit < 1 || limit > DIRECTORY_PAGE_MAX))
    fields.limit = [`must be a whole number from 1 to ${DIRECTORY_PAGE_MAX}`];
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these parameters: ${Object.keys(fields).join(', ')}.`, { fields });
  return { trade: (trade || null) as DirectoryTrade | null, state, q, after, limit };
}

type Row = {
  company_id: string;
  name: string;
  sort_key: string;
  trades: string[] | string;
  state: number | string;
  town: string;
  cidb_grade: number | string | null;
  website: string | null;
};

/**
 * One page: with a trade, the per-trade rows in the directory's order (their index holds the state too);
 * without, the shown companies'. A row more than the page is read to know whether another page follows.
 */
export async function contractorDirectory(db: SqlExecutor, query: DirectoryQuery): Promise<ContractorDirectoryPage> {
  const params: unknown[] = [];
  const param = (value: unknown, cast = '') => `$${params.push(value)}${cast}`;
  const order = query.trade ? 't' : 'd';
  const where: string[] = [];
  if (query.trade) where.push(`t.trade = ${param(query.trade)}`);
  if (query.state !== null) where.push(`${order}.state = ${param(query.state, '::smallint')}`);
  // The lower-case name is in every index of the directory's order: a walk tests it without reading the row.
  if (query.q) where.push(`${order}.sort_key LIKE ${param(like(query.q.toLowerCase()))}`);
  if (query.after)
    where.push(`(${order}.sort_key, ${order}.company_id) > (${param(query.after.key, '::text')}, ${param(query.after.id, '::text')})`);
  const from = query.trade
    ? 'contractor_directory_trades t JOIN contractor_directory d ON d.company_id = t.company_id'
    : 'contractor_directory d';
  const rows = await db.query<Row>(
    `SELECT d.company_id, d.name, d.sort_key, d.trades, d.state, d.town, d.cidb_grade, d.website FROM ${from}
     ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order}.sort_key, ${order}.company_id LIMIT ${query.limit + 1}`,
    params,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(entry),
    next: rows.length > query.limit && last ? directoryCursor({ key: last.sort_key, id: last.company_id }) : null,
  };
}

function entry(row: Row): ContractorDirectoryEntry {
  const trades = typeof row.trades === 'string' ? parseArray(row.trades) : row.trades;
  return {
    id: row.company_id,
    name: row.name,
    trades: DIRECTORY_TRADES.filter((trade) => trades.includes(trade)),
    state: Number(row.state),
    town: row.town,
    cidbGrade: row.cidb_grade === null ? null : Number(row.cidb_grade),
    website: row.website,
  };
}
