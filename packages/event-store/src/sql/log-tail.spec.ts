// The shared log tail: several followers of one process's log get every event in order from one reader,
// a page ends the log only after a read that started after what the follower asks to see, and a follower
// the window does not hold reads the database as before. The log here is in memory; sql-event-store's
// subscriptions run through the tail on PGlite and PostgreSQL in the contract suites.

import { describe, expect, it } from '@jest/globals';
import { startCatchUpSubscription } from '../catch-up-subscription.js';
import type { ReadAllPage, StoredEvent, Subscription } from '../types.js';
import { LogTail } from './log-tail.js';

/** A log in memory read as readAll reads: the events after `after`, `limit` at most. */
function memoryLog() {
  const events: StoredEvent[] = [];
  const log = {
    reads: 0,
    events,
    add(count = 1) {
      for (let i = 0; i < count; i++) events.push({ globalPosition: events.length + 1 } as StoredEvent);
    },
    read: async (after: number, limit: number): Promise<ReadAllPage> => {
      log.reads++;
      await new Promise((resolve) => setImmediate(resolve));
      const page = events.slice(after, after + limit);
      return { events: page, nextAfter: page.length ? page[page.length - 1]!.globalPosition : after, isEnd: page.length < limit };
    },
  };
  return log;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const memory = () => {
  let saved = 0;
  return { load: async () => saved, save: async (_: string, position: number) => void (saved = position) };
};

async function until(done: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('not reached in time');
    await sleep(5);
  }
}

/**
 * Three followers of one log (paced as the api's are), through the tail or each reading the log itself. The
 * log grows in bursts (as a BQ paste or a workflow action appends several events at once), and each burst
 * is delivered to all three before the next: the reads per burst then depend on who reads, not on how fast
 * a loaded machine runs the timers.
 */
async function followers(shared: boolean) {
  const log = memoryLog();
  const tail = new LogTail(log.read);
  const listeners = new Set<() => void>();
  const delivered = [[], [], []] as number[][];
  const subscriptions: Subscription[] = delivered.map((into, i) =>
    startCatchUpSubscription(
      {
        name: `f${i}`,
        pollIntervalMs: 60_000,
        minIntervalMs: [20, 50, 50][i],
        handler: async (events) => void into.push(...events.map((e) => e.globalPosition)),
      },
      shared ? (after, limit, since) => tail.read(after, limit, since!) : log.read,
      memory(),
      shared ? tail.wakeSource() : { onWake: (listener) => (listeners.add(listener), () => void listeners.delete(listener)) },
    ),
  );
  await Promise.all(subscriptions.map((s) => s.caughtUp));
  const before = log.reads;
  for (let burst = 1; burst <= BURSTS; burst++) {
    for (let i = 0; i < BURST_SIZE; i++) {
      log.add();
      if (shared) tail.appended();
      else for (const listener of listeners) listener();
    }
    await until(() => delivered.every((d) => d.length === burst * BURST_SIZE));
  }
  const reads = log.reads - before;
  await Promise.all(subscriptions.map((s) => s.stop()));
  tail.close();
  return { reads, delivered };
}

const BURSTS = 15;
const BURST_SIZE = 10;

describe('log tail shared by the followers of one process', () => {
  it('hands three followers every event in order, reading the log fewer times than they did each on their own', async () => {
    const alone = await followers(false);
    const shared = await followers(true);
    const all = Array.from({ length: BURSTS * BURST_SIZE }, (_, i) => i + 1);
    for (const delivered of [...alone.delivered, ...shared.delivered]) expect(delivered).toEqual(all);
    console.log(`reads for ${BURSTS} bursts: ${alone.reads} by three followers alone, ${shared.reads} through the tail`);
    // Alone, each follower reads at least once per burst; through the tail, one read serves all three.
    expect(alone.reads).toBeGreaterThanOrEqual(3 * BURSTS);
    expect(shared.reads).toBeLessThan(alone.reads * 0.75);
  });

  it('serves from any event it holds exactly the page the log gives from there', async () => {
    const log = memoryLog();
    log.add(40);
    const tail = new LogTail(log.read, { pageLimit: 16, capacity: 30 });
    // Anchor at 0 and read the window full: 16 + 16 + 8 events, 10 of them dropped from the front.
    let page = await tail.read(0, 100, tail.bump());
    while (!page.isEnd) page = await tail.read(page.nextAfter, 100, 0);
    for (const after of [0, 5, 9, 10, 11, 25, 39, 40]) {
      for (const limit of [1, 7, 100]) {
        expect(await tail.read(after, limit, 0)).toEqual(await log.read(after, limit));
      }
    }
    tail.close();
  });

  it('says "end" only from a read that started after what the follower asks to see', async () => {
    const log = memoryLog();
    log.add(3);
    const tail = new LogTail(log.read);
    const first = await tail.read(0, 100, tail.bump());
    expect(first).toMatchObject({ nextAfter: 3, isEnd: true });
    // An append in another process whose notice was lost: the same count is answered from memory...
    log.add(2);
    const readsBefore = log.reads;
    expect(await tail.read(3, 100, 0)).toMatchObject({ events: [], isEnd: true });
    expect(log.reads).toBe(readsBefore);
    // ...but a poll asks for a fresh read and finds them.
    expect(await tail.read(3, 100, tail.bump())).toMatchObject({ nextAfter: 5, isEnd: true });
    expect(log.reads).toBe(readsBefore + 1);
    tail.close();
  });

  it('lets a follower behind the window read the log itself, and joins one read for followers asking at once', async () => {
    const log = memoryLog();
    log.add(50);
    const tail = new LogTail(log.read, { pageLimit: 100, capacity: 10 });
    expect(await tail.read(45, 100, tail.bump())).toMatchObject({ nextAfter: 50, isEnd: true });
    const behind = await tail.read(3, 5, 0);
    expect(behind).toEqual(await log.read(3, 5));
    log.add(5);
    const since = tail.bump();
    const readsBefore = log.reads;
    const pages = await Promise.all([tail.read(50, 100, since), tail.read(50, 100, since), tail.read(52, 100, since)]);
    expect(log.reads - readsBefore).toBe(1);
    expect(pages.map((p) => p.events.map((e) => e.globalPosition))).toEqual([
      [51, 52, 53, 54, 55],
      [51, 52, 53, 54, 55],
      [53, 54, 55],
    ]);
    tail.close();
  });

  it('reads no more often than its most eager follower asks', async () => {
    const log = memoryLog();
    const tail = new LogTail(log.read);
    const delivered: number[] = [];
    const follower = startCatchUpSubscription(
      {
        name: 'slow',
        pollIntervalMs: 60_000,
        minIntervalMs: 80,
        handler: async (events) => void delivered.push(...events.map((e) => e.globalPosition)),
      },
      (after, limit, since) => tail.read(after, limit, since!),
      memory(),
      tail.wakeSource(80),
    );
    await follower.caughtUp;
    const before = log.reads;
    const started = Date.now();
    for (let i = 0; i < 100; i++) {
      log.add();
      tail.appended();
      await sleep(2);
    }
    await until(() => delivered.length === 100);
    const elapsed = Date.now() - started;
    const reads = log.reads - before;
    await follower.stop();
    tail.close();
    // One read per 80 ms at most (and the one that starts the run); 20 ms, the default, would be 4 times as many.
    expect(reads).toBeLessThanOrEqual(Math.ceil(elapsed / 80) + 1);
  });
});
