import { describe, expect, it } from '@jest/globals';
import { InProcessLimits } from './in-process-limits.js';
import { sharedLimitsContract } from './shared-limits.contract.js';
import { WindowCounts } from './window-counts.js';

sharedLimitsContract('in the process', () => Promise.resolve(new InProcessLimits()));

describe('in-process windows', () => {
  it('never hold more keys than their bound: ended windows go first, then all', () => {
    const windows = new WindowCounts(2);
    windows.hit('a', 1_000, 0);
    windows.hit('b', 5_000, 0);
    windows.hit('c', 5_000, 2_000);
    expect(windows.size).toBe(2);
    windows.hit('d', 5_000, 2_000);
    expect(windows.size).toBe(1);
    expect(windows.hit('b', 5_000, 2_000).count).toBe(1);
  });
});
