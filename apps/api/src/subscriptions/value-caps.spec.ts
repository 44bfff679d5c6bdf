// The value caps' pure parts: which documents count toward which cap, a total in sen, and the 80% warning.
import { describe, expect, it } from '@jest/globals';
import { capGroupOf, capUsageOf, totalSenOf } from './value-caps.js';

const YEAR = { start: new Date('2026-01-31T16:00:00Z'), end: new Date('2027-01-31T16:00:00Z') };

describe('the yearly value caps', () => {
  it('count a letter of award as an award, the orders as orders, the claims as claims, and nothing else', () => {
    expect(
      [
        'letterOfAward',
        'purchaseOrder',
        'workOrder',
        'rentalOrder',
        'subPurchaseOrder',
        'progressiveClaim',
        'milestoneClaim',
        'tender',
        'invoice',
        'paymentCertificate',
      ].map(capGroupOf),
    ).toEqual(['award', 'purchaseOrder', 'purchaseOrder', 'purchaseOrder', 'purchaseOrder', 'claim', 'claim', null, null, null]);
  });

  it('read a document total in sen', () => {
    expect([totalSenOf('0.00'), totalSenOf('954.00'), totalSenOf('12345.67'), totalSenOf('19999999.99')]).toEqual([
      0, 95_400, 1_234_567, 1_999_999_999,
    ]);
  });

  it('warn from 80% of a limit, never for an unlimited package', () => {
    expect([
      capUsageOf('claim', 100_000, 79_999, YEAR).warning,
      capUsageOf('claim', 100_000, 80_000, YEAR).warning,
      capUsageOf('claim', null, 10 ** 12, YEAR).warning,
    ]).toEqual([false, true, false]);
    expect(capUsageOf('award', 5, 1, YEAR)).toMatchObject({
      periodStart: '2026-01-31T16:00:00.000Z',
      periodEnd: '2027-01-31T16:00:00.000Z',
    });
  });
});
