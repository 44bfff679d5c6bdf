// Racing writers and transactions that commit out of order.

import { describe, expect, it } from '@jest/globals';
import { WrongExpectedRevision } from '../errors.js';
import type { Projection } from '../sql/projections.js';
import type { EventStore, StoredEvent } from '../types.js';
import { actor, type ContractHarness } from './harness.js';

type Fresh = (options?: { projections?: Projection[] }) => Promise<EventStore>;

export function describeConcurrencyContract(harness: ContractHarness, fresh: Fresh): void {
  describe('concurrency', () => {
    it('20 writers racing for one revision: exactly one wins, the rest get WrongExpectedRevision', async () => {
      const store = await fresh();
      await store.append({ streamId: 'race-1', streamType: 'test', expectedRevision: 'no_stream', events: [{ type: 'Opened', data: {} }] });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, writer) =>
          store.append({
            streamId: 'race-1',
            streamType: 'test',
            expectedRevision: 0,
            events: [{ type: 'Claimed', data: { writer }, metadata: actor }],
          }),
        ),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(19);
      for (const loss of lost) expect(loss.reason).toBeInstanceOf(WrongExpectedRevision);
      expect((await store.readStream('race-1')).map((e) => e.revision)).toEqual([0, 1]);
    });

    it("50 writers appending to one stream with 'any' (a log of attempts): all get through, in one gapless chain", async () => {
      const store = await fresh();
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, writer) =>
          store.append({
            streamId: 'attempts-1',
            streamType: 'test',
            expectedRevision: 'any',
            events: [{ type: 'Attempt', data: { writer } }],
          }),
        ),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const events = await store.readStream('attempts-1');
      expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 50 }, (_, i) => i));
      expect(new Set(events.map((e) => (e.data as { writer: number }).writer)).size).toBe(50);
      expect((await store.verifyStream('attempts-1')).ok).toBe(true);
    });

    it('20 writers each appending 10 events with retries: every revision once, no gap, no duplicate', async () => {
      const store = await fresh();
      let conflicts = 0;
      const writer = async (w: number) => {
        for (let n = 0; n < 10; n++) {
          for (;;) {
            const head = await store.streamHead('race-2');
            try {
              await store.append({
                streamId: 'race-2',
                streamType: 'test',
                expectedRevision: head ? head.revision : 'no_stream',
                events: [{ type: 'Step', data: { w, n } }],
              });
              break;
            } catch (error) {
              if (!(error instanceof WrongExpectedRevision)) throw error;
              conflicts++;
            }
          }
        }
      };
      await Promise.all(Array.from({ length: 20 }, (_, w) => writer(w)));
      const events = await store.readStream('race-2');
      expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 200 }, (_, i) => i));
      const steps = events.map((e) => JSON.stringify(e.data));
      expect(new Set(steps).size).toBe(200);
      for (let w = 0; w < 20; w++) {
        const mine = events.filter((e) => (e.data as { w: number }).w === w).map((e) => (e.data as { n: number }).n);
        expect(mine).toEqual(Array.from({ length: 10 }, (_, n) => n));
      }
      expect((await store.verifyStream('race-2')).ok).toBe(true);
      if (harness.concurrentTransactions) expect(conflicts).toBeGreaterThan(0);
    });

    if (harness.foreignTransaction) {
      const foreign = harness.foreignTransaction.bind(harness);
      it('a long transaction elsewhere on the server (holding an id, writing no event) does not hold back the log', async () => {
        const store = await fresh();
        const end = await foreign();
        try {
          await store.append({
            streamId: 'meanwhile-1',
            streamType: 'test',
            expectedRevision: 'no_stream',
            events: [
              { type: 'A', data: {} },
              { type: 'B', data: {} },
            ],
          });
          const page = await store.readAll({ limit: 10 });
          expect(page.events.map((e) => e.type)).toEqual(['A', 'B']);
          const seen: string[] = [];
          const subscription = store.subscribe({
            name: 'meanwhile',
            pollIntervalMs: 20,
            handler: async (events) => void seen.push(...events.map((e) => e.type)),
          });
          await subscription.caughtUp;
          await subscription.stop();
          expect(seen).toEqual(['A', 'B']);
        } finally {
          await end();
        }
      });
    }

    if (!harness.projections) {
      it.skip(`projections in the append transaction: ${harness.name} has no SQL transaction (read models are fed by a subscription)`, () =>
        undefined);
      return;
    }

    it('a projection runs in the append transaction: when it fails, nothing of the append is stored', async () => {
      const failing: Projection = {
        name: 'failing',
        eventTypes: ['Poison'],
        setupSql: 'CREATE TABLE IF NOT EXISTS poison_seen (id text PRIMARY KEY)',
        tables: ['poison_seen'],
        async apply(events, db) {
          for (const event of events) await db.query('INSERT INTO poison_seen (id) VALUES ($1)', [event.id]);
          throw new Error('read model refused the event');
        },
      };
      const store = await fresh({ projections: [failing] });
      await store.append({ streamId: 'p-1', streamType: 'test', expectedRevision: 'no_stream', events: [{ type: 'Fine', data: {} }] });
      await expect(
        store.append({
          streamId: 'p-1',
          streamType: 'test',
          expectedRevision: 0,
          events: [
            { type: 'Fine', data: {} },
            { type: 'Poison', data: {} },
          ],
        }),
      ).rejects.toThrow('read model refused');
      expect((await store.readStream('p-1')).map((e) => e.type)).toEqual(['Fine']);
      expect(await store.streamHead('p-1')).toMatchObject({ revision: 0 });
      expect(await harness.rawSql!(store, 'SELECT id FROM poison_seen')).toEqual([]);
      await store.append({ streamId: 'p-1', streamType: 'test', expectedRevision: 0, events: [{ type: 'Fine', data: {} }] });
      expect((await store.verifyStream('p-1')).ok).toBe(true);
    });

    it('late commit: a slow transaction holding a lower position commits after a faster one; a subscriber sees both, in order', async () => {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let entered: () => void = () => undefined;
      const slowEntered = new Promise<void>((resolve) => (entered = resolve));
      const slow: Projection = {
        name: 'slow',
        eventTypes: ['Slow'],
        setupSql: 'SELECT 1',
        tables: [],
        async apply() {
          entered();
          await released;
        },
      };
      const store = await fresh({ projections: [slow] });
      const delivered: StoredEvent[] = [];
      const subscription = store.subscribe({
        name: 'late-commit',
        pollIntervalMs: 20,
        handler: async (events) => void delivered.push(...events),
      });
      await subscription.caughtUp;
      const slowAppend = store.append({
        streamId: 'slow-1',
        streamType: 'test',
        expectedRevision: 'no_stream',
        events: [{ type: 'Slow', data: {} }],
      });
      await slowEntered;
      const fastAppend = store.append({
        streamId: 'fast-1',
        streamType: 'test',
        expectedRevision: 'no_stream',
        events: [{ type: 'Fast', data: {} }],
      });
      let deliveredWhileSlowWasOpen: string[] = [];
      try {
        if (harness.concurrentTransactions) {
          const fast = await fastAppend;
          await new Promise((resolve) => setTimeout(resolve, 200));
          deliveredWhileSlowWasOpen = delivered.map((e) => e.type);
          release();
          const slowResult = await slowAppend;
          expect(slowResult.events[0]!.globalPosition).toBeLessThan(fast.events[0]!.globalPosition);
        }
      } finally {
        release();
        await Promise.allSettled([slowAppend, fastAppend]);
      }
      // The fast event was committed first, but the subscriber must not pass the slow one's lower position.
      expect(deliveredWhileSlowWasOpen).toEqual([]);
      const deadline = Date.now() + 5000;
      while (delivered.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      await subscription.stop();
      expect(delivered.map((e) => e.type)).toEqual(['Slow', 'Fast']);
    });
  });
}
