// A report's rows, live or as of a past time, from one fold. A row source keeps one row per stream in a read
// model (its projection folds each event into the stream's row); as of a past time, the same fold runs over
// each stream's events up to then. The sections then aggregate either with the same SQL: over the table, or
// over the rows as of then passed as one JSON parameter (`rowsRelation`). So a report as of now equals the
// live report by construction, and a test can hold them equal.
import type { EventStore, SqlExecutor, StoredEvent } from '@binaan/event-store';

export type RowColumnType = 'text' | 'bigint' | 'integer' | 'timestamptz' | 'boolean' | 'numeric' | 'jsonb';
export type RowValue = string | number | boolean | null;
export type Row = Record<string, RowValue>;

export type RowSource<R extends Row> = {
  /** The read model's table, one row per stream (`stream_id` its key). */
  table: string;
  /** Every column and its SQL type, stream_id included: the table's DDL and the as-of relation both read it. */
  columns: Readonly<Record<keyof R & string, RowColumnType>>;
  /** The stream's row after one more of its events (null: the stream has no row, or no longer has one). */
  fold(row: R | null, event: StoredEvent): R | null;
};

/** CREATE TABLE for the source's read model (its indexes are the source's own). */
export function rowTableSql<R extends Row>(source: RowSource<R>): string {
  const columns = Object.entries(source.columns).map(([name, type]) => `${name} ${type}${name === 'stream_id' ? ' PRIMARY KEY' : ''}`);
  return `CREATE TABLE IF NOT EXISTS ${source.table} (${columns.join(', ')});`;
}

/** The projection's write of one event: the stream's row read, folded, and written back (or removed). */
export async function applyToRow<R extends Row>(source: RowSource<R>, event: StoredEvent, db: SqlExecutor): Promise<void> {
  const names = Object.keys(source.columns);
  const [current] = await db.query<R>(`SELECT ${names.join(', ')} FROM ${source.table} WHERE stream_id = $1`, [event.streamId]);
  const next = source.fold(current ? normalise(source, current) : null, event);
  if (next === null) {
    if (current) await db.query(`DELETE FROM ${source.table} WHERE stream_id = $1`, [event.streamId]);
    return;
  }
  const values = names.map((name) => next[name] ?? null);
  const placeholders = names.map((_, index) => `$${index + 1}`);
  const updates = names.filter((name) => name !== 'stream_id').map((name) => `${name} = EXCLUDED.${name}`);
  await db.query(
    `INSERT INTO ${source.table} (${names.join(', ')}) VALUES (${placeholders.join(', ')}) ON CONFLICT (stream_id) DO UPDATE SET ${updates.join(', ')}`,
    values,
  );
}

/** The rows of these streams as they stood at `asOf`: each stream's events up to then, folded. */
export async function rowsAsOf<R extends Row>(
  source: RowSource<R>,
  store: EventStore,
  streamIds: readonly string[],
  asOf: Date,
): Promise<R[]> {
  const rows: R[] = [];
  for (const streamId of streamIds) {
    let row: R | null = null;
    for (const event of await store.readStream(streamId, { toTime: asOf })) row = source.fold(row, event);
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * The FROM item the sections aggregate over: the live table, or the rows as of a past time as the JSON
 * parameter number `parameter` (jsonb_to_recordset with the source's column types). Timestamps travel as ISO
 * text and numbers as JSON numbers or strings, both read back into their SQL types.
 */
export function rowsRelation<R extends Row>(
  source: RowSource<R>,
  rows: readonly R[] | null,
  parameter: number,
): { sql: string; params: unknown[] } {
  if (rows === null) return { sql: source.table, params: [] };
  const types = Object.entries(source.columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  // A jsonb column's value is JSON text in the fold; in the relation it is that JSON itself.
  const json = Object.entries(source.columns)
    .filter(([, type]) => type === 'jsonb')
    .map(([name]) => name);
  const values =
    json.length === 0
      ? rows
      : rows.map((row) => ({
          ...row,
          ...Object.fromEntries(json.map((name) => [name, row[name] === null ? null : (JSON.parse(row[name] as string) as unknown)])),
        }));
  return { sql: `(SELECT * FROM jsonb_to_recordset($${parameter}::jsonb) AS r(${types}))`, params: [JSON.stringify(values)] };
}

/** A row read from SQL in the fold's terms: bigints and numerics as strings, timestamps as ISO strings, jsonb as JSON text. */
function normalise<R extends Row>(source: RowSource<R>, row: R): R {
  const out: Row = {};
  for (const [name, type] of Object.entries(source.columns)) {
    // pg hands a timestamptz over as a Date, a bigint or numeric as text; PGlite a bigint as a number.
    const value = (row as Row)[name] as RowValue | Date | undefined;
    if (value === null || value === undefined) out[name] = null;
    else if (type === 'timestamptz') out[name] = value instanceof Date ? value.toISOString() : new Date(value as string).toISOString();
    else if (type === 'bigint' || type === 'numeric') out[name] = typeof value === 'object' ? null : String(value);
    else if (type === 'integer') out[name] = Number(value);
    else if (type === 'jsonb') out[name] = typeof value === 'string' ? value : JSON.stringify(value);
    else out[name] = value as RowValue;
  }
  return out as R;
}
