// A catch-up subscription: reads the global log page by page from its durable checkpoint, hands each
// page to the handler, then saves the checkpoint. After a restart it continues from the last saved
// checkpoint, so delivery is at-least-once: a page whose handler finished but whose checkpoint was not
// saved is delivered again (handlers are idempotent, or keep their own position).

import type { ReadAllPage, SubscribeOptions, Subscription } from './types.js';

export type CheckpointStore = {
  load(name: string): Promise<number | null>;
  save(name: string, position: number): Promise<void>;
};

export type LogReader = (after: number, limit: number) => Promise<ReadAllPage>;

/** Something that says "new events may be there": local appends, or a database notification. */
export type WakeSource = { onWake(listener: () => void): () => void };

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
  let position = 0;
  let stopped = false;
  let wakeUp: () => void = () => undefined;
  let woken = false;
  const unsubscribe = wake.onWake(() => {
    woken = true;
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

  const loop = (async () => {
    // The checkpoint first, however long the store is away: starting from 0 instead would hand the whole
    // log to the handler again.
    for (let loaded = false; !loaded && !stopped; ) {
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
        woken = false;
        const readAt = Date.now();
        const page = await read(position, pageSize);
        if (page.events.length > 0 && !stopped) {
          await options.handler(page.events);
          position = page.nextAfter;
          await checkpoints.save(options.name, position);
        }
        if (page.isEnd) {
          markCaughtUp();
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
    },
  };
}
