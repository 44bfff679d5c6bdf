// Our store and the plain-INSERT baseline as writers and readers the bench can time. Every writer loop
// has its own streams (see StreamMix), so concurrent loops never race for a stream.

import type { SqlDatabase, SqlEventStore } from '@binaan/event-store';
import type pg from 'pg';
import type { Op } from './measure.js';
import { EVENT_TYPE, STREAM_TYPE, StreamMix, eventData, eventMetadata } from './payload.js';

export type Progress = (done: number, total: number) => void;
export type ReplayResult = { events: number; pages: number };

/** Streams written by the batch writers and the seeders: 10 batches of 100, or 1 of 1000. */
export const BATCH_STREAM_EVENTS = 1000;

export class OursContender {
  constructor(readonly store: SqlEventStore) {}

  /** One event per append, expectedRevision numeric (or 'no_stream' for a new stream). */
  singleWriters(count: number, prefix: string): Op[] {
    return Array.from({ length: count }, (_, loop) => {
      const mix = new StreamMix(`${prefix}-w${loop}`);
      return async () => {
        const slot = mix.next();
        await this.store.append({
          streamId: slot.id,
          streamType: STREAM_TYPE,
          expectedRevision: slot.events === 0 ? 'no_stream' : slot.events - 1,
          events: [{ type: EVENT_TYPE, data: eventData(slot.id, slot.events), metadata: eventMetadata() }],
        });
        slot.events++;
        return 1;
      };
    });
  }

  /** `size` events per append; a stream takes BATCH_STREAM_EVENTS events, then a new one starts. */
  batchWriter(prefix: string, size: number): Op {
    let stream = 0;
    let events = 0;
    return async () => {
      if (events + size > BATCH_STREAM_EVENTS) {
        stream++;
        events = 0;
      }
      const streamId = `${prefix}-s${stream}`;
      const metadata = eventMetadata();
      await this.store.append({
        streamId,
        streamType: STREAM_TYPE,
        expectedRevision: events === 0 ? 'no_stream' : events - 1,
        events: Array.from({ length: size }, (_, i) => ({ type: EVENT_TYPE, data: eventData(streamId, events + i), metadata })),
      });
      events += size;
      return size;
    };
  }

  async countEvents(): Promise<number> {
    const [row] = await this.store.db.query<{ n: string | number }>('SELECT COUNT(*) AS n FROM events');
    return Number(row?.n ?? 0);
  }

  /** Appends 1000-event batches (new streams) until the log holds `total` events. */
  async topUp(total: number, prefix: string, concurrency: number, progress: Progress): Promise<number> {
    return topUp(await this.countEvents(), total, concurrency, progress, (k, n) => {
      const streamId = `${prefix}-${k}`;
      const metadata = eventMetadata();
      return this.store
        .append({
          streamId,
          streamType: STREAM_TYPE,
          expectedRevision: 'no_stream',
          events: Array.from({ length: n }, (_, i) => ({ type: EVENT_TYPE, data: eventData(streamId, i), metadata })),
        })
        .then(() => n);
    });
  }

  /**
   * The replay path: readAllPages (readAll's pages, the next one fetched while this one is handled),
   * each row a whole StoredEvent, until `max` events (or the end). Every event's data and metadata are
   * touched, as a projection would.
   */
  async replay(pageSize: number, max: number): Promise<ReplayResult> {
    let events = 0;
    let pages = 0;
    let check = 0;
    for await (const page of this.store.readAllPages({ after: 0, limit: pageSize })) {
      pages++;
      for (const event of page.events.slice(0, max - events)) {
        check += event.revision + (event.data as { documentNo?: string }).documentNo!.length + event.metadata.recordedAt.length;
      }
      events += Math.min(page.events.length, max - events);
      if (events >= max) break;
    }
    if (check < 0) throw new Error('unreachable');
    return { events, pages };
  }
}

/** Shared by the seeders: runs `concurrency` loops of `write(k, n)` until `have` reaches `total`. */
export async function topUp(
  have: number,
  total: number,
  concurrency: number,
  progress: Progress,
  write: (k: number, n: number) => Promise<number>,
): Promise<number> {
  let planned = have;
  let done = have;
  let k = 0;
  let reported = Math.floor(have / 100_000);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (planned < total) {
        const n = Math.min(BATCH_STREAM_EVENTS, total - planned);
        planned += n;
        // Awaited first, then added (`done += await ...` would read `done` before the await and drop the other writers' counts).
        const written = await write(k++, n);
        done += written;
        if (Math.floor(done / 100_000) > reported) {
          reported = Math.floor(done / 100_000);
          progress(done, total);
        }
      }
    }),
  );
  return done - have;
}

/** Where the plain baseline writes: a table of its own, reached through `query`. */
export type PlainTarget = {
  query(text: string, params: unknown[]): Promise<unknown>;
  table: string;
};

/** `jsonType`: the type of the event store's data column (json or jsonb), so both tables keep the payload alike. */
export const PLAIN_TABLE_SQL = (table: string, jsonType: string) => `CREATE TABLE ${table} (
  id bigserial PRIMARY KEY, stream_id text NOT NULL, data ${jsonType} NOT NULL, metadata ${jsonType} NOT NULL)`;

export async function eventDataType(db: SqlDatabase): Promise<string> {
  const [row] = await db.query<{ data_type: string }>(`SELECT data_type FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'events' AND column_name = 'data'`);
  if (row?.data_type !== 'json' && row?.data_type !== 'jsonb') throw new Error(`unexpected events.data type ${row?.data_type}`);
  return row.data_type;
}

/** Gives the baseline's table as many rows as the store's log (the same payloads), so both write into tables of one size. */
export const PLAIN_FILL_SQL = (table: string, events: string) =>
  `INSERT INTO ${table} (stream_id, data, metadata) SELECT stream_id, data, metadata FROM ${events} ORDER BY global_position`;

/** The baseline: one autocommit single-row INSERT of the same payload per op, nothing else. */
export function plainWriters(targets: readonly PlainTarget[], prefix: string): Op[] {
  return targets.map((target, loop) => {
    const mix = new StreamMix(`${prefix}-w${loop}`);
    const text = `INSERT INTO ${target.table} (stream_id, data, metadata) VALUES ($1, $2, $3)`;
    return async () => {
      const slot = mix.next();
      await target.query(text, [slot.id, JSON.stringify(eventData(slot.id, slot.events)), JSON.stringify(eventMetadata())]);
      slot.events++;
      return 1;
    };
  });
}

export const pgTarget = (pool: pg.Pool, table: string): PlainTarget => ({ query: (text, params) => pool.query(text, params), table });
export const sqlTarget = (db: SqlDatabase, table: string): PlainTarget => ({ query: (text, params) => db.query(text, params), table });

/** Diagnostic: the first `max` rows of the log read with a bare keyset SELECT and no mapping. */
export async function plainScan(
  query: (text: string, params: unknown[]) => Promise<readonly object[]>,
  table: string,
  pageSize: number,
  max: number,
): Promise<ReplayResult> {
  const text = `SELECT global_position, event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash
    FROM ${table} WHERE global_position > $1 ORDER BY global_position LIMIT $2`;
  let after = 0;
  let events = 0;
  let pages = 0;
  while (events < max) {
    const limit = Math.min(pageSize, max - events);
    const rows = (await query(text, [after, limit])) as readonly { global_position: string | number }[];
    pages++;
    events += rows.length;
    if (rows.length < limit) break;
    after = Number(rows[rows.length - 1]!.global_position);
  }
  return { events, pages };
}
