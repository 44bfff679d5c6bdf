// The catch-up loop's pacing: woken by every append of a busy writer, a subscription with minIntervalMs
// reads the log at most once per interval (the same events in fewer, larger pages), delivers every event,
// and still stops at once.

import { describe, expect, it } from '@jest/globals';
import { startCatchUpSubscription, type WakeSource } from './catch-up-subscription.js';
import type { StoredEvent } from './types.js';

/** A log in memory, a wake source to fire by hand, and a count of the reads. */
function fakeLog() {
  const events: StoredEvent[] = [];
  const listeners = new Set<() => void>();
  const wake: WakeSource = { onWake: (listener) => (listeners.add(listener), () => void listeners.delete(listener)) };
  const log = {
    reads: 0,
    append() {
      events.push({ globalPosition: events.length + 1 } as StoredEvent);
      for (const listener of listeners) listener();
    },
    read: async (after: number, limit: number) => {
      log.reads++;
      const page = events.slice(after, after + limit);
      return { events: page, nextAfter: after + page.length, isEnd: after + page.length >= events.length };
    },
  };
  return { log, wake };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const memory = () => {
  let saved = 0;
  return { load: async () => saved, save: async (_: string, position: number) => void (saved = position) };
};

async function run(minIntervalMs: number) {
  const { log, wake } = fakeLog();
  const delivered: number[] = [];
  const subscription = startCatchUpSubscription(
    {
      name: 'paced',
      pollIntervalMs: 60_000,
      minIntervalMs,
      handler: async (events) => void delivered.push(...events.map((e) => e.globalPosition)),
    },
    log.read,
    memory(),
    wake,
  );
  await subscription.caughtUp;
  const before = log.reads;
  // 100 appends over about 200 ms (more on a busy machine), each waking the subscription.
  const appending = Date.now();
  for (let i = 0; i < 100; i++) {
    log.append();
    await sleep(2);
  }
  const appendMs = Date.now() - appending;
  await sleep(minIntervalMs + 100);
  const reads = log.reads - before;
  const stopping = Date.now();
  await subscription.stop();
  return { reads, delivered, appendMs, stopMs: Date.now() - stopping };
}

describe('catch-up subscription pacing (minIntervalMs)', () => {
  it('reads a busy log at most once per interval and still delivers every event in order', async () => {
    const paced = await run(50);
    expect(paced.delivered).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // One read per 50 ms while appends came (and one after): a handful, not one per append.
    expect(paced.reads).toBeLessThanOrEqual(Math.ceil(paced.appendMs / 50) + 2);
    expect(paced.reads).toBeLessThan(50);
    const eager = await run(0);
    expect(eager.delivered).toEqual(paced.delivered);
    expect(eager.reads).toBeGreaterThan(30);
  });

  it('stops at once while waiting for its turn', async () => {
    const { log, wake } = fakeLog();
    const subscription = startCatchUpSubscription(
      { name: 'stopping', pollIntervalMs: 60_000, minIntervalMs: 30_000, handler: async () => undefined },
      log.read,
      memory(),
      wake,
    );
    await subscription.caughtUp;
    log.append();
    await sleep(20);
    const stopping = Date.now();
    await subscription.stop();
    expect(Date.now() - stopping).toBeLessThan(1000);
  });
});

describe('a catch-up subscription through a store outage', () => {
  it('waits for its checkpoint (never starts over from 0), then resumes where it was: every event once, in order', async () => {
    const { log, wake } = fakeLog();
    for (let i = 0; i < 5; i++) log.append();
    let down = true;
    let saved = 3;
    const errors: unknown[] = [];
    const away = () => {
      if (down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    };
    const checkpoints = {
      load: async () => (away(), saved),
      save: async (_: string, position: number) => (away(), void (saved = position)),
    };
    const delivered: number[] = [];
    const subscription = startCatchUpSubscription(
      {
        name: 'outage',
        pollIntervalMs: 20,
        handler: async (events) => void delivered.push(...events.map((e) => e.globalPosition)),
        onError: (error) => errors.push(error),
      },
      async (after, limit) => (away(), log.read(after, limit)),
      checkpoints,
      wake,
    );
    await sleep(1300);
    expect(delivered).toEqual([]);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    down = false;
    await subscription.caughtUp;
    expect(delivered).toEqual([4, 5]);
    // Down again while events arrive: they come once each when it is back.
    down = true;
    log.append();
    log.append();
    await sleep(1200);
    down = false;
    for (let i = 0; i < 60 && delivered.length < 4; i++) await sleep(50);
    log.append();
    for (let i = 0; i < 60 && delivered.length < 5; i++) await sleep(50);
    await subscription.stop();
    expect(delivered).toEqual([4, 5, 6, 7, 8]);
    expect(saved).toBe(8);
  }, 20_000);
});
