// A profile list read a page at a time (machinery, track record; shareholders and directors too, for the
// shared view): by company and list in name order through company_profile_entries_by_name, the last row's
// sort key and id as an opaque `after` (keyset: a page costs the same at the thousandth machine as at the
// first, and nothing counts the whole list), a text search on `search` (trigram-indexed). Parsing is pure.

import { ErrorCodes, type ProfileEntry, type ProfileList } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { refusal } from '../../common/refusal.js';
import { like } from '../company-directory.js';

export const ENTRY_PAGE_DEFAULT = 25;
export const ENTRY_PAGE_MAX = 100;
export const ENTRY_QUERY_MAX = 100;
export type EntryQuery = { q: string; after: { key: string; id: string } | null; limit: number };

const cursorOf = (key: string, id: string) => Buffer.from(JSON.stringify([key, id])).toString('base64url');
function readCursor(text: string): EntryQuery['after'] {
  if (text.length > 800 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
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
    // not JSON: refused below
  }
  return null;
}

/** `q`, `after`, `limit`, each at most once; empty is as if absent. */
export function entryQuery(raw: Record<string, unknown>): EntryQuery {
  const fields: Record<string, string[]> = {};
  const text = (name: string) => {
    const value = raw[name];
    if (value === undefined) return '';
    if (typeof value !== 'string') return (void (fields[name] = ['must be given once']), '');
    return value.trim();
  };
  const q = text('q');
  if (q.length > ENTRY_QUERY_MAX) fields.q = [`must be at most ${ENTRY_QUERY_MAX} characters`];
  const afterText = text('after');
  const after = afterText === '' ? null : readCursor(afterText);
  if (afterText !== '' && after === null) fields.after = ['must be the `next` of an earlier page'];
  const limitText = text('limit');
  const limit = limitText === '' ? ENTRY_PAGE_DEFAULT : Number(limitText);
  if (limitText !== '' && (!/^\d{1,3}$/.test(limitText) || limit < 1 || limit > ENTRY_PAGE_MAX))
    fields.limit = [`must be a whole number from 1 to ${ENTRY_PAGE_MAX}`];
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these parameters: ${Object.keys(fields).join(', ')}.`, { fields });
  return { q, after, limit };
}

type Row = {
  entry_id: string;
  sort_key: string;
  fields: Record<string, unknown> | string;
  added_at: Date | string;
  changed_at: Date | string;
};

export const entryOf = (row: Row): ProfileEntry =>
  ({
    ...(typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields),
    id: row.entry_id,
    addedAt: new Date(row.added_at).toISOString(),
    changedAt: new Date(row.changed_at).toISOString(),
  }) as ProfileEntry;

export async function profileEntryPage(
  db: SqlExecutor,
  companyId: string,
  list: ProfileList,
  query: EntryQuery,
): Promise<{ items: ProfileEntry[]; next: string | null }> {
  const params: unknown[] = [companyId, list];
  const param = (value: unknown) => `$${params.push(value)}`;
  const where = ['company_id = $1', 'list = $2'];
  if (query.q) where.push(`search LIKE ${param(like(query.q.toLowerCase()))}`);
  if (query.after) where.push(`(sort_key, entry_id) > (${param(query.after.key)}::text, ${param(query.after.id)}::text)`);
  const rows = await db.query<Row>(
    `SELECT entry_id, sort_key, fields, added_at, changed_at FROM company_profile_entries WHERE ${where.join(' AND ')} ORDER BY sort_key, entry_id LIMIT ${query.limit + 1}`,
    params,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { items: page.map(entryOf), next: rows.length > query.limit && last ? cursorOf(last.sort_key, last.entry_id) : null };
}

/** Every entry of a short list (shareholders, directors: MAX_PEOPLE_PER_LIST at most), in name order. */
export async function allEntries(db: SqlExecutor, companyId: string, list: ProfileList): Promise<ProfileEntry[]> {
  const rows = await db.query<Row>(
    'SELECT entry_id, sort_key, fields, added_at, changed_at FROM company_profile_entries WHERE company_id = $1 AND list = $2 ORDER BY sort_key, entry_id',
    [companyId, list],
  );
  return rows.map(entryOf);
}
