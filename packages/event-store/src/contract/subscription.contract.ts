// Catch-up subscriptions with durable checkpoints.

import { describe, expect, it } from '@jest/globals';
import type { Projection } from '../sql/projections.js';
import type { EventStore, StoredEvent } from '../types.js';
import type { ContractHarness } from './harness.js';

type Fresh = (options?: { projections?: Projection[] }) => Promise<EventStore>;

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function describeSubscriptionContract(harness: ContractHarness, fresh: Fresh): void {
  describe('catch-up subscriptions', () => {
    it('catches up on the past, then follows new appends live', async () => {
      const store = await fresh();
      for (let i = 0; i < 7; i++)
        await store.append({
          streamId: `s-${i % 2}`,
          streamType: 'test',
          expectedRevision: 'any',
          events: [{ type: 'Past', data: { i } }],
        });
      const seen: StoredEvent[] = [];
      const subscription = store.subscribe({
        name: 'follow',
        pageSize: 3,
        pollIntervalMs: 20,
        handler: async (events) => void seen.push(...events),
      });
      await subscription.caughtUp;
      expect(seen.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      await store.append({
        streamId: 's-9',
        streamType: 'test',
        expectedRevision: 'no_stream',
        events: [{ type: 'Live', data: { i: 7 } }],
      });
      await until(() => seen.length === 8);
      expect(subscription.position()).toBe(seen[7]!.globalPosition);
      await subscription.stop();
    });

    it('a failing handler is retried with the same events, and the checkpoint does not pass them', async () => {
      const store = await fresh();
      await store.append({ streamId: 'r-1', streamType: 'test', expectedRevision: 'no_stream', events: [{ type: 'E', data: {} }] });
      let calls = 0;
      const errors: unknown[] = [];
      const subscription = store.subscribe({
        name: 'flaky',
        pollIntervalMs: 20,
        onError: (error) => errors.push(error),
        handler: async () => {
          calls++;
          if (calls === 1) throw new Error('projection down');
        },
      });
      await until(() => calls >= 2, 5000);
      await subscription.stop();
      expect(errors).toHaveLength(1);
      expect(subscription.position()).toBeGreaterThan(0);
    });

    it('resumes from its durable checkpoint after a restart, delivering only what came after', async () => {
      const place = await harness.restartable();
      const first = await place.open();
      for (let i = 0; i < 5; i++)
        await first.append({ streamId: 'c-1', streamType: 'test', expectedRevision: 'any', events: [{ type: 'Before', data: { i } }] });
      const before: StoredEvent[] = [];
      const one = first.subscribe({ name: 'resumable', pollIntervalMs: 20, handler: async (events) => void before.push(...events) });
      await one.caughtUp;
      await one.stop();
      expect(before).toHaveLength(5);
      await first.close();

      const second = await place.open();
      try {
        await second.append({
          streamId: 'c-1',
          streamType: 'test',
          expectedRevision: 4,
          events: [
            { type: 'After', data: { i: 5 } },
            { type: 'After', data: { i: 6 } },
          ],
        });
        const after: StoredEvent[] = [];
        const two = second.subscribe({ name: 'resumable', pollIntervalMs: 20, handler: async (events) => void after.push(...events) });
        await two.caughtUp;
        await two.stop();
        expect(after.map((e) => (e.data as { i: number }).i)).toEqual([5, 6]);
        const other: StoredEvent[] = [];
        const three = second.subscribe({ name: 'another-name', pollIntervalMs: 20, handler: async (events) => void other.push(...events) });
        await three.caughtUp;
        await three.stop();
        expect(other).toHaveLength(7);
      } finally {
        await second.close();
      }
    }, 120_000);

    // Only where several processes can share the store (PostgreSQL): PGlite belongs to one process, so the
    // case does not exist there and no test is declared (rather than a skipped one).
    const peers = harness.peers;
    if (peers)
      it('is woken by an append in another process on the same database, long before its poll', async () => {
        const [here, there] = await peers();
        try {
          const seen: StoredEvent[] = [];
          const subscription = here.subscribe({
            name: 'peer-woken',
            pollIntervalMs: 60_000,
            handler: async (events) => void seen.push(...events),
          });
          await subscription.caughtUp;
          // Let the listening connection settle, then write through the other store only.
          await new Promise((resolve) => setTimeout(resolve, 200));
          const started = Date.now();
          await there.append({
            streamId: 'peer-1',
            streamType: 'test',
            expectedRevision: 'no_stream',
            events: [{ type: 'FromPeer', data: {} }],
          });
          await until(() => seen.length === 1, 5000);
          expect(Date.now() - started).toBeLessThan(2000);
          expect(seen[0]!.type).toBe('FromPeer');
          await subscription.stop();
        } finally {
          await here.close();
          await there.close();
        }
      });
  });
}
