// Counters and one-time marks that must hold across every API process and host: the public calls' rate
// limits (certificates/public-rate-limit.ts) and the human check's used solutions (human-check/). Two
// adapters: PostgreSQL when DATABASE_URL is set (postgres-limits.ts), the process's memory on PGlite, which
// only ever has one process (in-process-limits.ts). Login lock-outs need neither: they are folded from the
// attempts recorded in the event store (identity/login-attempts.ts), which every process shares.

/** One call counted in its window: how many the window holds now, this one included, and when it ends. */
export type WindowHit = { count: number; resetsAtMs: number };

export interface SharedLimits {
  /**
   * Counts one call on `key` in a fixed window: the first call after the last window ended opens one of
   * `windowMs`. Every call counts, refused ones too (they cannot lengthen the window), so the caller
   * compares `count` with its budget. Atomic: two simultaneous calls never both see the same count.
   */
  hit(key: string, windowMs: number, nowMs: number): Promise<WindowHit>;
  /** Marks `key` used until `expiresAtMs`: true the first time, false while it is still marked. Atomic. */
  claimOnce(key: string, expiresAtMs: number, nowMs: number): Promise<boolean>;
}

export const SHARED_LIMITS = Symbol('SHARED_LIMITS');
