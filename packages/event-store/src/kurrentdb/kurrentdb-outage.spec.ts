// The KurrentDB adapter through a server that is away (no KurrentDB server can run here, so a fake client
// keeps streams in memory and fails on purpose with the real client's error classes): calls are retried
// with backoff and succeed once the server is back; an append whose reply was lost is not written twice;
// a server away for longer than the budget is StoreUnavailable; a subscription resumes from its position
// with every event handled once.

import { describe, expect, it } from '@jest/globals';
import { UnavailableError, DeadlineExceededError, WrongExpectedVersionError } from '@eventstore/db-client';
import { StoreUnavailable } from '../errors.js';
import { fakeKurrentDb as fakeServer } from './fake-kurrentdb.js';
import { KurrentDbEventStore } from './kurrentdb-event-store.js';
import { isTransient, withRetry } from './transient.js';

const quick = { attempts: 4, baseDelayMs: 5, maxDelayMs: 20 };
const event = (n: number) => ({ type: 'TenderCreated', data: { n } });

describe('KurrentDB through an outage', () => {
  it('knows which of the client errors are worth a retry', () => {
    expect(isTransient(new UnavailableError())).toBe(true);
    expect(isTransient(new DeadlineExceededError())).toBe(true);
    expect(isTransient(Object.assign(new Error('not leader'), { type: 'not-leader' }))).toBe(true);
    expect(isTransient(new WrongExpectedVersionError(undefined, { streamName: 's', expected: 1n, current: 2n }))).toBe(false);
    expect(isTransient(Object.assign(new Error('x'), { type: 'stream-not-found' }))).toBe(false);
  });

  it('retries with growing pauses, then says StoreUnavailable', async () => {
    const pauses: number[] = [];
    const always = withRetry(
      async () => {
        throw new UnavailableError();
      },
      { ...quick, sleep: async (ms) => void pauses.push(ms) },
    );
    await expect(always).rejects.toBeInstanceOf(StoreUnavailable);
    expect(pauses).toHaveLength(3);
    expect(pauses[1]!).toBeGreaterThanOrEqual(10);
    expect(pauses[2]!).toBeGreaterThanOrEqual(20);
  });

  it('an append and reads go through once the server is back', async () => {
    const server = fakeServer();
    const store = KurrentDbEventStore.withClient(server.client, quick);
    server.failures.push(
      { method: 'read', error: new UnavailableError() },
      { method: 'append', error: new DeadlineExceededError() },
      { method: 'readAll', error: new UnavailableError() },
    );
    const result = await store.append({
      streamId: 'tender-1',
      streamType: 'tender',
      expectedRevision: 'no_stream',
      events: [event(1), event(2)],
    });
    expect(result.events.map((e) => e.revision)).toEqual([0, 1]);
    server.failures.push({ method: 'read', error: new UnavailableError() });
    expect((await store.readStream('tender-1')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await store.readAll()).events).toHaveLength(2);
    expect(server.failures).toEqual([]);
  });

  it('an append whose reply was lost is answered from what was stored, never written twice', async () => {
    const server = fakeServer();
    const store = KurrentDbEventStore.withClient(server.client, quick);
    await store.append({ streamId: 'tender-2', streamType: 'tender', expectedRevision: 'no_stream', events: [event(1)] });
    server.failures.push({ method: 'append', error: new UnavailableError(), afterWrite: true });
    const second = await store.append({ streamId: 'tender-2', streamType: 'tender', expectedRevision: 0, events: [event(2)] });
    expect(second.nextExpectedRevision).toBe(1);
    expect(server.streams.get('tender-2')).toHaveLength(2);
    expect((await store.verifyStream('tender-2')).ok).toBe(true);
  });

  it('a server away longer than the budget: StoreUnavailable, nothing written', async () => {
    const server = fakeServer();
    const store = KurrentDbEventStore.withClient(server.client, quick);
    for (let i = 0; i < 4; i++) server.failures.push({ method: 'read', error: new UnavailableError() });
    await expect(
      store.append({ streamId: 'tender-3', streamType: 'tender', expectedRevision: 'any', events: [event(1)] }),
    ).rejects.toBeInstanceOf(StoreUnavailable);
    expect(server.streams.has('tender-3')).toBe(false);
  });

  it('a subscription resumes from its position after the server was away: every event handled once, in order', async () => {
    const server = fakeServer();
    const store = KurrentDbEventStore.withClient(server.client, quick);
    for (let n = 1; n <= 3; n++)
      await store.append({ streamId: `tender-s${n}`, streamType: 'tender', expectedRevision: 'no_stream', events: [event(n)] });
    const handled: number[] = [];
    const subscription = store.subscribe({
      name: 'outage',
      pollIntervalMs: 20,
      handler: async (events) => void handled.push(...events.map((e) => (e.data as { n: number }).n)),
    });
    await subscription.caughtUp;
    // Away for longer than one call's budget: the subscription's own loop waits and reads again.
    for (let i = 0; i < 8; i++) server.failures.push({ method: 'readAll', error: new UnavailableError() });
    for (let n = 4; n <= 5; n++)
      await store.append({ streamId: `tender-s${n}`, streamType: 'tender', expectedRevision: 'no_stream', events: [event(n)] });
    for (let i = 0; i < 100 && handled.length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await subscription.stop();
    expect(handled).toEqual([1, 2, 3, 4, 5]);
  }, 20_000);
});
