// What a billing record says of its kind, as the list, the detail and the invoice show it: a usage bill's
// month and lines (documents with their fee), or a subscription's nothing more.
import type { UsageLine } from './usage-billing.js';

export type BillingUsageView = { kind: 'subscription' | 'usage'; period: string | null; feeRate: number | null; lines: UsageLine[] };

export function usageViewOf(row: { kind?: string | null; period?: string | null; usage?: unknown }): BillingUsageView {
  if (row.kind !== 'usage') return { kind: 'subscription', period: null, feeRate: null, lines: [] };
  const usage = (typeof row.usage === 'string' ? JSON.parse(row.usage) : (row.usage ?? {})) as { feeRate?: number; lines?: UsageLine[] };
  return { kind: 'usage', period: row.period ?? null, feeRate: usage.feeRate ?? null, lines: usage.lines ?? [] };
}
