// One page of a list that is never cut short in silence: `?range=[from,to]` (react-admin's form,
// both inclusive), at most `max` rows a page, `size` rows when absent. The reply carries the total
// (`{ ..., total }` and `Content-Range: <name> from-to/total`), so a caller always knows whether more exist.
import type { SqlExecutor } from '@binaan/event-store';
import { refusal } from './refusal.js';
import type { HeaderReply } from './reply.js';

export type PageRange = { from: number; to: number; limit: number };

export function pageRange(raw: unknown, size = 25, max = 100): PageRange {
  if (raw === undefined) return { from: 0, to: size - 1, limit: size };
  let range: unknown;
  try {
    range = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    range = null;
  }
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !Number.isInteger(range[0]) ||
    !Number.isInteger(range[1]) ||
    (range[0] as number) < 0 ||
    (range[1] as number) < (range[0] as number) ||
    (range[1] as number) - (range[0] as number) >= max
  ) {
    throw refusal(400, 'validationFailed', 'Check these fields: range.', {
      fields: { range: [`must be [from, to] with 0 <= from <= to and at most ${max} rows`] },
    });
  }
  const [from, to] = range as [number, number];
  return { from, to, limit: to - from + 1 };
}

/** `Content-Range: <name> from-to/total` (`*-*` past the end or when empty), exposed to browsers. */
export function contentRange(reply: HeaderReply, name: string, range: PageRange, rows: number, total: number): void {
  reply.header('Content-Range', rows === 0 ? `${name} */${total}` : `${name} ${range.from}-${range.from + rows - 1}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
}

/**
 * The total a page reports from a capped count: past the cap, the page's own rows prove at least
 * `from + rows` exist; past the end (no rows), the count is the total, never the page's start.
 */
export function pageTotal(counted: number, range: Pick<PageRange, 'from'>, rowsOnPage: number): number {
  return rowsOnPage > 0 ? Math.max(counted, range.from + rowsOnPage) : counted;
}

/**
 * A list's count that stops at `cap` (the rows `from ... where` picks, never more than cap read), so a page
 * costs the same at a million rows as at a thousand; `capped` says the count stopped there.
 */
export async function cappedCount(
  db: SqlExecutor,
  from: string,
  where: string,
  params: readonly unknown[],
  cap: number,
): Promise<{ counted: number; capped: boolean }> {
  const [count] = await db.query<{ n: string | number }>(
    `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${cap}) capped`,
    params,
  );
  const counted = Number(count?.n ?? 0);
  return { counted, capped: counted >= cap };
}
