import { describe, expect, it } from '@jest/globals';
import { UsedTokens } from './used-tokens.js';

describe('used human-check tokens', () => {
  it('lets a token be claimed once while it lives', () => {
    const used = new UsedTokens();
    expect(used.claim('sig-1', 2_000, 1_000)).toBe(true);
    expect(used.claim('sig-1', 2_000, 1_500)).toBe(false);
    expect(used.claim('sig-2', 2_000, 1_500)).toBe(true);
  });

  it('forgets a token once it has expired (the challenge itself is refused by then)', () => {
    const used = new UsedTokens();
    used.claim('sig-1', 2_000, 1_000);
    used.claim('sig-2', 5_000, 1_000);
    used.claim('sig-3', 6_000, 3_000);
    expect(used.size).toBe(2);
  });

  it('never holds more than its bound, forgetting the oldest first', () => {
    const used = new UsedTokens(2);
    used.claim('sig-1', 9_000, 1_000);
    used.claim('sig-2', 9_000, 1_000);
    used.claim('sig-3', 9_000, 1_000);
    expect(used.size).toBe(2);
    expect(used.claim('sig-3', 9_000, 1_000)).toBe(false);
    expect(used.claim('sig-1', 9_000, 1_000)).toBe(true);
  });
});
