// The event store on KurrentDB / EventStoreDB, for when one PostgreSQL is outgrown. No server can run on
// our development machines, so its contract tests run only where KURRENTDB_URL names one.
//
// Mapping (also in the README):
// - stream id = KurrentDB stream name; our stream type, recordedAt, prevHash and hash travel in the event's
//   JSON metadata as { metadata, chain: { streamType, prevHash, hash } }.
// - expected revision: number -> bigint revision, 'no_stream' -> NO_STREAM, 'stream_exists' and 'any' ->
//   the head we read to chain the hash onto, so the chain stays linear under races (a lost race is retried).
// - idempotency: KurrentDB answers success without writing when the same event ids are appended again at
//   the same place; we read the events back so the reply carries what was stored first.
// - global position: the commit position of $all (sparse, ordered). Catch-up reads $all from it, skipping
//   system events and our checkpoint streams; checkpoints are events in `binaan-checkpoint-<name>`.
// - a server away (unavailable, deadline exceeded, not the leader): each call is tried again with backoff
//   (transient.ts, about 3 s in all), then StoreUnavailable (the API's 503). A read starts over; an append
//   first checks whether its events were stored after all. Subscriptions keep their position in memory and
//   their checkpoint in the server, so after an outage they go on from where they were.

import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  WrongExpectedVersionError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { startCatchUpSubscription } from '../catch-up-subscription.js';
import { DuplicateEventId, WrongExpectedRevision } from '../errors.js';
import { chainEvents, GENESIS_HASH, verifyChain } from '../hash-chain.js';
import type {
  AppendRequest,
  AppendResult,
  ChainVerification,
  EventMetadata,
  EventStore,
  JsonValue,
  ReadAllOptions,
  ReadAllPage,
  ReadStreamOptions,
  StoreStats,
  StoredEvent,
  StreamHead,
  SubscribeOptions,
  Subscription,
} from '../types.js';
import { checkRevision, checkStreamId, prepareAppend } from '../validate.js';
import { pagesOf } from '../read-all-pages.js';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from './transient.js';

/** What the adapter uses of the client (tests hand in a fake that fails on purpose). */
export type KurrentDbClient = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'dispose'>;

type StoredMetadata = { metadata: EventMetadata; chain: { streamType: string; prevHash: string; hash: string } };
const CHECKPOINT_PREFIX = 'binaan-checkpoint-';
const MAX_ATTEMPTS = 5;

function isOurs(resolved: AllStreamResolvedEvent | ResolvedEvent): boolean {
  const event = resolved.event;
  return (
    !!event &&
    event.isJson &&
    !event.type.startsWith('$') &&
    !event.streamId.startsWith(CHECKPOINT_PREFIX) &&
    !event.streamId.startsWith('$')
  );
}

function toStoredEvent(resolved: AllStreamResolvedEvent | ResolvedEvent): StoredEvent {
  const event = resolved.event!;
  const stored = event.metadata as unknown as StoredMetadata;
  return {
    id: event.id,
    streamId: event.streamId,
    streamType: stored.chain.streamType,
    revision: Number(event.revision),
    globalPosition: Number(event.position?.commit ?? resolved.commitPosition ?? 0n),
    type: event.type,
    data: event.data as JsonValue,
    metadata: stored.metadata,
    prevHash: stored.chain.prevHash,
    hash: stored.chain.hash,
  };
}

export class KurrentDbEventStore implements EventStore {
  readonly kind = 'kurrentdb' as const;

  private constructor(
    private readonly client: KurrentDbClient,
    private readonly retryPolicy: RetryPolicy,
  ) {}

  static async connect(connectionString: string): Promise<KurrentDbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    return new KurrentDbEventStore(client, DEFAULT_RETRY);
  }

  /** Over a client made elsewhere (tests: a fake that fails on purpose, with a quick retry policy). */
  static withClient(client: KurrentDbClient, retryPolicy: RetryPolicy = DEFAULT_RETRY): KurrentDbEventStore {
    return new KurrentDbEventStore(client, retryPolicy);
  }

  private retry<T>(operation: () => Promise<T>, beforeRetry?: () => Promise<T | undefined>): Promise<T> {
    return withRetry(operation, this.retryPolicy, beforeRetry);
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const prepared = prepareAppend(request, randomUUID);
    const expected = prepared.expectedRevision;
    for (let attempt = 1; ; attempt++) {
      const head = await this.streamHead(prepared.streamId);
      const actual = head ? head.revision : 'no_stream';
      const fits = expected === 'any' || expected === actual || (expected === 'stream_exists' && head !== null);
      if (!fits) {
        const retry = await this.alreadyStored(
          prepared.streamId,
          prepared.events.map((e) => e.id),
          expected,
        );
        if (retry) return retry;
        throw new WrongExpectedRevision(prepared.streamId, expected, actual);
      }
      const base = head ?? { revision: -1, hash: GENESIS_HASH };
      const recordedAt = new Date();
      const events = chainEvents(prepared, prepared.events, base, recordedAt).map((event) => {
        const stored: StoredMetadata = {
          metadata: event.metadata,
          chain: { streamType: event.streamType, prevHash: event.prevHash, hash: event.hash },
        };
        return jsonEvent({ id: event.id, type: event.type, data: event.data as never, metadata: stored as never });
      });
      try {
        // Retried while the server is away; a retry first looks whether the last try was stored after all.
        const ids = prepared.events.map((event) => event.id);
        await this.retry<'appended'>(
          async () => {
            await this.client.appendToStream(prepared.streamId, events, { expectedRevision: head ? BigInt(head.revision) : NO_STREAM });
            return 'appended';
          },
          async () => ((await this.storedAt(prepared.streamId, base.revision + 1, ids)) ? 'appended' : undefined),
        );
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
        continue;
      }
      const written = await this.readStream(prepared.streamId, { fromRevision: base.revision + 1, limit: events.length });
      const alreadyStored = written.some(
        (event, index) => event.id !== prepared.events[index]!.id || event.metadata.recordedAt !== recordedAt.toISOString(),
      );
      if (written.some((event, index) => event.id !== prepared.events[index]!.id)) throw new DuplicateEventId(prepared.events[0]!.id);
      return { streamId: prepared.streamId, nextExpectedRevision: written[written.length - 1]!.revision, events: written, alreadyStored };
    }
  }

  /** Whether `ids` are the events of the stream from `revision` on (an append whose reply was lost). */
  private async storedAt(streamId: string, revision: number, ids: readonly string[]): Promise<boolean> {
    const events = await this.readStream(streamId, { fromRevision: revision, limit: ids.length });
    return events.length === ids.length && events.every((event, index) => event.id === ids[index]);
  }

  private async alreadyStored(streamId: string, ids: string[], expected: AppendRequest['expectedRevision']): Promise<AppendResult | null> {
    if (typeof expected !== 'number' && expected !== 'no_stream') return null;
    const from = expected === 'no_stream' ? 0 : expected + 1;
    const events = await this.readStream(streamId, { fromRevision: from, limit: ids.length });
    if (events.length !== ids.length || events.some((event, index) => event.id !== ids[index])) return null;
    return { streamId, nextExpectedRevision: events[events.length - 1]!.revision, events, alreadyStored: true };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    checkStreamId(streamId);
    const from = options.fromRevision === undefined ? 0 : checkRevision(options.fromRevision, 'fromRevision');
    return this.retry(async () => {
      const events: StoredEvent[] = [];
      try {
        const read = this.client.readStream(streamId, {
          fromRevision: BigInt(from),
          direction: FORWARDS,
          ...(options.limit !== undefined ? { maxCount: options.limit } : {}),
        });
        for await (const resolved of read) {
          const event = toStoredEvent(resolved);
          if (options.toRevision !== undefined && event.revision > options.toRevision) break;
          if (options.toTime && new Date(event.metadata.recordedAt) > options.toTime) break;
          events.push(event);
        }
      } catch (error) {
        if ((error as { type?: string }).type === 'stream-not-found') return [];
        throw error;
      }
      return events;
    });
  }

  async streamHead(streamId: string): Promise<StreamHead | null> {
    checkStreamId(streamId);
    return this.retry(async () => {
      try {
        for await (const resolved of this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
          const event = toStoredEvent(resolved);
          return { streamId, streamType: event.streamType, revision: event.revision, hash: event.hash };
        }
      } catch (error) {
        if ((error as { type?: string }).type === 'stream-not-found') return null;
        throw error;
      }
      return null;
    });
  }

  readAllPages(options: ReadAllOptions = {}): AsyncGenerator<ReadAllPage> {
    return pagesOf((o) => this.readAll(o), options);
  }

  async readAll(options: ReadAllOptions = {}): Promise<ReadAllPage> {
    const after = options.after === undefined ? 0 : checkRevision(options.after, 'after');
    const limit = options.limit === undefined ? 1000 : checkRevision(options.limit, 'limit');
    const fromPosition = after === 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };
    return this.retry(async () => {
      const events: StoredEvent[] = [];
      let seen = 0;
      // One more than a page is read: an event of ours after a full page means the log goes on. (Stopping
      // at the full page, as this did, counted too few seen and ended a full page's walk there.)
      let more = false;
      for await (const resolved of this.client.readAll({ fromPosition, direction: FORWARDS, maxCount: limit + 1 })) {
        seen++;
        if (!isOurs(resolved)) continue;
        const event = toStoredEvent(resolved);
        if (event.globalPosition <= after) continue;
        if (events.length === limit) {
          more = true;
          break;
        }
        events.push(event);
      }
      return { events, nextAfter: events.length ? events[events.length - 1]!.globalPosition : after, isEnd: !more && seen <= limit };
    });
  }

  async lastPosition(): Promise<number> {
    return this.retry(async () => {
      for await (const resolved of this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 100 })) {
        if (isOurs(resolved)) return Number(resolved.event!.position.commit);
      }
      return 0;
    });
  }

  subscribe(options: SubscribeOptions): Subscription {
    const stream = (name: string) => `${CHECKPOINT_PREFIX}${name}`;
    const checkpoints = {
      load: (name: string) =>
        this.retry(async () => {
          try {
            for await (const resolved of this.client.readStream(stream(name), { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
              return Number((resolved.event!.data as { position: number }).position);
            }
          } catch (error) {
            if ((error as { type?: string }).type === 'stream-not-found') return null;
            throw error;
          }
          return null;
        }),
      // A checkpoint saved twice is harmless (the last one counts).
      save: async (name: string, position: number) => {
        await this.retry(
          async () =>
            void (await this.client.appendToStream(stream(name), jsonEvent({ type: 'CheckpointSaved', data: { position } }), {
              expectedRevision: ANY,
            })),
        );
      },
    };
    return startCatchUpSubscription(options, (after, limit) => this.readAll({ after, limit }), checkpoints, {
      onWake: () => () => undefined,
    });
  }

  async verifyStream(streamId: string): Promise<ChainVerification> {
    return verifyChain(streamId, await this.readStream(streamId));
  }

  /** Scans $all: fine for the command line tool, not for a request path. */
  async listStreams(after = '', limit = 1000): Promise<string[]> {
    const ids = new Set<string>();
    for await (const resolved of this.client.readAll({ fromPosition: START, direction: FORWARDS })) {
      if (isOurs(resolved) && resolved.event!.streamId > after) ids.add(resolved.event!.streamId);
    }
    return [...ids].sort().slice(0, limit);
  }

  async stats(): Promise<StoreStats> {
    const byType = new Map<string, { streams: Set<string>; events: number }>();
    let events = 0;
    let lastPosition = 0;
    for await (const resolved of this.client.readAll({ fromPosition: START, direction: FORWARDS })) {
      if (!isOurs(resolved)) continue;
      const event = toStoredEvent(resolved);
      const entry = byType.get(event.streamType) ?? { streams: new Set<string>(), events: 0 };
      entry.streams.add(event.streamId);
      entry.events++;
      byType.set(event.streamType, entry);
      events++;
      lastPosition = event.globalPosition;
    }
    const byStreamType = [...byType].map(([streamType, entry]) => ({ streamType, streams: entry.streams.size, events: entry.events }));
    return { store: 'kurrentdb', events, streams: byStreamType.reduce((sum, row) => sum + row.streams, 0), lastPosition, byStreamType };
  }

  close(): Promise<void> {
    return this.client.dispose();
  }
}
