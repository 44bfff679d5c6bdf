// The event store on PostgreSQL SQL, shared by the PGlite and PostgreSQL adapters.

import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { startCatchUpSubscription, type CheckpointStore, type WakeSource } from '../catch-up-subscription.js';
import { DuplicateEventId, InvalidEventStoreInput, WrongExpectedRevision } from '../errors.js';
import { chainEvents, GENESIS_HASH, verifyChain } from '../hash-chain.js';
import type {
  AppendRequest,
  AppendResult,
  ChainVerification,
  EventStore,
  ReadAllOptions,
  ReadAllPage,
  ReadStreamOptions,
  StoreStats,
  StoredEvent,
  StreamHead,
  SubscribeOptions,
  Subscription,
} from '../types.js';
import { uuidV7 } from '../uuid-v7.js';
import { checkRevision, checkStreamId, prepareAppend } from '../validate.js';
import { HeadCache } from './head-cache.js';
import { LogTail } from './log-tail.js';
import { PeerWake } from './peer-wake.js';
import {
  applyProjections,
  inlineStatements,
  rebuildProjections,
  setupProjections,
  type InlineStatement,
  type Projection,
  type RebuildProgress,
} from './projections.js';
import { readLogPage, toStoredEvent, type EventJsonRow, type SealsApart } from './row-mapping.js';
import { sqlState, UNIQUE_VIOLATION, type SqlDatabase, type SqlExecutor } from './sql-database.js';
import * as sql from './statements.js';
import type { PersonalDataCodec } from '../personal-data/personal-data.js';
import type { PersonalKeyStore } from '../personal-data/sql-key-store.js';
import type { JsonValue } from '../types.js';
import { CALL_APPEND_EVENT, CALL_APPEND_EVENTS, PGLITE_APPEND_FUNCTIONS } from './pglite-append-functions.js';

export type SqlEventStoreOptions = {
  projections?: readonly Projection[];
  now?: () => Date;
  newId?: () => string;
  /** Seals declared personal fields before they are chained and stored, opens them for readers. */
  personalData?: PersonalDataCodec;
};

type Base = { revision: number; hash: string };
/** A prepared append, its personal fields sealed; `plainData`: each event's data before sealing (null: none sealed). */
type Prepared = ReturnType<typeof prepareAppend> & { plainData: JsonValue[] | null };
const MAX_ATTEMPTS = 5;
const MAX_PAGE = 10_000;
/** The store's own SQL texts are fixed: prepared once per connection (see QueryOptions). */
const PREPARED = { prepare: true } as const;

export class SqlEventStore implements EventStore {
  readonly kind: 'pglite' | 'postgres';
  private readonly heads = new HeadCache(10_000);
  private readonly appended = new EventEmitter();
  /** PostgreSQL: appends in other processes wake this one's subscriptions too. */
  private readonly peers: PeerWake;
  private readonly subscriptions = new Set<Subscription>();
  /** The log's end, read once for every follower in this process (log-tail.ts). */
  private readonly tail: LogTail;
  private readonly projections: readonly Projection[];
  private readonly now: () => Date;
  private readonly newId: () => string;
  private readonly personalData: PersonalDataCodec | null;

  private constructor(
    readonly db: SqlDatabase,
    options: SqlEventStoreOptions,
  ) {
    this.kind = db.kind;
    this.projections = options.projections ?? [];
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? (() => uuidV7());
    this.personalData = options.personalData ?? null;
    this.appended.setMaxListeners(0);
    this.peers = new PeerWake(db, (streamTypes) => this.appended.emit('appended', undefined, streamTypes));
    this.tail = new LogTail((after, limit) => this.readPage(after, limit));
    // First listener: the tail counts an append before anything it wakes can ask for it.
    this.appended.on('appended', () => this.tail.appended());
  }

  /** The schema must be migrated already (see migrate.ts); this sets up the projections' tables. */
  static async open(db: SqlDatabase, options: SqlEventStoreOptions = {}): Promise<SqlEventStore> {
    if (db.kind === 'pglite') await db.script(PGLITE_APPEND_FUNCTIONS);
    else await installLogPageFunction(db);
    await setupProjections(db, options.projections ?? [], options.personalData);
    return new SqlEventStore(db, options);
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const checked = prepareAppend(request, this.newId);
    const plainData = this.personalData ? await this.personalData.seal(checked.streamId, checked.events) : null;
    const prepared: Prepared = { ...checked, plainData };
    const expected = prepared.expectedRevision;
    for (let attempt = 1; ; attempt++) {
      // An append that takes the stream as it stands ('any', 'stream_exists') and lost a race waits its
      // turn on the head row instead of retrying: many writers on one stream all get through.
      const locked = attempt > 1 && (expected === 'any' || expected === 'stream_exists');
      let outcome: Outcome;
      try {
        outcome = locked ? await this.appendLocked(prepared) : await this.appendOptimistic(prepared);
      } catch (error) {
        if (sqlState(error) !== UNIQUE_VIOLATION) {
          // The outcome may be unknown (a connection lost at commit): the head we keep may be behind now.
          this.heads.delete(prepared.streamId);
          throw error;
        }
        outcome = { written: false };
      }
      if ('alreadyStored' in outcome) return outcome;
      if (outcome.written) {
        const events = outcome.events;
        const last = events[events.length - 1]!;
        this.heads.set(prepared.streamId, { revision: last.revision, hash: last.hash });
        this.appended.emit('appended', events);
        this.peers.announce(events.map((event) => event.streamType));
        return { streamId: prepared.streamId, nextExpectedRevision: last.revision, events, alreadyStored: false };
      }
      this.heads.delete(prepared.streamId);
      const retry = await this.alreadyStored(prepared);
      if (retry) return retry;
      const head = await this.streamHead(prepared.streamId);
      const actual = head ? head.revision : 'no_stream';
      // The head moved under us: a refusal, unless the request still fits (then a stale cache or a
      // racing writer that gave up) and attempts remain.
      const stillFits = expected === 'any' || expected === actual || (expected === 'stream_exists' && head !== null);
      if (!stillFits || attempt >= MAX_ATTEMPTS) throw new WrongExpectedRevision(prepared.streamId, expected, actual);
    }
  }

  /** One round trip: chain onto the head we know (cache or a read) and write if it still holds. */
  private async appendOptimistic(prepared: Prepared): Promise<Outcome> {
    const base = await this.baseFor(prepared);
    if ('alreadyStored' in base) return base;
    const events = chainEvents(prepared, prepared.events, base, new Date(this.now().getTime()));
    // What projections and the caller see: made after the write, which fills in the global positions.
    const visible = once(() => withPlainData(events, prepared.plainData));
    const statement = appendStatement(this.kind, prepared, base, events);
    if (!this.projectionsRead(events)) return { written: await runAppend(this.db, statement, events), events: visible() };
    // Inline statements read the positions from `appended`, not from the events.
    const inline = this.kind === 'postgres' ? inlineStatements(this.projections, withPlainData(events, prepared.plainData)) : null;
    if (inline)
      return {
        written: await runAppend(this.db, withStatements(appendStatement(this.kind, prepared, base, events, true), base, inline), events),
        events: visible(),
      };
    return this.inTransaction(async (tx) => {
      if (!(await runAppend(tx, statement, events))) return false;
      await applyProjections(this.projections, visible(), tx);
      return true;
    }, visible);
  }

  /** Holds the head row while chaining onto it: the writer mark first (before the row lock gives the transaction its id). */
  private appendLocked(prepared: Prepared): Promise<Outcome> {
    let events: StoredEvent[] = [];
    return this.inTransaction(
      async (tx) => {
        if (this.kind === 'postgres') await tx.script(sql.TAKE_WRITER_LOCK);
        const [row] = await tx.query<{ revision: string | number; last_hash: string }>(sql.LOCK_STREAM_HEAD, [prepared.streamId], PREPARED);
        if (!row && prepared.expectedRevision === 'stream_exists')
          throw new WrongExpectedRevision(prepared.streamId, 'stream_exists', 'no_stream');
        const base = row ? { revision: Number(row.revision), hash: row.last_hash } : { revision: -1, hash: GENESIS_HASH };
        const stored = chainEvents(prepared, prepared.events, base, new Date(this.now().getTime()));
        if (!(await runAppend(tx, appendStatement(this.kind, prepared, base, stored), stored))) return false;
        events = withPlainData(stored, prepared.plainData);
        if (this.projectionsRead(events)) await applyProjections(this.projections, events, tx);
        return true;
      },
      () => events,
    );
  }

  private async inTransaction(
    work: (tx: SqlExecutor) => Promise<boolean>,
    events: StoredEvent[] | (() => StoredEvent[]),
  ): Promise<Outcome> {
    try {
      const written = await this.db.transaction(async (tx) => {
        if (!(await work(tx))) throw new NotWritten();
        return true;
      });
      return { written, events: typeof events === 'function' ? events() : events };
    } catch (error) {
      if (error instanceof NotWritten) return { written: false };
      throw error;
    }
  }

  /** `seals`: the seals the page was read with apart from the data (readLogPage); empty when it was read in the safe form. */
  private opened(events: StoredEvent[], via?: SqlExecutor, seals?: SealsApart): Promise<StoredEvent[]> | StoredEvent[] {
    return this.personalData && events.length > 0
      ? this.personalData.open(events, via, seals !== undefined && seals.length === events.length ? seals : undefined)
      : events;
  }

  private projectionsRead(events: readonly StoredEvent[]): boolean {
    return this.projections.some((p) => !p.eventTypes || events.some((e) => p.eventTypes!.includes(e.type)));
  }

  /**
   * The revision and hash the new events chain onto; the original answer when this is a retry of an
   * append already stored; a typed refusal when the stream disagrees with the expected revision.
   */
  private async baseFor(prepared: Prepared): Promise<Base | AppendResult> {
    const expected = prepared.expectedRevision;
    if (expected === 'no_stream') return { revision: -1, hash: GENESIS_HASH };
    const cached = typeof expected === 'number' ? this.heads.get(prepared.streamId) : undefined;
    if (cached && cached.revision === expected) return cached;
    const head = await this.streamHead(prepared.streamId);
    if (expected === 'any') return head ?? { revision: -1, hash: GENESIS_HASH };
    if (head && (expected === 'stream_exists' || head.revision === expected)) return head;
    const retry = await this.alreadyStored(prepared);
    if (retry) return retry;
    throw new WrongExpectedRevision(prepared.streamId, expected, head ? head.revision : 'no_stream');
  }

  /** An idempotent retry: every event of the request already stored exactly where it would go. */
  private async alreadyStored(prepared: Prepared): Promise<AppendResult | null> {
    const rows = await this.db.query<EventJsonRow>(sql.EVENTS_BY_ID, [prepared.events.map((event) => event.id)]);
    if (rows.length === 0) return null;
    const stored = rows.map(toStoredEvent).sort((a, b) => a.revision - b.revision);
    const first = stored[0]!.revision;
    const samePlace =
      stored.length === prepared.events.length &&
      stored.every(
        (event, index) =>
          event.streamId === prepared.streamId && event.id === prepared.events[index]!.id && event.revision === first + index,
      ) &&
      (prepared.expectedRevision === 'any' ||
        prepared.expectedRevision === 'stream_exists' ||
        first === (prepared.expectedRevision === 'no_stream' ? 0 : prepared.expectedRevision + 1));
    if (!samePlace) throw new DuplicateEventId(stored[0]!.id);
    return {
      streamId: prepared.streamId,
      nextExpectedRevision: stored[stored.length - 1]!.revision,
      events: await this.opened(stored),
      alreadyStored: true,
    };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    return this.opened(await this.readStoredStream(streamId, options));
  }

  /** Events as stored (personal fields sealed): what the chain covers. */
  private async readStoredStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    checkStreamId(streamId);
    const from = options.fromRevision === undefined ? 0 : checkRevision(options.fromRevision, 'fromRevision');
    const to = options.toRevision === undefined ? null : checkRevision(options.toRevision, 'toRevision');
    const limit = options.limit === undefined ? null : checkRevision(options.limit, 'limit');
    if (options.toTime !== undefined && !(options.toTime instanceof Date && Number.isFinite(options.toTime.getTime()))) {
      throw new InvalidEventStoreInput('toTime', 'must be a valid date');
    }
    const rows = await this.db.query<EventJsonRow>(
      sql.READ_STREAM,
      [streamId, from, to, options.toTime?.toISOString() ?? null, limit],
      PREPARED,
    );
    const events = rows.map(toStoredEvent);
    // A read to the stream's end saw its head: the next append that expects that revision chains on it
    // without reading the head (another process's appends left this process's hint behind).
    const last = events[events.length - 1];
    if (last && to === null && limit === null && options.toTime === undefined)
      this.heads.setIfNewer(streamId, { revision: last.revision, hash: last.hash });
    return events;
  }

  async streamHead(streamId: string): Promise<StreamHead | null> {
    checkStreamId(streamId);
    const [row] = await this.db.query<{ stream_id: string; stream_type: string; revision: string | number; last_hash: string }>(
      sql.STREAM_HEAD,
      [streamId],
      PREPARED,
    );
    return row ? { streamId: row.stream_id, streamType: row.stream_type, revision: Number(row.revision), hash: row.last_hash } : null;
  }

  async readAll(options: ReadAllOptions = {}): Promise<ReadAllPage> {
    const after = options.after === undefined ? 0 : checkRevision(options.after, 'after');
    const limit = Math.min(options.limit === undefined ? 1000 : checkRevision(options.limit, 'limit'), MAX_PAGE);
    return this.readPage(after, limit);
  }

  /**
   * The log from `after` to its end, page by page, as readAll gives it, with the next page already on
   * its way while the caller works on this one (the database's work overlaps the caller's): for
   * replays and catch-up over long stretches of the log. Ends at the first page that is not full.
   */
  async *readAllPages(options: ReadAllOptions = {}): AsyncGenerator<ReadAllPage> {
    const limit = Math.min(options.limit === undefined ? 1000 : checkRevision(options.limit, 'limit'), MAX_PAGE);
    let next = this.readPage(options.after === undefined ? 0 : checkRevision(options.after, 'after'), limit);
    for (;;) {
      const page = await next;
      if (!page.isEnd) next = this.readPage(page.nextAfter, limit);
      yield page;
      if (page.isEnd) return;
    }
  }

  private async readPage(after: number, limit: number): Promise<ReadAllPage> {
    // On PostgreSQL a store that seals personal data cuts each seal out of its row before parsing (readLogPage).
    const seals: SealsApart | undefined = this.personalData && this.kind === 'postgres' ? [] : undefined;
    const events =
      this.kind === 'pglite'
        ? await readLogPage(
            (format) =>
              this.db.query<EventJsonRow>(format === 'fast' ? sql.READ_ALL_SERIAL_CHUNKED : sql.READ_ALL_SERIAL.safe, [after, limit]),
            true,
          )
        : await readLogPage(
            (format) => this.db.query<EventJsonRow>(sql.READ_LOG_PAGE, [after, limit, format === 'fast'], PREPARED),
            false,
            seals,
          );
    // The log's pages carry other processes' appends: the head hints this process holds move with them.
    for (const event of events) this.heads.updateIfHeld(event.streamId, { revision: event.revision, hash: event.hash });
    return {
      events: await this.opened(events, undefined, seals),
      nextAfter: events.length ? events[events.length - 1]!.globalPosition : after,
      isEnd: events.length < limit,
    };
  }

  async lastPosition(): Promise<number> {
    const [row] = await this.db.query<{ position: string | number }>(sql.LAST_POSITION);
    return Number(row?.position ?? 0);
  }

  subscribe(options: SubscribeOptions): Subscription {
    const checkpoints: CheckpointStore = {
      load: async (name) => {
        const [row] = await this.db.query<{ position: string | number }>(sql.LOAD_CHECKPOINT, [name]);
        return row ? Number(row.position) : null;
      },
      save: async (name, position) => void (await this.db.query(sql.SAVE_CHECKPOINT, [name, position])),
    };
    const subscription = startCatchUpSubscription(options, this.tailReader(), checkpoints, this.wakeSource(options.minIntervalMs ?? 0));
    this.subscriptions.add(subscription);
    return {
      ...subscription,
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  /**
   * Says "new events may be there": once the log's end this process keeps for its followers (log-tail.ts)
   * has read what an append here, or (PostgreSQL) in another process on the same database, wrote. For
   * readers that keep no durable checkpoint (a live feed that starts at the end of the log), with
   * tailReader(). `minIntervalMs`: how often the reader reads at most (the tail reads no more often than
   * its most eager follower).
   */
  wakeSource(minIntervalMs?: number): WakeSource {
    this.peers.listen();
    return this.tail.wakeSource(minIntervalMs);
  }

  /**
   * readAll for a follower woken by wakeSource(): answered from the log's end this process keeps for all its
   * followers when it holds the page (log-tail.ts), from the database otherwise.
   */
  tailReader(): (after: number, limit: number, since?: number) => Promise<ReadAllPage> {
    return (after, limit, since) => {
      const from = checkRevision(after, 'after');
      const size = Math.min(checkRevision(limit, 'limit'), MAX_PAGE);
      return since === undefined ? this.readPage(from, size) : this.tail.read(from, size, since);
    };
  }

  /**
   * Calls `listener` after each append this store commits, with the events written (in-process caches of
   * read models drop what those events change). `undefined` instead of events: appends happened in
   * another process (PostgreSQL, once a wakeSource listens), with `peerStreamTypes` the stream types they
   * wrote when the notice named them (else which ones is not known).
   */
  onAppended(listener: (events: readonly StoredEvent[] | undefined, peerStreamTypes?: readonly string[]) => void): () => void {
    const call = (events?: readonly StoredEvent[], peerStreamTypes?: readonly string[]) => {
      try {
        listener(events, peerStreamTypes);
      } catch {
        // The append is committed: a listener's failure must not make it look refused.
      }
    };
    this.appended.on('appended', call);
    return () => void this.appended.off('appended', call);
  }

  async verifyStream(streamId: string): Promise<ChainVerification> {
    const [events, head] = await Promise.all([this.readStoredStream(streamId), this.streamHead(streamId)]);
    return verifyChain(streamId, events, head);
  }

  async listStreams(after = '', limit = 1000): Promise<string[]> {
    const rows = await this.db.query<{ stream_id: string }>(sql.LIST_STREAMS, [after, Math.min(limit, MAX_PAGE)]);
    return rows.map((row) => row.stream_id);
  }

  async stats(): Promise<StoreStats> {
    const rows = await this.db.query<{ stream_type: string; streams: string | number; events: string | number }>(sql.STATS_BY_TYPE);
    const [count] = await this.db.query<{ events: string | number }>('SELECT COUNT(*) AS events FROM events');
    const byStreamType = rows.map((row) => ({ streamType: row.stream_type, streams: Number(row.streams), events: Number(row.events) }));
    return {
      store: this.kind,
      events: Number(count?.events ?? 0),
      streams: byStreamType.reduce((sum, row) => sum + row.streams, 0),
      lastPosition: await this.lastPosition(),
      byStreamType,
    };
  }

  /** Rebuilds every projection, or those named in `only`. */
  rebuild(onProgress?: RebuildProgress, only?: readonly string[]): Promise<{ events: number; projections: string[] }> {
    const projections = only ? this.projections.filter((projection) => only.includes(projection.name)) : this.projections;
    return rebuildProjections(this.db, projections, onProgress, undefined, this.personalData ?? undefined);
  }

  /** The projections (name, the event types they read; undefined: all). */
  projectionNames(): { name: string; eventTypes: readonly string[] | undefined }[] {
    return this.projections.map((projection) => ({ name: projection.name, eventTypes: projection.eventTypes }));
  }

  /** The persons' keys the store seals with, when personal data is sealed. */
  get personalKeys(): PersonalKeyStore | null {
    return this.personalData?.keys ?? null;
  }

  /** Stops this store's subscriptions, then closes the database. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    this.tail.close();
    this.appended.removeAllListeners();
    await this.peers.close();
    await this.db.close();
  }
}

class NotWritten extends Error {}

/** Held while one process (re)makes binaan_log_page, so processes starting together do not collide. */
const LOG_PAGE_LOCK = 7_310_002;

/** binaan_log_page as this code defines it (statements.ts): made when missing or when its text changed. */
async function installLogPageFunction(db: SqlDatabase): Promise<void> {
  const version = createHash('sha256').update(sql.LOG_PAGE_FUNCTION).digest('hex').slice(0, 32);
  const installed = async (via: SqlExecutor) => {
    const [row] = await via.query<{ version: string | null }>(
      `SELECT obj_description(to_regprocedure('binaan_log_page(bigint,integer,boolean)'), 'pg_proc') AS version`,
    );
    return row?.version === version;
  };
  if (await installed(db)) return;
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOG_PAGE_LOCK]);
    if (await installed(tx)) return;
    await tx.query(sql.LOG_PAGE_FUNCTION);
    await tx.query(`COMMENT ON FUNCTION binaan_log_page(bigint, integer, boolean) IS '${version}'`);
  });
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/** The chained events as the projections and the caller see them: the plain data in place of the sealed. */
function withPlainData(events: StoredEvent[], plainData: JsonValue[] | null): StoredEvent[] {
  return plainData ? events.map((event, index) => ({ ...event, data: plainData[index]! })) : events;
}

type Outcome = { written: true; events: StoredEvent[] } | { written: false } | AppendResult;
type Statement = { text: string; params: unknown[] };

/** The single append statement for these events chained onto base (see statements.ts and pglite-append-functions.ts). */
/** `zipped`: the multi-event form even for one event (projections' statements ride on its layout). */
function appendStatement(kind: 'pglite' | 'postgres', prepared: Prepared, base: Base, events: StoredEvent[], zipped = false): Statement {
  const last = events[events.length - 1]!;
  const recordedAt = last.metadata.recordedAt;
  if (events.length === 1 && !zipped) {
    const event = prepared.events[0]!;
    if (kind === 'postgres') {
      return {
        text: base.revision === -1 ? sql.APPEND_ONE_NEW_STREAM : sql.APPEND_ONE_EXISTING_STREAM,
        params: [
          prepared.streamId,
          prepared.streamType,
          last.revision,
          last.hash,
          recordedAt,
          last.id,
          last.type,
          event.dataJson,
          event.metadataJson,
          last.prevHash,
        ],
      };
    }
    const head = [prepared.streamId, prepared.streamType, last.revision, last.hash, recordedAt, base.revision];
    return {
      text: CALL_APPEND_EVENT,
      params: [...head, base.revision === -1 ? null : base.hash, last.id, last.type, event.dataJson, event.metadataJson, last.prevHash],
    };
  }
  const head = [prepared.streamId, prepared.streamType, last.revision, last.hash, recordedAt, base.revision];
  // Array literals need no quoting here: ids are UUIDs, hashes hex, types [A-Za-z0-9_.-] (quoted, so
  // that a type named NULL stays a name). Data and metadata are canonical JSON (see INSERT_EVENTS).
  const columns = [
    `{${events.map((e) => e.id).join(',')}}`,
    `{${events.map((e) => e.revision).join(',')}}`,
    `{"${events.map((e) => e.type).join('","')}"}`,
    `[${prepared.events.map((e) => e.dataJson).join(',')}]`,
    `[${prepared.events.map((e) => e.metadataJson).join(',')}]`,
    `{${events.map((e) => e.prevHash).join(',')}}`,
    `{${events.map((e) => e.hash).join(',')}}`,
  ];
  if (kind === 'pglite') return { text: CALL_APPEND_EVENTS, params: [...head, base.revision === -1 ? null : base.hash, ...columns] };
  const params: unknown[] = [...head, ...columns];
  if (base.revision !== -1) params.push(base.hash);
  return { text: base.revision === -1 ? sql.APPEND_NEW_STREAM : sql.APPEND_EXISTING_STREAM, params };
}

/** The append statement with the projections' statements riding in it, their parameters numbered after its own. */
function withStatements(append: Statement, base: Base, inline: readonly InlineStatement[]): Statement {
  const params = [...append.params];
  const texts = inline.map((statement) => {
    const offset = params.length;
    params.push(...statement.params);
    return statement.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  return { text: sql.appendWithStatements(base.revision === -1, texts), params };
}

/** Runs it; true when every event was written (their global positions are filled in). */
async function runAppend(db: SqlExecutor, statement: Statement, events: StoredEvent[]): Promise<boolean> {
  type Row = { global_position?: string | number | null; positions?: string | null };
  const rows = await db.query<Row>(statement.text, statement.params, PREPARED);
  // PostgreSQL's multi-event statements give the positions as one text (statements.ts POSITIONS).
  const positions =
    rows.length === 1 && rows[0]!.positions !== undefined
      ? (rows[0]!.positions?.split(',') ?? [])
      : rows.map((row) => row.global_position).filter((position) => position !== null && position !== undefined);
  if (positions.length !== events.length) return false;
  positions.forEach((position, index) => (events[index]!.globalPosition = Number(position)));
  return true;
}
