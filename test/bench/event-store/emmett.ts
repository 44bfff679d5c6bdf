// Emmett's PostgreSQL event store (@event-driven-io/emmett-postgresql 0.42.0) doing the same work.
//
// Emmett's driver layer (dumbo) replaces node-postgres' global type parsers (int8 -> BigInt, json/jsonb
// -> its own JSON reviver) when its first pool is made. Left global, that would change how OUR store
// and the plain baseline parse rows in this process. So the global parsers are put back right after
// Emmett is created, and Emmett's own pools get its parsers through pg's per-pool `types` option:
// each contender parses rows the way it would in its own application.
// @event-driven-io/dumbo (installed as emmett-postgresql's peer, not listed in package.json) is imported
// only to give readMessagesBatch the executor it takes.

import { dumbo, type Dumbo } from '@event-driven-io/dumbo';
import type { Event } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore, readMessagesBatch, type PostgresEventStore } from '@event-driven-io/emmett-postgresql';
import type { EventMetadataInput, JsonObject } from '@binaan/event-store';
import pg from 'pg';
import { BATCH_STREAM_EVENTS, topUp, type Progress, type ReplayResult } from './contenders.js';
import type { Op } from './measure.js';
import { EVENT_TYPE, StreamMix, eventData, eventMetadata } from './payload.js';
import { newPool } from './postgres-setup.js';

type DocEvent = Event<typeof EVENT_TYPE, JsonObject, EventMetadataInput>;
type Parser = (value: string) => unknown;

const INT8 = 20;
const JSON_OID = 114;
const JSONB = 3802;
const OIDS = [INT8, JSON_OID, JSONB] as const;

export class EmmettContender {
  private constructor(
    private readonly stores: { one: PostgresEventStore; eight: PostgresEventStore },
    private readonly pools: pg.Pool[],
    private readonly reader: Dumbo,
    private readonly types: pg.CustomTypesConfig,
  ) {}

  /** Two stores on one schema: a pool of 1 connection and a pool of 8. */
  static async open(url: string, schema: string): Promise<EmmettContender> {
    const originals = new Map<number, Parser>(OIDS.map((oid) => [oid, pg.types.getTypeParser(oid, 'text') as Parser]));
    const emmettParsers = new Map<number, Parser>();
    const types: pg.CustomTypesConfig = {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        emmettParsers.get(oid) ?? pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
    };
    const setup = newPool(url, schema, 1);
    await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await setup.end();
    const pools = [newPool(url, schema, 1, types), newPool(url, schema, 8, types), newPool(url, schema, 2, types)];
    const [p1, p8, pr] = pools as [pg.Pool, pg.Pool, pg.Pool];
    const one = getPostgreSQLEventStore(url, { connectionOptions: { pooled: true, pool: p1 } });
    const eight = getPostgreSQLEventStore(url, { connectionOptions: { pooled: true, pool: p8 } });
    const reader = dumbo({ connectionString: url, pool: pr });
    for (const oid of OIDS) {
      emmettParsers.set(oid, pg.types.getTypeParser(oid, 'text') as Parser);
      pg.types.setTypeParser(oid, originals.get(oid)!);
    }
    await one.schema.migrate();
    await eight.schema.migrate();
    return new EmmettContender({ one, eight }, pools, reader, types);
  }

  /** Checks the isolation (printed): global int8 parsing as node-postgres' default, Emmett's pools as dumbo's. */
  parsers(): string {
    const global = typeof (pg.types.getTypeParser(INT8, 'text') as Parser)('1');
    const emmett = typeof (this.types.getTypeParser(INT8, 'text') as Parser)('1');
    return `pg type parsers: int8 parses to ${global} for ours and plain (node-postgres default), to ${emmett} on Emmett's pools (dumbo's, with its JSON reviver)`;
  }

  singleWriters(count: 1 | 8, prefix: string): Op[] {
    const store = count === 1 ? this.stores.one : this.stores.eight;
    return Array.from({ length: count }, (_, loop) => {
      const mix = new StreamMix(`${prefix}-w${loop}`);
      return async () => {
        const slot = mix.next();
        const event: DocEvent = { type: EVENT_TYPE, data: eventData(slot.id, slot.events), metadata: eventMetadata() };
        // Emmett's stream version counts events: 0n for a new stream, n for a stream of n events.
        await store.appendToStream<DocEvent>(slot.id, [event], { expectedStreamVersion: BigInt(slot.events) });
        slot.events++;
        return 1;
      };
    });
  }

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
      const batch = Array.from({ length: size }, (_, i): DocEvent => ({
        type: EVENT_TYPE,
        data: eventData(streamId, events + i),
        metadata,
      }));
      await this.stores.one.appendToStream<DocEvent>(streamId, batch, { expectedStreamVersion: BigInt(events) });
      events += size;
      return size;
    };
  }

  async countEvents(): Promise<number> {
    const result = await this.pools[2]!.query<{ n: string | bigint }>('SELECT COUNT(*) AS n FROM emt_messages');
    return Number(result.rows[0]?.n ?? 0);
  }

  async topUp(total: number, prefix: string, concurrency: number, progress: Progress): Promise<number> {
    return topUp(await this.countEvents(), total, concurrency, progress, async (k, n) => {
      const streamId = `${prefix}-${k}`;
      const metadata = eventMetadata();
      const batch = Array.from({ length: n }, (_, i): DocEvent => ({ type: EVENT_TYPE, data: eventData(streamId, i), metadata }));
      await this.stores.eight.appendToStream<DocEvent>(streamId, batch, { expectedStreamVersion: 0n });
      return n;
    });
  }

  /**
   * Emmett's global-order read (what its consumers poll): readMessagesBatch, `after` the last position.
   * Stops after `capSeconds`: emmett-postgresql 0.42 has no index for this read's ORDER BY (transaction_id,
   * global_position) or its global_position filter, so every page sorts a scan of the whole table and
   * a full 1M replay takes many minutes. A capped run gives a lower bound on its time.
   */
  async replay(pageSize: number, max: number, capSeconds: number): Promise<ReplayResult> {
    const deadline = Date.now() + capSeconds * 1000;
    let after = 0n;
    let events = 0;
    let pages = 0;
    let check = 0n;
    while (events < max && Date.now() < deadline) {
      const batch = await readMessagesBatch<DocEvent>(this.reader.execute, { after, batchSize: Math.min(pageSize, max - events) });
      pages++;
      events += batch.messages.length;
      for (const message of batch.messages) check += message.metadata.streamPosition;
      after = batch.currentGlobalPosition;
      if (!batch.areMessagesLeft) break;
    }
    if (check < 0n) throw new Error('unreachable');
    return { events, pages };
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.stores.one.close(), this.stores.eight.close(), this.reader.close()]);
    await Promise.allSettled(this.pools.map((pool) => pool.end()));
  }
}
