// §9's annual caps on award, purchase-order and claim value (pure): a company's use of each in its
// subscription year. Which documents count: packages/contracts subscription-caps.ts. A document counts once
// asked for approval (or past it) and until cancelled or rejected, at its total with SST (what the issuer
// commits to pay). The figures are the platform configuration's for the company's package (null:
// unlimited); the year is the one the tender-invitation allowance counts.
import type { CapGroup, CapUsage } from '@binaan/contracts';
import { WARNING_SHARE } from '../tendering/allowance/invitation-allowance.js';
import type { PackageFigure } from '../platform-configuration/platform-settings.js';

export { CAP_GROUPS, CAPPED_RESOURCES, capGroupOf, type CapGroup, type CapUsage } from '@binaan/contracts';

export const CAP_FIGURE: Readonly<Record<CapGroup, PackageFigure>> = {
  award: 'awardValuePerYear',
  purchaseOrder: 'purchaseOrderValuePerYear',
  claim: 'claimValuePerYear',
};

/**
 * Statuses in which a document commits nothing: one cancelled or rejected. A 'new' one commits once it is
 * asked for approval (a round awaits a level) and no longer when its approval is refused (the round closes).
 */
export const UNCOMMITTED_STATUSES: readonly string[] = ['cancelled', 'rejected', 'draftContractRejected'];
export const DRAFT_STATUS = 'new';

export function capUsageOf(group: CapGroup, limit: number | null, used: number, period: { start: Date; end: Date }): CapUsage {
  return {
    group,
    limit,
    used,
    warning: limit !== null && used >= limit * WARNING_SHARE,
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
  };
}

/** A document's total ("12345.67", two decimals) in sen. */
export function totalSenOf(total: string): number {
  return Math.round(Number(total) * 100);
}
