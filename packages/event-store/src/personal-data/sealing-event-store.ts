// Personal data sealing above any event store: the KurrentDB adapter's way to it (it sits
// above the store). Declared fields are sealed in the request before the store sees it, so
// the store chains and hashes the sealed data exactly as the SQL store does with its built-in codec; every
// read (streams, the log, pages, subscriptions) is opened on the way out. The keys live in a key store of
// their own (SQL, beside or apart from the events), never in the event store: forgetting and retention
// destroy them there, and the events in KurrentDB keep verifying.
//
// The SQL store takes the codec itself instead (SqlEventStoreOptions.personalData): there the projections
// run in the append's transaction and must see the plain data, and the canonical JSON is written once.

import type {
  AppendRequest,
  AppendResult,
  ChainVerification,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadAllPage,
  ReadStreamOptions,
  StoreStats,
  StoredEvent,
  StreamHead,
  SubscribeOptions,
  Subscription,
} from '../types.js';
import { checkStreamId } from '../validate.js';
import type { PersonalDataCodec, SealableEvent } from './personal-data.js';
import type { PersonalKeyStore } from './sql-key-store.js';

export class SealingEventStore implements EventStore {
  readonly kind: EventStore['kind'];

  /** `onClose`: closes what holds the keys (its own database) after the store. */
  constructor(
    readonly inner: EventStore,
    private readonly codec: PersonalDataCodec,
    private readonly onClose?: () => Promise<void>,
  ) {
    this.kind = inner.kind;
  }

  /** The persons' keys it seals with (to forget a person, and for retention). */
  get personalKeys(): PersonalKeyStore | null {
    return this.codec.keys ?? null;
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    // Malformed requests go to the store untouched: it refuses them with the same typed errors as unsealed.
    if (request === null || typeof request !== 'object' || !Array.isArray(request.events)) return this.inner.append(request);
    // Copies: sealing replaces each copy's data, never the caller's. (Checked as unknown: the request comes from outside.)
    const events = (request.events as readonly unknown[]).map((event): unknown =>
      event !== null && typeof event === 'object' ? { ...event } : event,
    );
    const sealable = events.filter((event): event is SealableEvent => {
      const candidate = event as Partial<SealableEvent> | null;
      return candidate !== null && typeof candidate === 'object' && typeof candidate.type === 'string' && candidate.data !== undefined;
    });
    // The subject may come from the stream id: checked first, so a bad one is the store's refusal, not a codec error.
    if (sealable.length > 0) checkStreamId(request.streamId);
    const plain = sealable.length > 0 ? await this.codec.seal(request.streamId, sealable) : null;
    const result = await this.inner.append(plain ? { ...request, events: events as NewEvent[] } : request);
    // What the store wrote back is sealed: opened as any read (lazily, from the keys just used).
    return plain ? { ...result, events: await this.codec.open(result.events) } : result;
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    return this.codec.open(await this.inner.readStream(streamId, options));
  }

  streamHead(streamId: string): Promise<StreamHead | null> {
    return this.inner.streamHead(streamId);
  }

  async readAll(options?: ReadAllOptions): Promise<ReadAllPage> {
    return this.openPage(await this.inner.readAll(options));
  }

  async *readAllPages(options?: ReadAllOptions): AsyncGenerator<ReadAllPage> {
    for await (const page of this.inner.readAllPages(options)) yield await this.openPage(page);
  }

  lastPosition(): Promise<number> {
    return this.inner.lastPosition();
  }

  subscribe(options: SubscribeOptions): Subscription {
    return this.inner.subscribe({ ...options, handler: async (events) => options.handler(await this.codec.open(events as StoredEvent[])) });
  }

  /** The store reads what it stored (sealed): the chain covers those bytes, before and after an erasure. */
  verifyStream(streamId: string): Promise<ChainVerification> {
    return this.inner.verifyStream(streamId);
  }

  listStreams(after?: string, limit?: number): Promise<string[]> {
    return this.inner.listStreams(after, limit);
  }

  stats(): Promise<StoreStats> {
    return this.inner.stats();
  }

  async close(): Promise<void> {
    try {
      await this.inner.close();
    } finally {
      await this.onClose?.();
    }
  }

  private async openPage(page: ReadAllPage): Promise<ReadAllPage> {
    const events = await this.codec.open(page.events);
    return events === page.events ? page : { ...page, events };
  }
}

/** The key store of a store that seals personal data (the SQL store with its codec, or a sealing store), else null. */
export function personalKeysOf(store: EventStore): PersonalKeyStore | null {
  const keys = (store as { personalKeys?: PersonalKeyStore | null }).personalKeys;
  return keys ?? null;
}
