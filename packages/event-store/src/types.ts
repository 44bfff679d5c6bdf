// The event store port: what every adapter (PGlite, PostgreSQL, KurrentDB) offers. Nothing here knows
// about SQL or a network; adapters implement `EventStore`, and the contract suite checks each one.

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Who did it and why it happened. `recordedAt` is stamped by the store. */
export type EventMetadataInput = {
  actorUserId?: string | null;
  actorCompanyId?: string | null;
  correlationId?: string | null;
  causationId?: string | null;
  /** Anything else worth keeping (ip, user agent, ...): plain JSON. */
  [key: string]: JsonValue | undefined;
};

export type EventMetadata = EventMetadataInput & {
  /** ISO 8601 UTC, millisecond precision; part of the hash. */
  recordedAt: string;
};

/** An event to append. Give `id` (a UUID) when retries must be idempotent; otherwise one is made. */
export type NewEvent = {
  id?: string;
  type: string;
  data: JsonValue;
  metadata?: EventMetadataInput;
};

export type StoredEvent = {
  id: string;
  streamId: string;
  streamType: string;
  /** 0-based, gapless within the stream. */
  revision: number;
  /** Position in the global log. Unique and increasing in commit order for one writer; see readAll. */
  globalPosition: number;
  type: string;
  data: JsonValue;
  metadata: EventMetadata;
  /** Hash of the previous event in the stream (GENESIS_HASH for revision 0). */
  prevHash: string;
  /** SHA-256 (hex) over the canonical JSON of this event and prevHash. */
  hash: string;
};

/**
 * What the stream must look like for the append to go through:
 * a revision number (the stream's last revision), 'no_stream', 'stream_exists' or 'any'.
 */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export type AppendRequest = {
  streamId: string;
  /** The kind of thing the stream records (tender, user, company, ...). Fixed by the first append. */
  streamType: string;
  expectedRevision: ExpectedRevision;
  events: readonly NewEvent[];
};

export type AppendResult = {
  streamId: string;
  /** The stream's revision after the append (the last event's revision). */
  nextExpectedRevision: number;
  events: StoredEvent[];
  /** True when every event was already stored at this place (an idempotent retry): nothing was written. */
  alreadyStored: boolean;
};

export type ReadStreamOptions = {
  fromRevision?: number;
  /** Inclusive. */
  toRevision?: number;
  /** Only events recorded at or before this time (as the stream stood then). */
  toTime?: Date;
  limit?: number;
};

export type ReadAllOptions = {
  /** Return events after this global position (0: from the start). */
  after?: number;
  limit?: number;
};

export type ReadAllPage = {
  events: StoredEvent[];
  /** Give this as `after` to read the next page. */
  nextAfter: number;
  /** True when no more committed events were visible. */
  isEnd: boolean;
};

export type StreamHead = { streamId: string; streamType: string; revision: number; hash: string };

export type ChainVerification = {
  streamId: string;
  ok: boolean;
  eventsChecked: number;
  /** The first revision whose event is missing, changed or out of place. */
  firstBadRevision?: number;
  reason?: string;
};

export type StoreStats = {
  store: StoreKind;
  events: number;
  streams: number;
  lastPosition: number;
  byStreamType: { streamType: string; streams: number; events: number }[];
};

export type StoreKind = 'pglite' | 'postgres' | 'kurrentdb';

export type SubscriptionHandler = (events: readonly StoredEvent[]) => Promise<void>;

export type SubscribeOptions = {
  /** Durable name: the checkpoint is kept under it and resumed after a restart. */
  name: string;
  handler: SubscriptionHandler;
  pageSize?: number;
  /** How long to wait between polls when caught up (default 250 ms). Local appends wake it at once. */
  pollIntervalMs?: number;
  /**
   * Once caught up, the least time from one read of the log to the next, however often appends wake it
   * (default 0: at once). Under a busy writer a subscription woken by every append reads a page of one or
   * two events per wake, two queries each; waiting this long reads the same events in fewer, larger pages.
   * Delivery is that much later at most. SQL stores; KurrentDB's subscriptions are pushed and ignore it.
   */
  minIntervalMs?: number;
  /**
   * The least time between two saves of the checkpoint (default 0: after every page). Handlers are
   * idempotent, so a restart hands over again at most this much of the log; a subscription that most events
   * do not concern (the notifications reactor, the approval queue) saves one row a second instead of one
   * per page. Saved on stop and once caught up for that long.
   */
  checkpointEveryMs?: number;
  onError?: (error: unknown) => void;
};

export type Subscription = {
  readonly name: string;
  /** Resolves when the subscription has delivered everything committed before it started. */
  readonly caughtUp: Promise<void>;
  /** The last position delivered and checkpointed. */
  position(): number;
  stop(): Promise<void>;
};

export interface EventStore {
  readonly kind: StoreKind;
  append(request: AppendRequest): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  streamHead(streamId: string): Promise<StreamHead | null>;
  readAll(options?: ReadAllOptions): Promise<ReadAllPage>;
  /** readAll from `after` to the end of the log, page after page (replays): the last page has isEnd. */
  readAllPages(options?: ReadAllOptions): AsyncGenerator<ReadAllPage>;
  lastPosition(): Promise<number>;
  subscribe(options: SubscribeOptions): Subscription;
  verifyStream(streamId: string): Promise<ChainVerification>;
  /** Every stream id, in pages (for verify-all and stats). */
  listStreams(after?: string, limit?: number): Promise<string[]>;
  stats(): Promise<StoreStats>;
  close(): Promise<void>;
}
