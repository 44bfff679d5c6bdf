import { describe, expect, it } from '@jest/globals';
import { FixedWindowLimiter } from './public-rate-limit.js';

describe('public rate limit', () => {
  it('lets a caller make its budget of calls per window, then answers the seconds to wait; others are not affected', () => {
    const limiter = new FixedWindowLimiter({ limit: 3, windowMs: 60_000 });
    expect([0, 1, 2].map((i) => limiter.take('a', 1_000 + i))).toEqual([0, 0, 0]);
    expect(limiter.take('a', 11_000)).toBe(50);
    expect(limiter.take('b', 11_000)).toBe(0);
    expect(limiter.take('a', 61_000)).toBe(0);
  });
});
