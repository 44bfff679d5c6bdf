import { describe, expect, it } from '@jest/globals';
import { couponProblem, malaysianDay, priceOf } from './pricing.js';

describe('a package price with its coupon and SST', () => {
  it('adds 6% SST to the price in sen, half up', () => {
    expect(priceOf(300_000, 600, null)).toEqual({
      price: 300_000,
      discount: 0,
      subtotal: 300_000,
      sstRate: 600,
      sst: 18_000,
      total: 318_000,
      currency: 'MYR',
    });
    // 6% of RM 0.25 is 1.5 sen: half up to 2.
    expect(priceOf(25, 600, null)).toMatchObject({ sst: 2, total: 27 });
    expect(priceOf(24, 600, null)).toMatchObject({ sst: 1, total: 25 });
  });

  it('takes a percentage off the price (half up) before SST, and a fixed amount at most the price', () => {
    expect(priceOf(750_050, 600, { discountType: 'percentage', discount: 15 })).toMatchObject({
      discount: 112_508,
      subtotal: 637_542,
      sst: 38_253,
      total: 675_795,
    });
    expect(priceOf(300_000, 600, { discountType: 'fixed', discount: 50_000 })).toMatchObject({
      discount: 50_000,
      subtotal: 250_000,
      sst: 15_000,
      total: 265_000,
    });
    expect(priceOf(300_000, 600, { discountType: 'fixed', discount: 900_000 })).toMatchObject({
      discount: 300_000,
      subtotal: 0,
      sst: 0,
      total: 0,
    });
    expect(priceOf(300_000, 600, { discountType: 'percentage', discount: 100 })).toMatchObject({ total: 0 });
  });

  it('names why a coupon does not apply: used up, inactive, not yet or no longer valid, another plan', () => {
    const coupon = {
      status: 'active',
      packageIds: ['supplier-basic'],
      validFrom: '2026-03-01',
      validTo: '2026-03-31',
      uses: 0,
      maxUses: 2,
    };
    expect(couponProblem(coupon, 'supplier-basic', '2026-03-01')).toBeNull();
    expect(couponProblem(coupon, 'supplier-basic', '2026-03-31')).toBeNull();
    expect(couponProblem(coupon, 'supplier-basic', '2026-02-28')).toBe('notYetValid');
    expect(couponProblem(coupon, 'supplier-basic', '2026-04-01')).toBe('expired');
    expect(couponProblem(coupon, 'supplier-elite', '2026-03-10')).toBe('wrongPlan');
    expect(couponProblem({ ...coupon, status: 'inactive' }, 'supplier-basic', '2026-03-10')).toBe('inactive');
    expect(couponProblem({ ...coupon, uses: 2 }, 'supplier-basic', '2026-03-10')).toBe('usedUp');
    expect(couponProblem({ ...coupon, status: 'redeemed' }, 'supplier-basic', '2026-03-10')).toBe('usedUp');
  });

  it('reads the day in Malaysian time', () => {
    expect(malaysianDay(new Date('2026-03-31T16:00:00Z'))).toBe('2026-04-01');
    expect(malaysianDay(new Date('2026-03-31T15:59:59Z'))).toBe('2026-03-31');
  });
});
