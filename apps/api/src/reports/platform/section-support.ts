// What the platform sections share: the relation they aggregate over (the live read model, or the rows as of
// a past time replayed from the streams the live rows name), Malaysian days in SQL, and the cells' formats.
import type { ReportQuery, ReportSources } from '../report-section.js';
import { rowsAsOf, rowsRelation, type Row, type RowSource } from '../report-rows.js';
import { factsAsOf, factsRelation, type FactSource } from './fact-rows.js';

/**
 * A Malaysian day (YYYY-MM-DD) of a timestamptz column, in SQL: UTC plus eight hours (Malaysia keeps no
 * daylight saving), without the time zone database, which not every PostgreSQL build carries.
 */
export const myDaySql = (column: string) => `to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
export const myHourSql = (column: string) => `extract(hour from (${column} AT TIME ZONE 'UTC') + interval '8 hours')::integer`;

type Relation = { sql: string; params: unknown[] };

/**
 * The rows of `source` live, or as of `asOf`: the streams are those the live table names for the same
 * filter (`streamsWhere`, over its own parameters), since a stream's row never leaves these tables, so the
 * streams as of a past time are among them; each is replayed up to then.
 */
export async function rowRelation<R extends Row>(
  source: RowSource<R>, asOf: Date | null, sources: ReportSources, parameter: number, streamsWhere: string, streamsParams: unknown[],
): Promise<Relation> {
  if (asOf === null) return rowsRelation(source, null, parameter);
  const streamIds = await liveStreams(source.table, sources, streamsWhere, streamsParams);
  return rowsRelation(source, await rowsAsOf(source, sources.store, streamIds, asOf), parameter);
}

export async function factRelation<F extends Row>(
  source: FactSource<F>, asOf: Date | null, sources: ReportSources, parameter: number, streamsWhere: string, streamsParams: unknown[],
): Promise<Relation> {
  if (asOf === null) return factsRelation(source, null, parameter);
  const streamIds = await liveStreams(source.table, sources, streamsWhere, streamsParams);
  return factsRelation(source, await factsAsOf(source, sources.store, streamIds, asOf), parameter);
}

async function liveStreams(table: string, sources: ReportSources, where: string, params: unknown[]): Promise<string[]> {
  const rows = await sources.db.query<{ stream_id: string }>(`SELECT DISTINCT stream_id FROM ${table} WHERE ${where} ORDER BY stream_id`, params);
  return rows.map((row) => row.stream_id);
}

/** The window's days, first to last (YYYY-MM-DD), and the months they touch (YYYY-MM). */
export function daysOf(query: Pick<ReportQuery, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${query.from}T00:00:00Z`); at <= Date.parse(`${query.to}T00:00:00Z`); at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
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
