import { Refused } from '../../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import { allowanceOf, mustHaveAllowance, subscriptionYear, tierOf } from './invitation-allowance.js';

const at = (iso: string) => new Date(iso);
const year = (approved: string, now: string) => {
  const { start, end } = subscriptionYear(at(approved), at(now));
  return [start.toISOString(), end.toISOString()];
};

describe('§9 invitation allowance', () => {
  it('the tier: advanced and elite as named; basic, a seller kind or nothing is basic', () => {
    expect([tierOf('elite'), tierOf('advanced'), tierOf('basic'), tierOf('supplier'), tierOf(null), tierOf(undefined)]).toEqual([
      'elite',
      'advanced',
      'basic',
      'basic',
      'basic',
      'basic',
    ]);
  });

  it('the year runs from the approval day at midnight in Malaysia (16:00 UTC the day before), anniversary to anniversary', () => {
    // Approved 2025-03-10 09:00 in Malaysia (01:00 UTC): the year starts 2025-03-10 00:00 MYT = 2025-03-09 16:00 UTC.
    expect(year('2025-03-10T01:00:00Z', '2025-06-01T00:00:00Z')).toEqual(['2025-03-09T16:00:00.000Z', '2026-03-09T16:00:00.000Z']);
    // A year later, one minute before the anniversary's midnight in Malaysia: still the first year.
    expect(year('2025-03-10T01:00:00Z', '2026-03-09T15:59:00Z')).toEqual(['2025-03-09T16:00:00.000Z', '2026-03-09T16:00:00.000Z']);
    // At the anniversary's midnight in Malaysia: the second year.
    expect(year('2025-03-10T01:00:00Z', '2026-03-09T16:00:00Z')).toEqual(['2026-03-09T16:00:00.000Z', '2027-03-09T16:00:00.000Z']);
    // Approved 2025-12-31 20:00 UTC is 2026-01-01 04:00 in Malaysia: the anniversary is 1 January.
    expect(year('2025-12-31T20:00:00Z', '2027-02-01T00:00:00Z')).toEqual(['2026-12-31T16:00:00.000Z', '2027-12-31T16:00:00.000Z']);
  });

  it('a 29 February approval has its anniversary on 28 February in other years', () => {
    expect(year('2024-02-29T04:00:00Z', '2025-03-01T00:00:00Z')).toEqual(['2025-02-27T16:00:00.000Z', '2026-02-27T16:00:00.000Z']);
    expect(year('2024-02-29T04:00:00Z', '2028-03-01T00:00:00Z')).toEqual(['2028-02-28T16:00:00.000Z', '2029-02-27T16:00:00.000Z']);
  });

  it('a clock before the approval counts from the approval', () => {
    expect(year('2025-03-10T01:00:00Z', '2024-01-01T00:00:00Z')).toEqual(['2025-03-09T16:00:00.000Z', '2026-03-09T16:00:00.000Z']);
  });

  const period = { start: at('2025-03-09T16:00:00Z'), end: at('2026-03-09T16:00:00Z') };
  it('used, left and the warning at 80 of 100 and 800 of 1,000; never for elite', () => {
    expect(allowanceOf('basic', 79, period)).toMatchObject({ limit: 100, used: 79, remaining: 21, warning: false });
    expect(allowanceOf('basic', 80, period)).toMatchObject({ limit: 100, used: 80, remaining: 20, warning: true });
    expect(allowanceOf('advanced', 799, period)).toMatchObject({ limit: 1000, remaining: 201, warning: false });
    expect(allowanceOf('advanced', 800, period)).toMatchObject({ limit: 1000, remaining: 200, warning: true });
    expect(allowanceOf('elite', 50_000, period)).toMatchObject({ limit: null, used: 50_000, remaining: null, warning: false });
  });

  it('all or none: 99 used, 1 more is allowed, 2 are refused with the limit and what is left', () => {
    expect(() => mustHaveAllowance(allowanceOf('basic', 99, period), 1)).not.toThrow();
    let refused: unknown;
    try {
      mustHaveAllowance(allowanceOf('basic', 99, period), 2);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(Refused);
    expect(refused).toMatchObject({
      status: 409,
      code: 'tenderInvitationLimitReached',
      extra: { limit: 100, used: 99, remaining: 1, requested: 2 },
    });
    expect(() => mustHaveAllowance(allowanceOf('elite', 1_000_000, period), 50)).not.toThrow();
  });
});
