import { describe, expect, it } from '@jest/globals';
import { previousMalaysianMonth, usageBill } from './usage-billing.js';

describe('the monthly usage bill', () => {
  it('bills the Malaysian calendar month before the run, its bounds at Malaysian midnight', () => {
    // 1 December 2026, 00:30 in Malaysia is still 30 November in UTC: the month billed is November.
    expect(previousMalaysianMonth(new Date('2026-11-30T16:30:00Z'))).toEqual({
      period: '2026-11',
      start: new Date('2026-10-31T16:00:00Z'),
      end: new Date('2026-11-30T16:00:00Z'),
    });
    // 30 November, 23:30 in Malaysia: October.
    expect(previousMalaysianMonth(new Date('2026-11-30T15:30:00Z')).period).toBe('2026-10');
    // January bills the December before.
    expect(previousMalaysianMonth(new Date('2027-01-15T04:00:00Z'))).toEqual({
      period: '2026-12',
      start: new Date('2026-11-30T16:00:00Z'),
      end: new Date('2026-12-31T16:00:00Z'),
    });
  });

  it("charges 1.5% of each base half up to the sen, and SST 6% on the fees' sum", () => {
    const { lines, amounts } = usageBill(
      [
        { documentId: 'a', resource: 'letterOfAward', documentNo: 'LOA-1', baseSen: 10_000_000 }, // RM 100,000.00 -> RM 1,500.00
        { documentId: 'b', resource: 'paymentCertificate', documentNo: 'PC-1', baseSen: 3_333 }, // RM 33.33 -> 49.995 sen -> 50 sen
      ],
      150,
      600,
    );
    expect(lines.map((line) => line.fee)).toEqual([150_000, 50]);
    // 150,050 sen; SST 6% = 9,003 sen.
    expect(amounts).toEqual({ price: 150_050, discount: 0, subtotal: 150_050, sstRate: 600, sst: 9_003, total: 159_053, currency: 'MYR' });
  });
});
