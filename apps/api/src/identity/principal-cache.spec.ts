import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@binaan/event-store';
import type { Principal } from '../common/principal.js';
import { PrincipalCache } from './principal-cache.js';

const principal = (userId: string): Principal => ({
  userId,
  sessionId: `s-${userId}`,
  email: `${userId}@example.my`,
  userType: 1,
  companyId: 'c1',
  accessRights: '',
  readOnly: false,
  restriction: null,
});
const event = (streamType: string) => ({ streamType, type: 'Something' }) as StoredEvent;

describe('PrincipalCache', () => {
  it('keeps a principal for its time to live, then reads again', () => {
    let now = 1_000;
    const cache = new PrincipalCache(() => now, 1000);
    cache.set('token-a', principal('a'), cache.begin());
    now += 999;
    expect(cache.get('token-a')?.userId).toBe('a');
    now += 1;
    expect(cache.get('token-a')).toBeNull();
  });

  it('does not keep a read that started before a clear (a logout committed while it ran)', () => {
    const cache = new PrincipalCache(() => 0);
    const generation = cache.begin();
    cache.onAppended([event('session')]);
    cache.set('token-a', principal('a'), generation);
    expect(cache.get('token-a')).toBeNull();
  });

  it.each([
    ['a session ended', [event('session')], true],
    ['a user changed', [event('user')], true],
    ['a company role changed', [event('company')], true],
    ['a stream type it does not know', [event('somethingNew')], true],
    ['an append in another process', undefined, true],
    ['a purchase order approved', [event('purchaseOrder')], false],
    ['a notification raised', [event('notifications')], false],
    ['a BQ row changed (the tree editor appends on every cell)', [event('billOfQuantity')], false],
    ['a budget line changed', [event('ongoingBudget')], false],
    ['a progress plan changed', [event('progressPlanning')], false],
    ['a BQ row and a company role in one append', [event('billOfQuantity'), event('company')], true],
  ])('after %s, cleared: %s', (_what, events, cleared) => {
    const cache = new PrincipalCache(() => 0);
    cache.set('token-a', principal('a'), cache.begin());
    cache.onAppended(events);
    expect(cache.get('token-a') === null).toBe(cleared);
  });

  it('hands out frozen principals: one caller cannot change what the next one gets', () => {
    const cache = new PrincipalCache(() => 0);
    cache.set('token-a', principal('a'), cache.begin());
    expect(Object.isFrozen(cache.get('token-a'))).toBe(true);
  });

  it("another process's append empties it unless its notice named only document and notification streams", () => {
    const cache = new PrincipalCache(() => 0);
    const kept = () => {
      cache.set('token-a', principal('a'), cache.begin());
      return cache;
    };
    kept().onAppended(undefined, ['purchaseOrder', 'notifications']);
    expect(cache.get('token-a')).not.toBeNull();
    kept().onAppended(undefined, ['billOfQuantity', 'ongoingBudget', 'progressPlanning']);
    expect(cache.get('token-a')).not.toBeNull();
    kept().onAppended(undefined, ['purchaseOrder', 'identity-session']);
    expect(cache.get('token-a')).toBeNull();
    kept().onAppended(undefined, undefined);
    expect(cache.get('token-a')).toBeNull();
    kept().onAppended(undefined, []);
    expect(cache.get('token-a')).not.toBeNull();
  });

  it('calls that miss the same token at once share one read; one after a clear reads again', async () => {
    const cache = new PrincipalCache(() => 0);
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = async () => {
      reads++;
      await gate;
      return principal(`a${reads}`);
    };
    const together = Promise.all([cache.load('token-a', read), cache.load('token-a', read)]);
    release();
    const [first, second] = await together;
    expect(first).toBe(second);
    expect(reads).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
    expect((await cache.load('token-a', read)).userId).toBe('a1');
    // A read under way when a session event clears the cache is neither joined nor kept.
    cache.clear();
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const slow = cache.load('token-a', async () => (await slowGate, principal('before')));
    cache.onAppended([event('session')]);
    const after = cache.load('token-a', async () => principal('after'));
    releaseSlow();
    expect((await slow).userId).toBe('before');
    expect((await after).userId).toBe('after');
    expect(cache.get('token-a')?.userId).toBe('after');
  });

  it('a failed read fails the calls that shared it and is not kept', async () => {
    const cache = new PrincipalCache(() => 0);
    const failing = () => Promise.reject(new Error('session ended'));
    await expect(Promise.all([cache.load('token-a', failing), cache.load('token-a', failing)])).rejects.toThrow('session ended');
    expect(cache.get('token-a')).toBeNull();
  });
});
