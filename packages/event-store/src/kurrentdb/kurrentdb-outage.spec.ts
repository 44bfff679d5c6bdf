// The KurrentDB adapter through a server that is away (no KurrentDB server can run here, so a fake client
// keeps streams in memory and fails on purpose with the real client's error classes): calls are retried
// with backoff and succeed once the server is back; an append whose reply was lost is not written twice;
// a server away for longer than the budget is StoreUnavailable; a subscription resumes from its position
// with every event handled once.

import { describe, expect, it } from '@jest/globals';
import { END, START, UnavailableError, DeadlineExceededError, WrongExpectedVersionError, type AppendResult } from '@eventstore/db-client';
import { StoreUnavailable } from '../errors.js';
import { KurrentDbEventStore, type KurrentDbClient } from './kurrentdb-event-store.js';
import { isTransient, withRetry } from './transient.js';

type Recorded = { id: string; type: string; streamId: string; revision: bigint; data: unknown; metadata: unknown; isJson: true; position: { commit: bigint; prepare: bigint } };

/** Streams in memory, the subset of the client the adapter uses, and a queue of failures to throw. */
function fakeServer() {
  const all: Recorded[] = [];
  const streams = new Map<string, Recorded[]>();
  const failures: { method: string; error: Error; afterWrite?: boolean }[] = [];
  let position = 100n;
  const fail = (method: string, afterWrite = false) => {
    const index = failures.findIndex((failure) => failure.method === method && !!failure.afterWrite === afterWrite);
    if (index >= 0) throw failures.splice(index, 1)[0]!.error;
  };
  async function* iterate(events: Recorded[]) {
    for (const event of events) yield { event, commitPosition: event.position.commit };
  }
  const client = {
    async appendToStream(streamName: string, events: unknown, options: { expectedRevision: bigint | string }) {
      fail('append');
      const list = streams.get(streamName) ?? [];
      const current = list.length === 0 ? 'no_stream' : BigInt(list.length - 1);
      const expected = options.expectedRevision;
      if (expected !== 'any' && expected !== current) throw new WrongExpectedVersionError(undefined, { streamName, expected: expected as bigint, current: current });
      for (const event of (Array.isArray(events) ? events : [events]) as { id?: string; type: string; data: unknown; metadata?: unknown }[]) {
        position += 10n;
        const recorded: Recorded = { id: event.id ?? `auto-${position}`, type: event.type, streamId: streamName, revision: BigInt(list.length), data: event.data, metadata: event.metadata, isJson: true, position: { commit: position, prepare: position } };
        list.push(recorded);
        all.push(recorded);
      }
      streams.set(streamName, list);
      fail('append', true);
      return { success: true } as unknown as AppendResult;
    },
    readStream(streamName: string, options: { fromRevision: bigint | typeof END; direction: string; maxCount?: number }) {
      fail('read');
      const list = streams.get(streamName);
      if (!list) {
        return (async function* () {
          yield* [];
          throw Object.assign(new Error('stream not found'), { type: 'stream-not-found' });
        })();
      }
      const events = options.direction === 'backwards' ? [...list].reverse() : list.slice(Number(options.fromRevision));
      return iterate(events.slice(0, options.maxCount ?? events.length));
    },
    readAll(options: { fromPosition: typeof START | typeof END | { commit: bigint }; direction: string; maxCount?: number }) {
      fail('readAll');
      const from = typeof options.fromPosition === 'object' ? options.fromPosition.commit : 0n;
      const events = options.direction === 'backwards' ? [...all].reverse() : all.filter((event) => event.position.commit >= from);
      return iterate(events.slice(0, options.maxCount ?? events.length));
    },
    async dispose() {},
  };
  return { client: client as unknown as KurrentDbClient, failures, streams };
}

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
    const always = withRetry(async () => { throw new UnavailableError(); }, { ...quick, sleep: async (ms) => void pauses.push(ms) });
    await expect(always).rejects.toBeInstanceOf(StoreUnavailable);
    expect(pauses).toHaveLength(3);
    expect(pauses[1]!).toBeGreaterThanOrEqual(10);
    expect(pauses[2]!).toBeGreaterThanOrEqual(20);
  });

  it('an append and reads go through once the server is back', async () => {
    const server = fakeServer();
    const store = KurrentDbEventStore.withClient(server.client, quick);
    server.failures.push({ method: 'read', error: new UnavailableError() }, { method: 'append', error: new DeadlineExceededError() }, { method: 'readAll', error: new UnavailableError() });
    const result = await store.append({ streamId: 'tender-1', streamType: 'tender', expectedRevision: 'no_stream', events: [event(1), event(2)] });
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
    await expect(store.append({ streamId: 'tender-3', streamType: 'tender', expectedRevision: 'any', events: [event(1)] })).rejects.toBeInstanceOf(StoreUnavailable);
    expect(server.streams.has('tender-3')).toBe(false);
  });

  it('a subscription resumes from its position after the server was away: every event handled once, in order', async () => {
    const server = fakeServer();
    const store = KurrentDbEventStore.withClient(server.client, quick);
    for (let n = 1; n <= 3; n++) await store.append({ streamId: `tender-s${n}`, streamType: 'tender', expectedRevision: 'no_stream', events: [event(n)] });
    const handled: number[] = [];
    const subscription = store.subscribe({ name: 'outage', pollIntervalMs: 20, handler: async (events) => void handled.push(...events.map((e) => (e.data as { n: number }).n)) });
    await subscription.caughtUp;
    // Away for longer than one call's budget: the subscription's own loop waits and reads again.
    for (let i = 0; i < 8; i++) server.failures.push({ method: 'readAll', error: new UnavailableError() });
    for (let n = 4; n <= 5; n++) await store.append({ streamId: `tender-s${n}`, streamType: 'tender', expectedRevision: 'no_stream', events: [event(n)] });
    for (let i = 0; i < 100 && handled.length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await subscription.stop();
    expect(handled).toEqual([1, 2, 3, 4, 5]);
  }, 20_000);
});
