// Wakes subscriptions in other processes on the same PostgreSQL database: after an append commits, one
// NOTIFY on the store's channel; every process that subscribes LISTENs on it and wakes its subscriptions,
// which then read the log as usual (the notification carries nothing: the log is the truth, and a lost
// notification only costs the poll interval). On PGlite (one process) the local wake-up suffices.
//
// NOTIFY is sent after the append, outside its transaction: a NOTIFY inside would take PostgreSQL's
// global notify lock at every commit and serialise the writers. Notifications are coalesced: at most one
// in flight and at most one per MIN_INTERVAL_MS, the last one always sent, so a busy writer sends a few
// dozen NOTIFYs a second whatever its append rate (each is a transaction of its own on the pool, which
// appends would otherwise queue behind), and a peer hears of an append within about MIN_INTERVAL_MS.

import type { SqlDatabase } from './sql-database.js';

const MIN_INTERVAL_MS = 25;

export class PeerWake {
  private sending = false;
  private again = false;
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private listening: Promise<(() => Promise<void>) | null> | null = null;
  private closed = false;

  /** The stream types appended since the last notice went out (it names them: peers' caches drop less). */
  private readonly pending = new Set<string>();

  constructor(
    private readonly db: SqlDatabase,
    private readonly onPeerAppend: (streamTypes: readonly string[] | undefined) => void,
  ) {}

  /** After a local append of `streamTypes`: tell the other processes (no-op where the database has no change channel). */
  announce(streamTypes: Iterable<string> = []): void {
    const channel = this.db.changeChannel;
    if (!channel || this.closed) return;
    for (const type of streamTypes) this.pending.add(type);
    if (this.sending || this.timer) {
      this.again = true;
      return;
    }
    const wait = this.lastSentAt + MIN_INTERVAL_MS - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.announce();
      }, wait);
      this.timer.unref();
      return;
    }
    this.sending = true;
    this.again = false;
    this.lastSentAt = Date.now();
    const types = [...this.pending];
    this.pending.clear();
    channel
      .notify(types)
      .catch(() => undefined)
      .finally(() => {
        this.sending = false;
        if (this.again) {
          this.again = false;
          this.announce();
        }
      });
  }

  /** Starts listening (once, on the first subscriber): other processes' appends wake this one's subscriptions. */
  listen(): void {
    const channel = this.db.changeChannel;
    if (!channel || this.listening || this.closed) return;
    this.listening = channel.listen(this.onPeerAppend).catch(() => null);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const stop = await this.listening;
    await stop?.();
  }
}
