// A request's principal, kept for at most a second per token, so that a client sending many calls in a
// row (an approver working a queue, bulk actions, the bench's 16 connections) is not read from the
// database on every one of them. What keeps it honest:
//  - every append in this process that can change a principal (a session started or ended, a user's
//    status, terms or password flag, a company's roles and members: in short anything but document and
//    notification streams and the cost plans' row edits: store/busy-streams.ts) empties it at once, before the caller of that append gets its reply: a
//    logout or a withdrawn role is refused on the next call;
//  - an append in another process (PostgreSQL's change channel) empties it too, within the channel's
//    ~25 ms, unless its notice says it wrote only document or notification streams: other instances learn
//    of a logout about as fast as they learn of anything;
//  - a read that started before such an append is not kept (the generation moved while it ran);
//  - the inactivity rule and last-seen renewal run on the database as before, at least once a second.
// Entries are by full token: a read-only token and a full one of the same session are told apart.

import type { StoredEvent } from '@binaan/event-store';
import type { Principal } from '../common/principal.js';
import { isBusyStream, peerMayChangeCaches } from '../store/busy-streams.js';

/**
 * Whether appended events may change a principal: any event outside the busy streams that never do counts,
 * so a stream type added later is on the safe side. Another process's append (no events) counts unless its
 * notice named only such streams.
 */
export function mayChangePrincipals(events: readonly StoredEvent[] | undefined, peerStreamTypes?: readonly string[]): boolean {
  if (events === undefined) return peerMayChangeCaches(peerStreamTypes);
  return events.some((event) => !isBusyStream(event.streamType));
}

const TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

export class PrincipalCache {
  private readonly entries = new Map<string, { principal: Principal; until: number }>();
  private generation = 0;
  /** Reads under way by token: calls that find the entry missing at once share one (cleared with the entries). */
  private inFlight = new Map<string, Promise<Principal>>();

  constructor(
    private readonly clock: () => number,
    private readonly ttlMs = TTL_MS,
  ) {}

  get(token: string): Principal | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.until <= this.clock()) {
      this.entries.delete(token);
      return null;
    }
    return entry.principal;
  }

  /** The generation to hand back to `set`: a read is kept only if nothing was cleared while it ran. */
  begin(): number {
    return this.generation;
  }

  set(token: string, principal: Principal, generation: number): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { principal: Object.freeze(principal), until: this.clock() + this.ttlMs });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.inFlight = new Map();
  }

  /**
   * The kept principal, or `read`'s, kept as `set` keeps it. Calls with the same token while a read is
   * under way share it (the bench's 16 connections all missed at each expiry and each read the session);
   * a call after a clear never joins a read that began before it.
   */
  load(token: string, read: () => Promise<Principal>): Promise<Principal> {
    const kept = this.get(token);
    if (kept) return Promise.resolve(kept);
    const pending = this.inFlight.get(token);
    if (pending) return pending;
    const generation = this.begin();
    const inFlight = this.inFlight;
    const reading = read()
      .then((principal) => {
        this.set(token, principal, generation);
        // Shared by every call that joined: frozen as a kept one is, even when a clear meant it was not kept.
        return Object.freeze(principal);
      })
      .finally(() => {
        if (inFlight.get(token) === reading) inFlight.delete(token);
      });
    inFlight.set(token, reading);
    return reading;
  }

  /** The store's append listener: events appended here, or undefined for an append in another process (with its stream types when known). */
  onAppended(events: readonly StoredEvent[] | undefined, peerStreamTypes?: readonly string[]): void {
    if (mayChangePrincipals(events, peerStreamTypes)) this.clear();
  }
}
