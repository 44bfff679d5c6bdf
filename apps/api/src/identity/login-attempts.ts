// Lock-out after failed sign-ins, folded from the attempts on one e-mail (known or not, so the lock
// itself says nothing about whether an account exists). After 5 failures in a row: 1 minute, doubling
// with each further failure, 15 minutes at most; it ends by itself and a success resets it.

import type { StoredEvent } from '@binaan/event-store';

export const FAILURES_BEFORE_LOCK = 5;
export const MAX_LOCK_MS = 15 * 60_000;
/** Enough of the stream's tail to know the current run of failures. */
export const ATTEMPTS_TAIL = 20;

export type LockState = { failures: number; lastFailureAt: number; until: number | null };

/**
 * The run of failures and the lock it makes. A refusal while locked carries the run it was refused for,
 * so refusals filling the tail (someone hammering during the lock) cannot hide the failures before them.
 */
export function lockState(tail: readonly StoredEvent[]): LockState {
  let failures = 0;
  let lastFailureAt = 0;
  for (const event of tail) {
    if (event.type === 'LoginSucceeded') failures = 0;
    if (event.type === 'LoginFailed') {
      failures++;
      // An attempt moved by migrate-lookup-keys keeps the time it was first recorded at.
      const migrated = (event.metadata as { migratedRecordedAt?: unknown }).migratedRecordedAt;
      lastFailureAt = Date.parse(typeof migrated === 'string' ? migrated : event.metadata.recordedAt);
    }
    if (event.type === 'LoginRefused') {
      const carried = event.data as { failures?: unknown; lastFailureAt?: unknown };
      if (typeof carried.failures === 'number' && typeof carried.lastFailureAt === 'string') {
        failures = carried.failures;
        lastFailureAt = Date.parse(carried.lastFailureAt);
      }
    }
  }
  if (failures < FAILURES_BEFORE_LOCK) return { failures, lastFailureAt, until: null };
  const delay = Math.min(MAX_LOCK_MS, 60_000 * 2 ** (failures - FAILURES_BEFORE_LOCK));
  return { failures, lastFailureAt, until: lastFailureAt + delay };
}

export function lockedUntil(tail: readonly StoredEvent[]): number | null {
  return lockState(tail).until;
}
