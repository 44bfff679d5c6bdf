// The SharedLimits adapter on PostgreSQL (DATABASE_URL): one statement per call, so the database's row
// lock makes it atomic however many processes and hosts call at once (tables: infra/migrations/0004).
// - A hit inserts the key's window or, on conflict, counts in it, opening a fresh one when it has ended,
//   and returns the count: no read-then-write that two processes could interleave.
// - A claim inserts the key; on conflict it takes the row over only when the old mark has expired, and
//   returns a row only when it did: one of any number of simultaneous claims gets it.
// Rows past their time are deleted by this process at most once a minute, piggy-backed on a call and not
// awaited by it (a failed clean-up is retried a minute later; the rows are only dead weight meanwhile).
import type { SqlExecutor } from '@binaan/event-store';
import type { SharedLimits, WindowHit } from './shared-limits.port.js';

const HIT = `INSERT INTO rate_windows AS w (key, count, resets_at) VALUES ($1, 1, $2::bigint + $3::bigint)
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN w.resets_at <= $2::bigint THEN 1 ELSE w.count + 1 END,
  resets_at = CASE WHEN w.resets_at <= $2::bigint THEN $2::bigint + $3::bigint ELSE w.resets_at END
RETURNING count, resets_at`;

const CLAIM = `INSERT INTO used_once AS u (key, expires_at) VALUES ($1, $2::bigint)
ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE u.expires_at <= $3::bigint
RETURNING key`;

const SWEEP_WINDOWS = 'DELETE FROM rate_windows WHERE resets_at <= $1::bigint';
const SWEEP_USED = 'DELETE FROM used_once WHERE expires_at <= $1::bigint';
const SWEEP_EVERY_MS = 60_000;
const PREPARED = { prepare: true } as const;

export class PostgresLimits implements SharedLimits {
  private nextSweepAt = 0;

  constructor(
    private readonly db: SqlExecutor,
    private readonly sweepEveryMs = SWEEP_EVERY_MS,
  ) {}

  async hit(key: string, windowMs: number, nowMs: number): Promise<WindowHit> {
    this.sweepNowAndThen(nowMs);
    const [row] = await this.db.query<{ count: number | string; resets_at: number | string }>(
      HIT,
      [key, Math.floor(nowMs), Math.floor(windowMs)],
      PREPARED,
    );
    return { count: Number(row!.count), resetsAtMs: Number(row!.resets_at) };
  }

  async claimOnce(key: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    this.sweepNowAndThen(nowMs);
    const rows = await this.db.query(CLAIM, [key, Math.floor(expiresAtMs), Math.floor(nowMs)], PREPARED);
    return rows.length === 1;
  }

  /** Deletes what has ended; resolves when done (tests await it, callers do not). */
  async sweep(nowMs: number): Promise<void> {
    await this.db.query(SWEEP_WINDOWS, [Math.floor(nowMs)], PREPARED);
    await this.db.query(SWEEP_USED, [Math.floor(nowMs)], PREPARED);
  }

  private sweepNowAndThen(nowMs: number): void {
    if (nowMs < this.nextSweepAt) return;
    this.nextSweepAt = nowMs + this.sweepEveryMs;
    this.sweep(nowMs).catch(() => {
      // Retried at the next minute's call; nothing the caller's request depends on.
    });
  }
}
