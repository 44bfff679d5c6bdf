import { describe, expect, it } from '@jest/globals';
import { InProcessLimits } from '../limits/in-process-limits.js';
import { FixedWindowLimiter } from './public-rate-limit.js';

describe('public rate limit', () => {
  it('lets a caller make its budget of calls per window, then answers the seconds to wait; others are not affected', async () => {
    const limiter = new FixedWindowLimiter(new InProcessLimits(), 'lookups', { limit: 3, windowMs: 60_000 });
    const first = [];
    for (const at of [1_000, 1_001, 1_002]) first.push(await limiter.take('a', at));
    expect(first).toEqual([0, 0, 0]);
    expect(await limiter.take('a', 11_000)).toBe(50);
    expect(await limiter.take('b', 11_000)).toBe(0);
    expect(await limiter.take('a', 61_000)).toBe(0);
  });

  it('keeps budgets of different scopes apart for the same address', async () => {
    const limits = new InProcessLimits();
    const lookups = new FixedWindowLimiter(limits, 'lookups', { limit: 1, windowMs: 60_000 });
    const registrations = new FixedWindowLimiter(limits, 'registrations', { limit: 1, windowMs: 60_000 });
    expect(await lookups.take('a', 0)).toBe(0);
    expect(await registrations.take('a', 0)).toBe(0);
    expect(await lookups.take('a', 0)).toBe(60);
  });
});
