import { describe, expect, it } from '@jest/globals';
import { tradeValuation, transactionFee, type TradeValuationInput } from './fees.js';

const base: TradeValuationInput = {
  contractSum: null,
  workDone: 0n,
  unfixedGoods: 0n,
  previousCertified: 0n,
  retentionBasisPoints: 1000n,
  retentionLimitBasisPoints: 500n,
  sstApplicable: false,
};

describe('fees: exact in sen, half up (spec §9)', () => {
  it('transaction fee is 1.5% of the base, rounded half up to the sen', () => {
    expect(transactionFee(100_000n)).toBe(1_500n); // RM 1,000.00 -> RM 15.00
    expect(transactionFee(15_200_000n)).toBe(228_000n); // RM 152,000.00 -> RM 2,280.00
    expect(transactionFee(3_300n)).toBe(50n); // RM 33.00 -> 49.5 sen -> 50 sen
    expect(transactionFee(3_299n)).toBe(49n); // 49.485 sen -> 49 sen
    expect(transactionFee(34n)).toBe(1n); // 0.51 sen -> 1 sen
    expect(transactionFee(33n)).toBe(0n); // 0.495 sen -> 0
    expect(transactionFee(0n)).toBe(0n);
  });

  it('trade certificate: 75% of unfixed goods, 10% retention within the 5% limit, less the previous certificates, SST 6%', () => {
    // Contract RM 1,000,000; work done RM 250,000; unfixed goods RM 40,000 (75% = 30,000); gross 280,000;
    // retention 10% = 28,000 (limit 5% of the contract = 50,000); net 252,000; previous 100,000; due 152,000;
    // SST 6% = 9,120; payable 161,120.
    expect(
      tradeValuation({
        ...base,
        contractSum: 100_000_000n,
        workDone: 25_000_000n,
        unfixedGoods: 4_000_000n,
        previousCertified: 10_000_000n,
        sstApplicable: true,
      }),
    ).toEqual({
      unfixedGoodsAllowed: 3_000_000n,
      grossValuation: 28_000_000n,
      retentionLimit: 5_000_000n,
      retention: 2_800_000n,
      netValuation: 25_200_000n,
      amountDue: 15_200_000n,
      sst: 912_000n,
      totalPayable: 16_112_000n,
    });
  });

  it('retention stops at its limit', () => {
    // Contract RM 400,000; work done 380,000: 10% would be 38,000, the limit 5% of 400,000 is 20,000.
    const valuation = tradeValuation({ ...base, contractSum: 40_000_000n, workDone: 38_000_000n, previousCertified: 30_000_000n });
    expect([
      valuation.retentionLimit,
      valuation.retention,
      valuation.netValuation,
      valuation.amountDue,
      valuation.sst,
      valuation.totalPayable,
    ]).toEqual([2_000_000n, 2_000_000n, 36_000_000n, 6_000_000n, 0n, 6_000_000n]);
  });

  it('rounds each step half up to the sen', () => {
    // Work done RM 1,234.57; unfixed 33 sen x 75% = 24.75 -> 25 sen; gross 1,234.82; 10% = 123.482 -> 123.48;
    // net 1,111.34; no limit without a contract sum; SST 66.6804 -> 66.68; payable 1,178.02.
    expect(tradeValuation({ ...base, workDone: 123_457n, unfixedGoods: 33n, sstApplicable: true })).toEqual({
      unfixedGoodsAllowed: 25n,
      grossValuation: 123_482n,
      retentionLimit: null,
      retention: 12_348n,
      netValuation: 111_134n,
      amountDue: 111_134n,
      sst: 6_668n,
      totalPayable: 117_802n,
    });
    expect(tradeValuation({ ...base, unfixedGoods: 2n }).unfixedGoodsAllowed).toBe(2n); // 1.5 sen -> 2
    expect(tradeValuation({ ...base, workDone: 20n, retentionBasisPoints: 250n }).retention).toBe(1n); // 2.5% of 20 sen = 0.5 -> 1
  });

  it('a certificate below what was certified before comes out negative (the rules refuse it)', () => {
    expect(tradeValuation({ ...base, workDone: 100_000n, previousCertified: 100_000n }).amountDue).toBe(-10_000n);
  });
});
