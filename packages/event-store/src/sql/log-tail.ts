// The end of the log, read once for every follower in this process. The API follows the log three times
// (the notifications reactor, the approval queue and the live feed), and each used to read it for itself
// after every append: on PostgreSQL a horizon read and a page read each, so a BQ edit or a workflow action
// cost two to three extra round trips (and three parses of the same rows) for readers that it mostly does
// not concern (test/bench/bills-of-quantity/profile.ts). Now one reader keeps a window of the recent log,
// refreshed after appends (here or, through LISTEN, in another process) at most once per MIN_INTERVAL_MS,
// and wakes the followers when it has read something new; they take their pages from the window.
//
// A page served from the window is the page the follower would have read from the database: the window is
// a run of consecutive readAll pages, each read from the last event of the one before, so the suffix after
// any event in it is what readAll from that event gives (the log's catch-up order, below the horizon). A
// page may only say "this is the end" when the window's last refresh reached the end and started after
// what the follower asks to see (`since`, a count of the appends heard): a follower woken by a refresh asks
// for that refresh's count; one that polls on its own (a wake-up lost between processes) bumps the count,
// which forces a fresh read. Followers the window does not cover (far behind it, or at a point it never
// held) read the database directly, as before.

import { EventEmitter } from 'node:events';
import type { ReadAllPage, StoredEvent } from '../types.js';
import type { WakeSource } from '../catch-up-subscription.js';

export type PageReader = (after: number, limit: number) => Promise<ReadAllPage>;

/**
 * Refreshes after appends at most this often when no follower says how often it wants to read; else as
 * often as the most eager follower (the approval queue: 20 ms; the reactor and the live feed: 50 ms).
 */
const MIN_INTERVAL_MS = 20;
const PAGE_LIMIT = 1000;
/** Events kept: a few seconds of a busy log; a follower further behind reads the database. */
const CAPACITY = 5000;

type Served = ReadAllPage | 'stale' | 'uncovered';
export type LogTailOptions = { minIntervalMs?: number; pageLimit?: number; capacity?: number };

export class LogTail {
  /** Appends heard (here or a peer's notice), plus polls that asked for a fresh read. */
  private generation = 0;
  private events: StoredEvent[] = [];
  /** Absolute index of events[0]; positions map to absolute indexes. */
  private base = 0;
  private readonly indexOf = new Map<number, number>();
  /** The cursor the window follows: the position just before events[0] (null: no follower has read yet). */
  private anchor: number | null = null;
  private atEnd = false;
  /** The generation at which the last refresh that reached the end started. */
  private freshAs = -1;
  private inFlight: { startedAt: number; done: Promise<void> } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastRefreshAt = 0;
  private pending = false;
  private closed = false;
  private readonly refreshed = new EventEmitter();

  private readonly minIntervalMs: number;
  /** The pace each follower asked for (wakeSource): the tail reads as often as the most eager one. */
  private readonly paces = new Map<object, number>();
  private readonly pageLimit: number;
  private readonly capacity: number;

  constructor(
    private readonly readPage: PageReader,
    options: LogTailOptions = {},
  ) {
    this.refreshed.setMaxListeners(0);
    this.minIntervalMs = options.minIntervalMs ?? MIN_INTERVAL_MS;
    this.pageLimit = options.pageLimit ?? PAGE_LIMIT;
    this.capacity = options.capacity ?? CAPACITY;
  }

  /** Something was appended (here, or in a peer process): refresh soon, then wake the followers. */
  appended(): void {
    this.generation++;
    this.schedule();
  }

  /** For a follower that polls on its own: what it reads next must come from a read started now. */
  bump(): number {
    return ++this.generation;
  }

  /**
   * Followers are woken with the generation their read may ask for. `minIntervalMs`: how often the follower
   * reads at most (its own pacing); the tail refreshes no more often than the most eager follower wants.
   */
  wakeSource(minIntervalMs?: number): WakeSource {
    return {
      onWake: (listener) => {
        const token = {};
        if (minIntervalMs !== undefined) this.paces.set(token, minIntervalMs);
        this.refreshed.on('refreshed', listener);
        return () => {
          this.paces.delete(token);
          this.refreshed.off('refreshed', listener);
        };
      },
      bump: () => this.bump(),
    };
  }

  async read(after: number, limit: number, since: number): Promise<ReadAllPage> {
    for (let attempt = 0; ; attempt++) {
      const served = this.serve(after, limit, since);
      if (typeof served === 'object') return served;
      if (served === 'uncovered') {
        if (this.anchor === null) this.anchor = after;
        // Behind the window (or at an event it never held): the database, as a follower read before.
        else if (attempt > 0 || this.fresh(since)) return this.readPage(after, limit);
      }
      await this.refresh(since);
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private fresh(since: number): boolean {
    return this.atEnd && this.freshAs >= since;
  }

  private serve(after: number, limit: number, since: number): Served {
    const at = after === this.anchor ? this.base : this.indexOf.has(after) ? this.indexOf.get(after)! + 1 : -1;
    if (at < 0) return 'uncovered';
    const start = at - this.base;
    const end = Math.min(start + limit, this.events.length);
    const page = this.events.slice(start, end);
    const nextAfter = page.length ? page[page.length - 1]!.globalPosition : after;
    if (end < this.events.length) return { events: page, nextAfter, isEnd: false };
    if (this.fresh(since)) return { events: page, nextAfter, isEnd: page.length < limit };
    // The window's end, not known to be the log's: what there is, and the follower comes back for more.
    return page.length > 0 ? { events: page, nextAfter, isEnd: false } : 'stale';
  }

  /** One refresh that started at `since` or later has finished (joined when one is in flight). */
  private async refresh(since: number): Promise<void> {
    for (;;) {
      const running = this.inFlight;
      if (running) {
        await running.done;
        if (running.startedAt >= since) return;
        continue;
      }
      await this.startRefresh().done;
      return;
    }
  }

  private startRefresh(): { startedAt: number; done: Promise<void> } {
    const startedAt = this.generation;
    const cursor = this.events.length ? this.events[this.events.length - 1]!.globalPosition : this.anchor!;
    this.lastRefreshAt = Date.now();
    this.pending = false;
    const done = this.readPage(cursor, this.pageLimit)
      .then((page) => {
        this.take(page, startedAt);
      })
      .finally(() => {
        this.inFlight = null;
        if (this.pending || this.generation > startedAt) this.schedule();
      });
    this.inFlight = { startedAt, done };
    return this.inFlight;
  }

  private take(page: ReadAllPage, startedAt: number): void {
    for (const event of page.events) {
      this.indexOf.set(event.globalPosition, this.base + this.events.length);
      this.events.push(event);
    }
    const over = this.events.length - this.capacity;
    if (over > 0) {
      for (const event of this.events.slice(0, over)) this.indexOf.delete(event.globalPosition);
      this.anchor = this.events[over - 1]!.globalPosition;
      this.events = this.events.slice(over);
      this.base += over;
    }
    this.atEnd = page.isEnd;
    if (page.isEnd) this.freshAs = Math.max(this.freshAs, startedAt);
    if (page.events.length > 0) this.refreshed.emit('refreshed', page.isEnd ? startedAt : undefined);
  }

  /** A refresh after appends: at once, or when MIN_INTERVAL_MS has passed since the last one. */
  private schedule(): void {
    if (this.closed || this.anchor === null || this.refreshed.listenerCount('refreshed') === 0) return;
    if (this.inFlight || this.timer) {
      this.pending = true;
      return;
    }
    const pace = this.paces.size ? Math.min(...this.paces.values()) : this.minIntervalMs;
    const wait = this.lastRefreshAt + pace - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.schedule();
      }, wait);
      this.timer.unref();
      return;
    }
    // A failed read is the followers' to see (their own reads meet it); the next append tries again.
    this.startRefresh().done.catch(() => undefined);
  }
}
