import { describe, expect, it } from '@jest/globals';
import { BoundedCache } from './bounded-cache.js';

describe('bounded cache', () => {
  it('keeps at most its capacity, dropping the oldest entry first', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10);
    expect([cache.get('a'), cache.size]).toEqual([10, 2]);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([undefined, 2, 3, 2]);
  });
});
