// Where the time of a login goes: wraps methods of the running application's objects (the event store,
// the password hasher, the session tokens) with timers. The wrappers cost a few microseconds per call.

import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

export class Timer {
  calls = 0;
  totalMs = 0;
  maxMs = 0;
  /** Failed calls by error name and message (ids and numbers blanked, so alike errors add up), e.g. the store's WrongExpectedRevision. */
  readonly errors = new Map<string, number>();

  fail(error: unknown): void {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const key = text
      .replace(/[0-9a-f]{16,}/g, '<id>')
      .replace(/\b\d+\b/g, 'N')
      .slice(0, 160);
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  add(elapsed: number): void {
    this.calls++;
    this.totalMs += elapsed;
    this.maxMs = Math.max(this.maxMs, elapsed);
  }

  reset(): void {
    this.calls = 0;
    this.totalMs = 0;
    this.maxMs = 0;
    this.errors.clear();
  }
}

/**
 * Calls timed under one group do not count again when they call each other (the store's append reads
 * the stream head through its own streamHead): only the outermost call of the group is timed.
 */
export class TimerGroup {
  readonly inside = new AsyncLocalStorage<true>();
}

/** Times every call of `target[method]` (async or not) into `timer`; answers the undo. */
export function instrument(target: object, method: string, timer: Timer, group = new TimerGroup()): () => void {
  const original: unknown = Reflect.get(target, method);
  if (typeof original !== 'function') throw new Error(`cannot time ${method}: not a method`);
  const own = Object.prototype.hasOwnProperty.call(target, method);
  const timed = function (this: unknown, ...args: unknown[]): unknown {
    if (group.inside.getStore()) return Reflect.apply(original, this, args);
    const start = performance.now();
    let result: unknown;
    try {
      result = group.inside.run(true, () => Reflect.apply(original, this, args));
    } catch (error) {
      timer.add(performance.now() - start);
      timer.fail(error);
      throw error;
    }
    if (result instanceof Promise) {
      return result.then(
        (value: unknown) => {
          timer.add(performance.now() - start);
          return value;
        },
        (error: unknown) => {
          timer.add(performance.now() - start);
          timer.fail(error);
          throw error;
        },
      );
    }
    timer.add(performance.now() - start);
    return result;
  };
  Reflect.set(target, method, timed);
  return () => {
    if (own) Reflect.set(target, method, original);
    else Reflect.deleteProperty(target, method);
  };
}
