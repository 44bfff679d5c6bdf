// KurrentDB calls that fail because the server cannot be reached now (a node restarting, a leader
// election, a dropped channel, a deadline passed) are tried again with backoff; when the budget is spent
// the caller hears StoreUnavailable (the API's 503 with Retry-After), as with PostgreSQL. Any other error
// (a wrong expected version, a stream not found, access denied) is the answer and passes through at once.

import { StoreUnavailable } from '../errors.js';

/** The client's error types for a server that is away or busy (its ErrorType values). */
const TRANSIENT_TYPES = new Set(['unavailable', 'deadline-exceeded', 'timeout', 'not-leader']);
/** gRPC status codes of the same: UNAVAILABLE, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ABORTED. */
const TRANSIENT_GRPC_CODES = new Set([14, 4, 8, 10]);

export type RetryPolicy = {
  /** Tries in all (the first and the retries). */
  attempts: number;
  /** The first pause; each next one doubles, up to maxDelayMs, with up to a quarter of jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
};

/** About 3 s in all before the caller is told (100, 200, 400, 800, 1,600 ms). */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 100, maxDelayMs: 1600 };

export function isTransient(error: unknown): boolean {
  if (error instanceof StoreUnavailable) return true;
  const { type, code } = (error ?? {}) as { type?: unknown; code?: unknown };
  if (typeof type === 'string' && TRANSIENT_TYPES.has(type)) return true;
  return typeof code === 'number' && TRANSIENT_GRPC_CODES.has(code) && type === undefined;
}

/**
 * `operation` until it answers or fails for a reason of its own; `beforeRetry` runs before each retry
 * (an append checks there whether its events were stored after all, and answers with them if so).
 */
export async function withRetry<T>(
  operation: () => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
  beforeRetry?: () => Promise<T | undefined>,
): Promise<T> {
  const sleep = policy.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let delay = policy.baseDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      if (attempt > 1 && beforeRetry) {
        const settled = await beforeRetry();
        if (settled !== undefined) return settled;
      }
      return await operation();
    } catch (error) {
      if (!isTransient(error)) throw error;
      if (attempt >= policy.attempts) {
        throw error instanceof StoreUnavailable
          ? error
          : new StoreUnavailable(`KurrentDB: ${error instanceof Error && error.message ? error.message : 'unavailable'}`, { cause: error });
      }
      await sleep(delay + Math.floor(Math.random() * (delay / 4)));
      delay = Math.min(delay * 2, policy.maxDelayMs);
    }
  }
}
