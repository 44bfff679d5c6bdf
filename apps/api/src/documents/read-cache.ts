// In-process cache of the read-model lookups every document request makes: the caller's levels (company
// and project), the authority manuals, who holds a level, user and company names. These change rarely
// and only through events, so the whole cache is dropped right after any append (committed) whose events
// feed the read models they come from (authority, companies, identity users, projects); events of the busy
// streams (documents, notifications, cost plans: store/busy-streams.ts) never do. An append in another process drops it too, unless its notice named only document and
// notification streams (SqlEventStore.onAppended). Entries also expire after MAX_AGE_MS: the bound on what a
// change made through another process can leave behind here (a notice that never arrived). A lookup that started before a drop is not kept, so a value read before a
// commit never outlives it. Values are shared: callers must not change them.
import { performance } from 'node:perf_hooks';
import type { EventStore, StoredEvent } from '@binaan/event-store';
import { authorityProjection } from '../authority/authority.projection.js';
import { companiesProjection } from '../companies/companies.projection.js';
import { usersProjection } from '../identity/identity.projections.js';
import { projectsProjection } from '../projects/projects.projection.js';
import { isBusyStream, peerMayChangeCaches } from '../store/busy-streams.js';
import { Lru } from '../common/lru.js';

const MAX_AGE_MS = 2000;
const ENTRIES_KEPT = 20_000;

/** Event types that change a read model this cache reads from. */
const FEEDING_TYPES = new Set(
  [authorityProjection, companiesProjection, usersProjection, projectsProjection].flatMap((projection) => projection.eventTypes ?? []),
);

/**
 * True when these appended events may change a cached lookup. Another process's append (no events): unless
 * its notice named only document and notification streams, whose events feed none of these read models.
 */
export function changesLookups(events: readonly StoredEvent[] | undefined, peerStreamTypes?: readonly string[]): boolean {
  if (events === undefined) return peerMayChangeCaches(peerStreamTypes);
  return events.some((event) => !isBusyStream(event.streamType) && FEEDING_TYPES.has(event.type));
}

type AppendSignal = {
  onAppended(listener: (events: readonly StoredEvent[] | undefined, peerStreamTypes?: readonly string[]) => void): () => void;
};

/** One cache per store (every module that builds a DocumentActors shares it). */
const caches = new WeakMap<EventStore, DocumentReadCache>();

export class DocumentReadCache {
  private readonly entries = new Lru<string, { value: unknown; at: number }>(ENTRIES_KEPT);
  private generation = 0;
  /**
   * Lookups under way, so that the requests that find an entry missing or expired at the same moment (16
   * connections of the documents bench at every expiry) share one read instead of each making its own.
   * Cleared by drop(): a request after a drop never joins a lookup that began before it.
   */
  private inFlight = new Map<string, Promise<unknown>>();
  /** Without an append signal (a store that has none) nothing is cached. */
  private readonly enabled: boolean;

  private constructor(store: EventStore) {
    const signal = store as Partial<AppendSignal>;
    this.enabled = typeof signal.onAppended === 'function';
    // The listener goes with the store (closing it drops its listeners).
    if (this.enabled) signal.onAppended!.call(store, (events, peerStreamTypes) => changesLookups(events, peerStreamTypes) && this.drop());
  }

  static of(store: EventStore): DocumentReadCache {
    let cache = caches.get(store);
    if (!cache) caches.set(store, (cache = new DocumentReadCache(store)));
    return cache;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit && performance.now() - hit.at < MAX_AGE_MS) return hit.value as T;
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const inFlight = this.inFlight;
    const loading = load()
      .then((value) => {
        if (generation === this.generation) this.entries.set(key, { value, at: performance.now() });
        return value;
      })
      .finally(() => {
        if (inFlight.get(key) === loading) inFlight.delete(key);
      });
    inFlight.set(key, loading);
    return loading;
  }

  /** Forgets everything (and any lookup in flight). */
  drop(): void {
    this.generation++;
    this.entries.clear();
    this.inFlight = new Map();
  }
}
