// The one bounded cache: at most its capacity, the least recently used entry forgotten first.
import { describe, expect, it } from '@jest/globals';
import { Lru } from './lru.js';

describe('bounded cache (least recently used goes first)', () => {
  it('given more entries than its capacity, then it keeps the capacity and drops the one unused longest', () => {
    const cache = new Lru<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([undefined, 2, 3, 2]);
  });

  it('a read keeps an entry: the other one goes', () => {
    const cache = new Lru<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('writing a kept key again replaces its value without growing, and counts as a use', () => {
    const cache = new Lru<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10);
    expect(cache.size).toBe(2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([10, undefined, 3]);
  });

  it('forgets one entry or all of them on demand', () => {
    const cache = new Lru<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    expect([cache.get('a'), cache.get('b'), cache.size]).toEqual([undefined, 2, 1]);
    cache.clear();
    expect([cache.get('b'), cache.size]).toEqual([undefined, 0]);
  });
});
