// Fees the server computes (spec §9), exact in integer sen, every step rounded half up to the sen:
// the transaction fee of 1.5% on awards and payment certificates, and the trade payment certificate's
// valuation: 75% of unfixed goods, retention (percent of the gross valuation, limited to a percent of
// the contract sum), the amount due after what was certified before, SST 6% on it. Pure: unit-tested
// in fees.spec.ts with hand-computed values.
import { SST_PERCENT, TRANSACTION_FEE_BASIS_POINTS, UNFIXED_GOODS_PERCENT } from '@binaan/contracts';
import { basisPointsOf } from './money.js';

const PERCENT = 100n; // basis points per percent

/** 1.5% of the base (the award's value before SST, or the certified amount). */
export function transactionFee(baseSen: bigint): bigint {
  return basisPointsOf(baseSen, BigInt(TRANSACTION_FEE_BASIS_POINTS));
}

export type TradeValuationInput = {
  /** Null: no contract sum given, so retention has no limit. */
  contractSum: bigint | null;
  /** Value of work done to date (cumulative). */
  workDone: bigint;
  /** Unfixed goods (materials delivered to site, not yet built in), of which 75% count. */
  unfixedGoods: bigint;
  /** Certified on earlier certificates (net of their retention). */
  previousCertified: bigint;
  retentionBasisPoints: bigint;
  retentionLimitBasisPoints: bigint;
  sstApplicable: boolean;
};

export type TradeValuation = {
  unfixedGoodsAllowed: bigint;
  grossValuation: bigint;
  retentionLimit: bigint | null;
  retention: bigint;
  netValuation: bigint;
  amountDue: bigint;
  sst: bigint;
  totalPayable: bigint;
};

export function tradeValuation(input: TradeValuationInput): TradeValuation {
  const unfixedGoodsAllowed = basisPointsOf(input.unfixedGoods, BigInt(UNFIXED_GOODS_PERCENT) * PERCENT);
  const grossValuation = input.workDone + unfixedGoodsAllowed;
  const retentionLimit = input.contractSum === null ? null : basisPointsOf(input.contractSum, input.retentionLimitBasisPoints);
  const uncapped = basisPointsOf(grossValuation, input.retentionBasisPoints);
  const retention = retentionLimit !== null && uncapped > retentionLimit ? retentionLimit : uncapped;
  const netValuation = grossValuation - retention;
  const amountDue = netValuation - input.previousCertified;
  const sst = input.sstApplicable ? basisPointsOf(amountDue, BigInt(SST_PERCENT) * PERCENT) : 0n;
  return { unfixedGoodsAllowed, grossValuation, retentionLimit, retention, netValuation, amountDue, sst, totalPayable: amountDue + sst };
}
