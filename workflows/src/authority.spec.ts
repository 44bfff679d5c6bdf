import { describe, expect, it } from '@jest/globals';
import type { AuthorityManual } from '@binaan/contracts';
import { requiredLevelsFor } from './authority.js';

const manual: AuthorityManual = {
  resource: 'purchaseOrder',
  levels: [
    { level: 22, limit: null },
    { level: 20, limit: 10_000 },
    { level: 21, limit: 100_000 },
  ],
  allowSelfApproval: false,
};

describe('levels a document needs, from its amount and the authority manual', () => {
  it.each([
    [0, [20]],
    [10_000, [20]],
    [10_000.01, [20, 21]],
    [100_000, [20, 21]],
    [5_000_000, [20, 21, 22]],
  ])('given an amount of RM %d, then levels %j', (amount, levels) => {
    expect(requiredLevelsFor(amount, manual)).toEqual(levels);
  });

  it('given an amount above every limit, then none (limitExceeded)', () => {
    const capped: AuthorityManual = {
      ...manual,
      levels: [
        { level: 20, limit: 500 },
        { level: 23, limit: 1_000 },
      ],
    };
    expect(requiredLevelsFor(1_000.5, capped)).toBeNull();
    expect(requiredLevelsFor(800, capped)).toEqual([20, 23]);
  });

  it('given no amount, then every configured level', () => {
    expect(requiredLevelsFor(null, manual)).toEqual([20, 21, 22]);
  });

  it('given no manual, then VerifyLevel1 alone', () => {
    expect(requiredLevelsFor(1_000_000, undefined)).toEqual([20]);
  });
});
