// The monthly usage bill (pure): which month a run bills (the Malaysian calendar month before the run's
// day), the fee of each document at the configured rate (basis points, half up to the sen, as every amount
// here) and the bill's amounts with SST on the fees (the platform's service, taxed as the subscriptions are).
import { applyRate } from '../../platform-configuration/platform-settings.js';
import { priceOf } from '../pricing.js';
import type { BillingAmounts } from '../subscriptions.events.js';
import type { FeeDocumentKind } from './transaction-fees.projection.js';

const MALAYSIA_MS = 8 * 3_600_000;

/** A Malaysian calendar month: its name ('2026-11') and the instants it starts and ends (UTC). */
export type BillingMonth = { period: string; start: Date; end: Date };

/** The Malaysian calendar month before the one `now` falls in. */
export function previousMalaysianMonth(now: Date): BillingMonth {
  const local = new Date(now.getTime() + MALAYSIA_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth(); // this month, 0-based: the one billed is month - 1
  const start = new Date(Date.UTC(year, month - 1, 1) - MALAYSIA_MS);
  const end = new Date(Date.UTC(year, month, 1) - MALAYSIA_MS);
  const billed = new Date(Date.UTC(year, month - 1, 1));
  return { period: `${billed.getUTCFullYear()}-${String(billed.getUTCMonth() + 1).padStart(2, '0')}`, start, end };
}

/** One document on a usage bill: its kind and number, the fee's base and the fee (sen). */
export type UsageLine = { documentKind: FeeDocumentKind; documentId: string; documentNo: string; base: number; fee: number };

export type AccruedFee = { documentId: string; resource: FeeDocumentKind; documentNo: string; baseSen: number };

/** The bill's lines at `feeRate` basis points, and its amounts: the fees, then SST at `sstRate` on their sum. */
export function usageBill(fees: readonly AccruedFee[], feeRate: number, sstRate: number): { lines: UsageLine[]; amounts: BillingAmounts } {
  const lines = fees.map((fee) => ({
    documentKind: fee.resource,
    documentId: fee.documentId,
    documentNo: fee.documentNo,
    base: fee.baseSen,
    fee: applyRate(fee.baseSen, feeRate),
  }));
  return {
    lines,
    amounts: priceOf(
      lines.reduce((sum, line) => sum + line.fee, 0),
      sstRate,
      null,
    ),
  };
}
