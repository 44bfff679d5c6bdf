// A flat list read a page at a time by keyset: `?after=<next of the last page>&limit=25`, answered as
// `{ items, next }` (next null on the last page). The cursor is opaque (base64url of the last row's sort
// key and id), so a page costs the same deep in the list as at its start and nothing counts the whole list.
import { ErrorCodes } from '@binaan/contracts';
import { refusal } from './refusal.js';

export type KeysetQuery = { after: [string, string] | null; limit: number };

export const keysetCursor = (key: string, id: string) => Buffer.from(JSON.stringify([key, id])).toString('base64url');

function readCursor(text: string): [string, string] | null {
  if (text.length > 800 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      value[0].length <= 200 &&
      value[1].length <= 200
    )
      return [value[0], value[1]];
  } catch {
    // not JSON: refused by the caller
  }
  return null;
}

/** `after` and `limit` (1 to `max`, `size` when absent), each at most once; 400 validationFailed naming the parameter. */
export function keysetQuery(raw: Record<string, unknown>, size = 25, max = 100): KeysetQuery {
  const fields: Record<string, string[]> = {};
  const text = (name: string) => {
    const value = raw[name];
    if (value === undefined) return '';
    if (typeof value !== 'string') return (void (fields[name] = ['must be given once']), '');
    return value.trim();
  };
  const afterText = text('after');
  const after = afterText === '' ? null : readCursor(afterText);
  if (afterText !== '' && after === null) fields.after = ['must be the `next` of an earlier page'];
  const limitText = text('limit');
  const limit = limitText === '' ? size : Number(limitText);
  if (limitText !== '' && (!/^\d{1,3}$/.test(limitText) || limit < 1 || limit > max))
    fields.limit = [`must be a whole number from 1 to ${max}`];
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these parameters: ${Object.keys(fields).join(', ')}.`, { fields });
  return { after, limit };
}

/** The page and its `next` from `limit + 1` rows read. */
export function keysetPage<R, T>(
  rows: readonly R[],
  limit: number,
  view: (row: R) => T,
  keyOf: (row: R) => [string, string],
): { items: T[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(view), next: rows.length > limit && last ? keysetCursor(...keyOf(last)) : null };
}
