// Facts: the report rows a stream holds more than one of (each sign-in attempt of an address, each period
// of a company's subscription). A fact comes from one event alone, so the read model keeps one row per event
// (`fact_id` the event's id) and, as of a past time, the same `facts` run over each stream's events up to
// then. The sections aggregate either with the same SQL, as report-rows.ts does for one row per stream.
import type { EventStore, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { rowsRelation, type Row, type RowColumnType } from '../report-rows.js';

export type FactSource<F extends Row> = {
  /** The read model's table, one row per fact (`fact_id` its key, `stream_id` the stream it came from). */
  table: string;
  columns: Readonly<Record<keyof F & string, RowColumnType>>;
  /** The facts one event states (none for most). */
  facts(event: StoredEvent): F[];
};

export function factTableSql<F extends Row>(source: FactSource<F>): string {
  const columns = Object.entries(source.columns).map(([name, type]) => `${name} ${type}${name === 'fact_id' ? ' PRIMARY KEY' : ''}`);
  return `CREATE TABLE IF NOT EXISTS ${source.table} (${columns.join(', ')});`;
}

/** The projection's write of one event: its facts, once (a replayed event writes nothing new). */
export async function applyToFacts<F extends Row>(source: FactSource<F>, event: StoredEvent, db: SqlExecutor): Promise<void> {
  const names = Object.keys(source.columns);
  for (const fact of source.facts(event)) {
    const placeholders = names.map((_, index) => `$${index + 1}`);
    await db.query(
      `INSERT INTO ${source.table} (${names.join(', ')}) VALUES (${placeholders.join(', ')}) ON CONFLICT (fact_id) DO NOTHING`,
      names.map((name) => fact[name] ?? null),
    );
  }
}

/** The facts of these streams as they stood at `asOf`: each stream's events up to then. */
export async function factsAsOf<F extends Row>(
  source: FactSource<F>,
  store: EventStore,
  streamIds: readonly string[],
  asOf: Date,
): Promise<F[]> {
  const facts: F[] = [];
  for (const streamId of streamIds) {
    for (const event of await store.readStream(streamId, { toTime: asOf })) facts.push(...source.facts(event));
  }
  return facts;
}

/** The FROM item over the live facts or those as of a past time (report-rows.ts rowsRelation). */
export function factsRelation<F extends Row>(
  source: FactSource<F>,
  facts: readonly F[] | null,
  parameter: number,
): { sql: string; params: unknown[] } {
  return rowsRelation({ table: source.table, columns: source.columns, fold: () => null }, facts, parameter);
}
