// A catch-up subscription: reads the global log page by page from its durable checkpoint, hands each
// page to the handler, then saves the checkpoint. After a restart it continues from the last saved
// checkpoint, so delivery is at-least-once: a page whose handler finished but whose checkpoint was not
// saved is delivered again (handlers are idempotent, or keep their own position).

import type { ReadAllPage, SubscribeOptions, Subscription } from './types.js';

export type CheckpointStore = {
  load(name: string): Promise<number | null>;
  save(name: string, position: number): Promise<void>;
};

/**
 * A page of the log after `after`. `since`, from a wake source that counts what it has heard (the SQL
 * store's shared log tail): the page may only end the log if it was read after that count was reached.
 */
export type LogReader = (after: number, limit: number, since?: number) => Promise<ReadAllPage>;

/**
 * Something that says "new events may be there": local appends, or a database notification. A source that
 * counts them (the SQL store's log tail) hands the listener the count its next read may ask for, and
 * `bump` gives a count that forces a fresh read (a poll, which must not be answered from memory).
 */
export type WakeSource = { onWake(listener: (since?: number) => void): () => void; bump?: () => number };

const RETRY_AFTER_ERROR_MS = 1000;

export function startCatchUpSubscription(
  options: SubscribeOptions,
  read: LogReader,
  checkpoints: CheckpointStore,
  wake: WakeSource,
): Subscription {
  const pageSize = options.pageSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const minIntervalMs = options.minIntervalMs ?? 0;
  const checkpointEveryMs = options.checkpointEveryMs ?? 0;
  let position = 0;
  let saved = 0;
  let savedAt = 0;
  /** What the next read may be answered from (see LogReader); a wake with a count sets it. */
  let since: number | undefined;
  let wokenSince: number | undefined;
  let stopped = false;
  let wakeUp: () => void = () => undefined;
  let woken = false;
  const unsubscribe = wake.onWake((count) => {
    woken = true;
    if (count !== undefined) wokenSince = Math.max(wokenSince ?? count, count);
    wakeUp();
  });
  let markCaughtUp: () => void = () => undefined;
  const caughtUp = new Promise<void>((resolve) => (markCaughtUp = resolve));

  /** Ends the pause under way when the subscription stops. */
  let stopEarly: () => void = () => undefined;

  /** Waits `ms`, or less when stopped or (`wakeable`) woken. */
  const pause = (ms: number, wakeable = true) =>
    new Promise<void>((resolve) => {
      if ((wakeable && woken) || stopped || ms <= 0) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = () => undefined;
        stopEarly = () => undefined;
        resolve();
      }
      if (wakeable) wakeUp = done;
      stopEarly = done;
    });

  const saveCheckpoint = async () => {
    const at = position;
    await checkpoints.save(options.name, at);
    saved = at;
    savedAt = Date.now();
  };
  /** Caught up with an unsaved position: saved once the interval is over, unless woken first (then later). */
  const pauseThenSave = async () => {
    await pause(savedAt + checkpointEveryMs - Date.now());
    if (!woken && !stopped) await saveCheckpoint();
  };

  const loop = (async () => {
    // The checkpoint first, however long the store is away: starting from 0 instead would hand the whole
    // log to the handler again.
    for (let loaded = false; !loaded && !stopped;) {
      try {
        position = (await checkpoints.load(options.name)) ?? 0;
        loaded = true;
      } catch (error) {
        options.onError?.(error);
        await pause(RETRY_AFTER_ERROR_MS);
      }
    }
    while (!stopped) {
      try {
        // Woken with a count: a read after it. Else (a poll, the first read, after an error) a fresh read.
        if (woken && wokenSince !== undefined) since = wokenSince;
        else if (!woken || since === undefined) since = wake.bump?.();
        woken = false;
        wokenSince = undefined;
        const readAt = Date.now();
        const page = await read(position, pageSize, since);
        if (page.events.length > 0 && !stopped) {
          await options.handler(page.events);
          position = page.nextAfter;
          // At least once: a page handled but not yet saved is handed over again after a restart.
          if (Date.now() - savedAt >= checkpointEveryMs) await saveCheckpoint();
        }
        if (page.isEnd) {
          markCaughtUp();
          if (position !== saved && checkpointEveryMs > 0) await pauseThenSave();
          await pause(pollIntervalMs);
          // Woken at once by a busy writer: the next read waits for its turn (woken stays set, so it reads then).
          if (minIntervalMs > 0) await pause(readAt + minIntervalMs - Date.now(), false);
        }
      } catch (error) {
        options.onError?.(error);
        await pause(RETRY_AFTER_ERROR_MS);
      }
    }
  })();

  return {
    name: options.name,
    caughtUp,
    position: () => position,
    async stop() {
      stopped = true;
      wakeUp();
      stopEarly();
      unsubscribe();
      await loop;
      // What was handled since the last save, saved now (a failure here only means handing it over again).
      if (position !== saved) await saveCheckpoint().catch((error) => options.onError?.(error));
    },
  };
}
