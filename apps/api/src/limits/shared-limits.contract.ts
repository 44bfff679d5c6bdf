// What every SharedLimits adapter must do, run by in-process-limits.spec.ts and postgres-limits.spec.ts.
// Expected values come from the port's rules (fixed windows of windowMs opened by the first call; every
// call counted; a mark held until it expires), not from either adapter.
import { describe, expect, it } from '@jest/globals';
import type { SharedLimits } from './shared-limits.port.js';

export function sharedLimitsContract(name: string, make: () => Promise<SharedLimits>): void {
  describe(`${name}: the SharedLimits contract`, () => {
    it('counts the calls of a key in a window that opens at its first call, and starts over when it ends', async () => {
      const limits = await make();
      const counts = [];
      for (const at of [1_000, 20_000, 60_999]) counts.push(await limits.hit('lookups:a', 60_000, at));
      expect(counts).toEqual([1, 2, 3].map((count) => ({ count, resetsAtMs: 61_000 })));
      expect(await limits.hit('lookups:a', 60_000, 61_000)).toEqual({ count: 1, resetsAtMs: 121_000 });
    });

    it('keeps keys apart', async () => {
      const limits = await make();
      await limits.hit('lookups:a', 60_000, 0);
      await limits.hit('lookups:a', 60_000, 0);
      expect(await limits.hit('lookups:b', 60_000, 5)).toEqual({ count: 1, resetsAtMs: 60_005 });
      expect(await limits.hit('registrations:a', 60_000, 5)).toEqual({ count: 1, resetsAtMs: 60_005 });
    });

    it('counts every one of many simultaneous calls once', async () => {
      const limits = await make();
      const hits = await Promise.all(Array.from({ length: 40 }, () => limits.hit('lookups:burst', 60_000, 0)));
      expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });

    it('lets a key be claimed once while its mark lives, and again once it has expired', async () => {
      const limits = await make();
      expect(await limits.claimOnce('altcha:1', 2_000, 1_000)).toBe(true);
      expect(await limits.claimOnce('altcha:1', 2_000, 1_999)).toBe(false);
      expect(await limits.claimOnce('altcha:2', 2_000, 1_999)).toBe(true);
      expect(await limits.claimOnce('altcha:1', 3_000, 2_000)).toBe(true);
      expect(await limits.claimOnce('altcha:1', 3_000, 2_500)).toBe(false);
    });

    it('gives one of many simultaneous claims of a key, and only one', async () => {
      const limits = await make();
      const claims = await Promise.all(Array.from({ length: 20 }, () => limits.claimOnce('altcha:race', 9_000, 1_000)));
      expect(claims.filter(Boolean)).toHaveLength(1);
    });
  });
}
