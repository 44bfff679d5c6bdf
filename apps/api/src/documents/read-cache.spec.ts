import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@binaan/event-store';
import type { EventStore } from '@binaan/event-store';
import { changesLookups, DocumentReadCache } from './read-cache.js';

const event = (streamType: string, type: string) => ({ streamType, type }) as StoredEvent;

describe('changesLookups (when the document lookups cache is dropped)', () => {
  it('local appends: only events of the read models it reads from, outside document streams', () => {
    expect(changesLookups([event('purchaseOrder', 'WorkflowStatusChanged')])).toBe(false);
    expect(changesLookups([event('notifications', 'NotificationRaised')])).toBe(false);
    expect(changesLookups([event('authority', 'WorkflowLevelAssigned')])).toBe(true);
    // A BQ's approval is a WorkflowStatusChanged too, a type the projects read model takes (of project streams only).
    expect(changesLookups([event('billOfQuantity', 'WorkflowStatusChanged')])).toBe(false);
    expect(changesLookups([event('project', 'WorkflowStatusChanged')])).toBe(true);
  });

  it("another process's append: unless its notice named only document and notification streams", () => {
    expect(changesLookups(undefined, ['purchaseOrder', 'tender', 'notifications'])).toBe(false);
    expect(changesLookups(undefined, ['purchaseOrder', 'authority'])).toBe(true);
    expect(changesLookups(undefined, ['a-type-added-later'])).toBe(true);
    expect(changesLookups(undefined)).toBe(true);
  });
});

describe('DocumentReadCache.get', () => {
  /** A store that only tells of appends (all the cache asks of it); `append` plays one that feeds the lookups. */
  function fakeStore() {
    const listeners: ((events: readonly StoredEvent[] | undefined) => void)[] = [];
    const store = {
      onAppended: (listener: (events: readonly StoredEvent[] | undefined) => void) => (listeners.push(listener), () => undefined),
    };
    return {
      store: store as unknown as EventStore,
      append: () => listeners.forEach((l) => l([event('authority', 'WorkflowLevelAssigned')])),
    };
  }
  const deferred = () => {
    let resolve!: (value: string) => void;
    const promise = new Promise<string>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('requests that miss at the same moment share one read, and the value is kept', async () => {
    const cache = DocumentReadCache.of(fakeStore().store);
    const read = deferred();
    let reads = 0;
    const load = () => (reads++, read.promise);
    const both = Promise.all([cache.get('levels c u', load), cache.get('levels c u', load)]);
    read.resolve('L1');
    expect(await both).toEqual(['L1', 'L1']);
    expect(await cache.get('levels c u', load)).toBe('L1');
    expect(reads).toBe(1);
  });

  it('a request after a drop never joins a read that began before it, nor is that read kept', async () => {
    const { store, append } = fakeStore();
    const cache = DocumentReadCache.of(store);
    const before = deferred();
    const early = cache.get('levels c u', () => before.promise);
    append();
    const late = cache.get('levels c u', () => Promise.resolve('after'));
    before.resolve('before');
    expect(await early).toBe('before');
    expect(await late).toBe('after');
    expect(await cache.get('levels c u', () => Promise.resolve('read again'))).toBe('after');
  });

  it('a failed read fails every request that shared it, and the next one reads again', async () => {
    const cache = DocumentReadCache.of(fakeStore().store);
    const failing = () => Promise.reject(new Error('store unavailable'));
    await expect(Promise.all([cache.get('k', failing), cache.get('k', failing)])).rejects.toThrow('store unavailable');
    expect(await cache.get('k', () => Promise.resolve('ok'))).toBe('ok');
  });
});
