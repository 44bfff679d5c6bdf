// The contract every event store adapter passes: given a store, when these appends and reads, then
// these events, positions and errors. Run by pglite.spec.ts, postgres.spec.ts and kurrentdb.spec.ts.

import { afterEach, describe, expect, it } from '@jest/globals';
import { DuplicateEventId, InvalidEventStoreInput, WrongExpectedRevision } from '../errors.js';
import { GENESIS_HASH } from '../hash-chain.js';
import type { EventStore, NewEvent, StoredEvent } from '../types.js';
import { actor, uuid, type ContractHarness } from './harness.js';
import { describeConcurrencyContract } from './concurrency.contract.js';
import { describeSubscriptionContract } from './subscription.contract.js';
import { describeIntegrityContract } from './integrity.contract.js';
import { describeProjectionContract } from './projections.contract.js';
import { describeMerkleLogContract } from './merkle-log.contract.js';

const opened: EventStore[] = [];
export const track = (store: EventStore) => (opened.push(store), store);

export function describeEventStoreContract(harness: ContractHarness): void {
  describe(`event store contract: ${harness.name}`, () => {
    afterEach(async () => {
      while (opened.length)
        await opened
          .pop()!
          .close()
          .catch(() => undefined);
    });
    const fresh = async (options?: Parameters<ContractHarness['fresh']>[0]) => track(await harness.fresh(options));
    const event = (type: string, data: NewEvent['data'], id?: string): NewEvent => ({ type, data, metadata: actor, ...(id ? { id } : {}) });

    describe('append and read a stream', () => {
      it('stores each event with its place, content, metadata and a hash chained from genesis', async () => {
        const store = await fresh();
        const first = await store.append({
          streamId: 'tender-1',
          streamType: 'tender',
          expectedRevision: 'no_stream',
          events: [event('TenderCreated', { title: 'Hall', amount: '1200.50' }, uuid(1))],
        });
        const second = await store.append({
          streamId: 'tender-1',
          streamType: 'tender',
          expectedRevision: 0,
          events: [event('TenderApproved', { level: 20 })],
        });
        expect(first.nextExpectedRevision).toBe(0);
        expect(second.nextExpectedRevision).toBe(1);
        const events = await store.readStream('tender-1');
        expect(events.map((e) => [e.revision, e.type, e.streamType])).toEqual([
          [0, 'TenderCreated', 'tender'],
          [1, 'TenderApproved', 'tender'],
        ]);
        const [a, b] = events as [StoredEvent, StoredEvent];
        expect(a.id).toBe(uuid(1));
        expect(b.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(a.data).toEqual({ title: 'Hall', amount: '1200.50' });
        expect(a.metadata).toMatchObject({
          actorUserId: 'user-1',
          actorCompanyId: 'company-1',
          correlationId: 'corr-1',
          causationId: null,
        });
        expect(Date.now() - Date.parse(a.metadata.recordedAt)).toBeLessThan(60_000);
        expect(a.prevHash).toBe(GENESIS_HASH);
        expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(b.prevHash).toBe(a.hash);
        expect(b.globalPosition).toBeGreaterThan(a.globalPosition);
        expect(events).toEqual([...first.events, ...second.events]);
        expect(await store.lastPosition()).toBe(b.globalPosition);
      });

      it('reads from a revision, up to a revision, and as the stream stood at a time', async () => {
        const store = await fresh();
        await store.append({
          streamId: 'order-1',
          streamType: 'order',
          expectedRevision: 'no_stream',
          events: [event('A', {}), event('B', {})],
        });
        await new Promise((resolve) => setTimeout(resolve, 30));
        const between = new Date();
        await new Promise((resolve) => setTimeout(resolve, 30));
        await store.append({ streamId: 'order-1', streamType: 'order', expectedRevision: 1, events: [event('C', {}), event('D', {})] });
        expect((await store.readStream('order-1', { fromRevision: 2 })).map((e) => e.type)).toEqual(['C', 'D']);
        expect((await store.readStream('order-1', { toRevision: 2 })).map((e) => e.type)).toEqual(['A', 'B', 'C']);
        expect((await store.readStream('order-1', { fromRevision: 1, toRevision: 2 })).map((e) => e.type)).toEqual(['B', 'C']);
        expect((await store.readStream('order-1', { toTime: between })).map((e) => e.type)).toEqual(['A', 'B']);
        expect(await store.readStream('order-404')).toEqual([]);
        expect(await store.streamHead('order-404')).toBeNull();
        expect(await store.streamHead('order-1')).toMatchObject({ streamType: 'order', revision: 3 });
      });
    });

    describe('expected revision', () => {
      it('refuses a stale or wrong expectation with WrongExpectedRevision and writes nothing', async () => {
        const store = await fresh();
        await store.append({
          streamId: 's-1',
          streamType: 'test',
          expectedRevision: 'no_stream',
          events: [event('A', {}), event('B', {})],
        });
        const position = await store.lastPosition();
        const refusals: [ReturnType<typeof Object>, unknown][] = [];
        for (const expectedRevision of ['no_stream', 0, 5] as const) {
          const error = await store
            .append({ streamId: 's-1', streamType: 'test', expectedRevision, events: [event('X', {})] })
            .catch((e: unknown) => e);
          refusals.push([expectedRevision, error]);
          expect(error).toBeInstanceOf(WrongExpectedRevision);
          expect(error).toMatchObject({ code: 'wrongExpectedRevision', streamId: 's-1', actual: 1 });
        }
        const missing = await store
          .append({ streamId: 's-2', streamType: 'test', expectedRevision: 'stream_exists', events: [event('X', {})] })
          .catch((e: unknown) => e);
        expect(missing).toMatchObject({ code: 'wrongExpectedRevision', actual: 'no_stream' });
        const missingAt = await store
          .append({ streamId: 's-2', streamType: 'test', expectedRevision: 0, events: [event('X', {})] })
          .catch((e: unknown) => e);
        expect(missingAt).toBeInstanceOf(WrongExpectedRevision);
        expect((await store.readStream('s-1')).map((e) => e.type)).toEqual(['A', 'B']);
        expect(await store.readStream('s-2')).toEqual([]);
        expect(await store.lastPosition()).toBe(position);
      });

      it("'any' appends to a new or an existing stream; 'stream_exists' to an existing one", async () => {
        const store = await fresh();
        await store.append({ streamId: 's-1', streamType: 'test', expectedRevision: 'any', events: [event('A', {})] });
        await store.append({ streamId: 's-1', streamType: 'test', expectedRevision: 'any', events: [event('B', {})] });
        await store.append({ streamId: 's-1', streamType: 'test', expectedRevision: 'stream_exists', events: [event('C', {})] });
        const events = await store.readStream('s-1');
        expect(events.map((e) => [e.revision, e.type])).toEqual([
          [0, 'A'],
          [1, 'B'],
          [2, 'C'],
        ]);
        expect((await store.verifyStream('s-1')).ok).toBe(true);
      });
    });

    describe('idempotency and atomicity', () => {
      it('a retry of a stored append writes nothing and answers the original result', async () => {
        const store = await fresh();
        const request = {
          streamId: 'claim-1',
          streamType: 'claim',
          expectedRevision: 'no_stream' as const,
          events: [event('Created', { n: 1 }, uuid(10)), event('Submitted', {}, uuid(11))],
        };
        const original = await store.append(request);
        const position = await store.lastPosition();
        const retry = await store.append(request);
        expect(retry.alreadyStored).toBe(true);
        expect(retry.events.map((e) => [e.id, e.revision, e.globalPosition, e.hash])).toEqual(
          original.events.map((e) => [e.id, e.revision, e.globalPosition, e.hash]),
        );
        await store.append({ streamId: 'claim-1', streamType: 'claim', expectedRevision: 1, events: [event('Approved', {}, uuid(12))] });
        const lateRetry = await store.append(request);
        expect(lateRetry.alreadyStored).toBe(true);
        expect(lateRetry.nextExpectedRevision).toBe(1);
        expect(await store.readStream('claim-1')).toHaveLength(3);
        expect(await store.lastPosition()).toBeGreaterThan(position);
      });

      it('the same event id at another place is an error, and the whole append is refused', async () => {
        const store = await fresh();
        await store.append({ streamId: 'a-1', streamType: 'test', expectedRevision: 'no_stream', events: [event('A', {}, uuid(20))] });
        const position = await store.lastPosition();
        const elsewhere = await store
          .append({
            streamId: 'b-1',
            streamType: 'test',
            expectedRevision: 'no_stream',
            events: [event('B', {}, uuid(21)), event('C', {}, uuid(20))],
          })
          .catch((e: unknown) => e);
        expect(elsewhere).toBeInstanceOf(DuplicateEventId);
        const laterInSameStream = await store
          .append({ streamId: 'a-1', streamType: 'test', expectedRevision: 0, events: [event('A', {}, uuid(20))] })
          .catch((e: unknown) => e);
        expect(laterInSameStream).toBeInstanceOf(DuplicateEventId);
        expect(await store.readStream('b-1')).toEqual([]);
        expect(await store.streamHead('b-1')).toBeNull();
        expect(await store.readStream('a-1')).toHaveLength(1);
        expect(await store.lastPosition()).toBe(position);
      });

      it('appends all events of a call or none', async () => {
        const store = await fresh();
        const result = await store.append({
          streamId: 'batch-1',
          streamType: 'test',
          expectedRevision: 'no_stream',
          events: Array.from({ length: 100 }, (_, i) => event('Line', { i })),
        });
        const positions = result.events.map((e) => e.globalPosition);
        expect(new Set(positions).size).toBe(100);
        expect([...positions].sort((x, y) => x - y)).toEqual(positions);
        const all = await store.readAll({ limit: 1000 });
        expect(all.events.map((e) => e.revision)).toEqual(Array.from({ length: 100 }, (_, i) => i));
      });
    });

    describe('the global log', () => {
      it('reads every committed event once, in pages, in order', async () => {
        const store = await fresh();
        for (let i = 0; i < 25; i++) {
          await store.append({ streamId: `s-${i % 4}`, streamType: 'test', expectedRevision: 'any', events: [event('E', { i })] });
        }
        const seen: number[] = [];
        let after = 0;
        let pages = 0;
        for (;;) {
          const page = await store.readAll({ after, limit: 10 });
          pages++;
          seen.push(...page.events.map((e) => (e.data as { i: number }).i));
          after = page.nextAfter;
          if (page.isEnd) break;
        }
        expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i));
        expect(pages).toBe(3);
        const walked: number[][] = [];
        for await (const page of store.readAllPages({ after: 0, limit: 10 }))
          walked.push(page.events.map((e) => (e.data as { i: number }).i));
        expect(walked).toEqual([0, 10, 20].map((from) => Array.from({ length: Math.min(10, 25 - from) }, (_, k) => from + k)));
        const rest: number[] = [];
        for await (const page of store.readAllPages({ after: (await store.readAll({ limit: 12 })).nextAfter, limit: 5 }))
          rest.push(...page.events.map((e) => (e.data as { i: number }).i));
        expect(rest).toEqual(Array.from({ length: 13 }, (_, k) => 12 + k));
        const stats = await store.stats();
        expect(stats).toMatchObject({ events: 25, streams: 4, byStreamType: [{ streamType: 'test', streams: 4, events: 25 }] });
        expect(await store.listStreams()).toEqual(['s-0', 's-1', 's-2', 's-3']);
        expect(await store.listStreams('s-1', 2)).toEqual(['s-2', 's-3']);
      });
    });

    describe('bad input is a typed error, never a crash', () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      const cases: [string, () => Parameters<EventStore['append']>[0]][] = [
        ['empty stream id', () => ({ streamId: '', streamType: 'test', expectedRevision: 'any', events: [event('A', {})] })],
        ['stream id with spaces', () => ({ streamId: 'a b', streamType: 'test', expectedRevision: 'any', events: [event('A', {})] })],
        ['negative expected revision', () => ({ streamId: 's', streamType: 'test', expectedRevision: -1, events: [event('A', {})] })],
        ['fractional expected revision', () => ({ streamId: 's', streamType: 'test', expectedRevision: 1.5, events: [event('A', {})] })],
        ['no events', () => ({ streamId: 's', streamType: 'test', expectedRevision: 'any', events: [] })],
        ['empty event type', () => ({ streamId: 's', streamType: 'test', expectedRevision: 'any', events: [event('', {})] })],
        [
          'a function as data',
          () => ({ streamId: 's', streamType: 'test', expectedRevision: 'any', events: [event('A', { f: (() => 1) as never })] }),
        ],
        ['NaN as data', () => ({ streamId: 's', streamType: 'test', expectedRevision: 'any', events: [event('A', { n: Number.NaN })] })],
        [
          'a bigint as data',
          () => ({ streamId: 's', streamType: 'test', expectedRevision: 'any', events: [event('A', { n: 1n as never })] }),
        ],
        [
          'a Date as data',
          () => ({ streamId: 's', streamType: 'test', expectedRevision: 'any', events: [event('A', { d: new Date() as never })] }),
        ],
        ['a cycle in data', () => ({ streamId: 's', streamType: 'test', expectedRevision: 'any', events: [event('A', cyclic as never)] })],
        [
          'a NUL character',
          () => ({ streamId: 's', streamType: 'test', expectedRevision: 'any', events: [event('A', { t: 'a\u0000b' })] }),
        ],
        [
          'undefined data',
          () => ({ streamId: 's', streamType: 'test', expectedRevision: 'any', events: [{ type: 'A', data: undefined as never }] }),
        ],
        [
          'a malformed event id',
          () => ({ streamId: 's', streamType: 'test', expectedRevision: 'any', events: [event('A', {}, 'not-a-uuid')] }),
        ],
      ];
      it.each(cases)('%s', async (_name, request) => {
        const store = await fresh();
        const error = await store.append(request()).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidEventStoreInput);
        expect(await store.lastPosition()).toBe(0);
      });

      it('bad read arguments too', async () => {
        const store = await fresh();
        await expect(store.readStream('')).rejects.toBeInstanceOf(InvalidEventStoreInput);
        await expect(store.readStream('s', { fromRevision: -1 })).rejects.toBeInstanceOf(InvalidEventStoreInput);
        await expect(store.readAll({ after: -5 })).rejects.toBeInstanceOf(InvalidEventStoreInput);
      });
    });

    describeConcurrencyContract(harness, fresh);
    describeSubscriptionContract(harness, fresh);
    describeIntegrityContract(harness, fresh);
    describeProjectionContract(harness);
    if (harness.projections) describeMerkleLogContract(harness, fresh);
  });
}
