// What the platform sections share: the relation they aggregate over (the live read model, or the rows as of
// a past time), Malaysian days in SQL, and the cells' formats.
import type { ReportQuery, ReportSources } from '../report-section.js';
import { rowsAsOf, rowsRelation, type Row, type RowSource } from '../report-rows.js';
import { factsRelation, type FactSource } from './fact-rows.js';

/**
 * A Malaysian day (YYYY-MM-DD) of a timestamptz column, in SQL: UTC plus eight hours (Malaysia keeps no
 * daylight saving), without the time zone database, which not every PostgreSQL build carries.
 */
export const myDaySql = (column: string) => `to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
export const myHourSql = (column: string) => `extract(hour from (${column} AT TIME ZONE 'UTC') + interval '8 hours')::integer`;

type Relation = { sql: string; params: unknown[] };

/**
 * The rows of `source` that `where` (over `params`) picks, live, or as of `asOf`. A row whose stream last
 * changed it at or before then (`changed_at`) is as it stood then; only the streams changed since are
 * replayed up to then (rows never leave these tables, so the streams as of then are among the live ones).
 * So a report as of last month replays what changed since, not the platform's whole history.
 */
export async function rowRelation<R extends Row & { changed_at: string }>(
  source: RowSource<R>,
  asOf: Date | null,
  sources: ReportSources,
  parameter: number,
  where: string,
  params: unknown[],
): Promise<Relation> {
  if (asOf === null) return rowsRelation(source, null, parameter);
  const at = `$${params.length + 1}`;
  const kept = await sources.db.query<R>(
    `SELECT ${Object.keys(source.columns).join(', ')} FROM ${source.table} WHERE (${where}) AND changed_at <= ${at}`,
    [...params, asOf],
  );
  const changed = await sources.db.query<{ stream_id: string }>(
    `SELECT stream_id FROM ${source.table} WHERE (${where}) AND changed_at > ${at} ORDER BY stream_id`,
    [...params, asOf],
  );
  const replayed = await rowsAsOf(
    source,
    sources.store,
    changed.map((row) => row.stream_id),
    asOf,
  );
  return rowsRelation(source, [...kept, ...replayed], parameter);
}

/**
 * The facts `where` picks, live, or as of `asOf`: a fact is stated by one event and never changes, so the
 * facts as of then are those recorded by then, the same `factsAsOf` would replay (platform-reports.spec.ts).
 */
export async function factRelation<F extends Row & { recorded_at: string }>(
  source: FactSource<F>,
  asOf: Date | null,
  sources: ReportSources,
  parameter: number,
  where: string,
  params: unknown[],
): Promise<Relation> {
  if (asOf === null) return factsRelation(source, null, parameter);
  const at = `$${params.length + 1}`;
  const facts = await sources.db.query<F>(
    `SELECT ${Object.keys(source.columns).join(', ')} FROM ${source.table} WHERE (${where}) AND recorded_at <= ${at}`,
    [...params, asOf],
  );
  return factsRelation(source, facts, parameter);
}

/** The window's days, first to last (YYYY-MM-DD), and the months they touch (YYYY-MM). */
export function daysOf(query: Pick<ReportQuery, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${query.from}T00:00:00Z`); at <= Date.parse(`${query.to}T00:00:00Z`); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

export function monthsOf(query: Pick<ReportQuery, 'from' | 'to'>): string[] {
  return [...new Set(daysOf(query).map((day) => day.slice(0, 7)))];
}

/** Sen (an integer, or its decimal text) as ringgit: 123450 -> "1234.50". */
export function ringgit(sen: string | number | bigint): string {
  const value = BigInt(sen);
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A share as a percent with one decimal ("62.5"); null when there is nothing to share. */
export function percent(part: number, whole: number): string | null {
  return whole === 0 ? null : ((part * 100) / whole).toFixed(1);
}
