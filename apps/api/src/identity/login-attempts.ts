// Lock-out after failed sign-ins, folded from the attempts on one e-mail (known or not, so the lock
// itself says nothing about whether an account exists). After 5 failures in a row: 1 minute, doubling
// with each further failure, 15 minutes at most; it ends by itself and a success resets it.

import type { StoredEvent } from '@binaan/event-store';

export const FAILURES_BEFORE_LOCK = 5;
export const MAX_LOCK_MS = 15 * 60_000;
/** Enough of the stream's tail to know the current run of failures. */
export const ATTEMPTS_TAIL = 20;

export function lockedUntil(tail: readonly StoredEvent[]): number | null {
  let failures = 0;
  let lastFailureAt = 0;
  for (const event of tail) {
    if (event.type === 'LoginSucceeded') failures = 0;
    if (event.type === 'LoginFailed') {
      failures++;
      lastFailureAt = Date.parse(event.metadata.recordedAt);
    }
  }
  if (failures < FAILURES_BEFORE_LOCK) return null;
  const delay = Math.min(MAX_LOCK_MS, 60_000 * 2 ** (failures - FAILURES_BEFORE_LOCK));
  return lastFailureAt + delay;
}
