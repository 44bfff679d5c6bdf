// §9's annual caps on award, purchase-order and claim value: which documents count toward which cap, by
// their issuer (the api refuses past the cap; the ui warns from 80%). A letter of award is the buyer's
// award; purchase, work and rental orders (and a sub-contractor's own down its chain) are orders; claims are
// raised by the seller that claims, so they count on the seller's package.
import type { DocumentResource } from './documents-resources.js';

export type CapGroup = 'award' | 'purchaseOrder' | 'claim';
export const CAP_GROUPS: readonly CapGroup[] = ['award', 'purchaseOrder', 'claim'];

export const CAPPED_RESOURCES: Readonly<Record<CapGroup, readonly DocumentResource[]>> = {
  award: ['letterOfAward'],
  purchaseOrder: ['purchaseOrder', 'workOrder', 'rentalOrder', 'subPurchaseOrder', 'subRentalOrder'],
  claim: ['progressiveClaim', 'milestoneClaim'],
};

export function capGroupOf(resource: string): CapGroup | null {
  return CAP_GROUPS.find((group) => (CAPPED_RESOURCES[group] as readonly string[]).includes(resource)) ?? null;
}

/** GET /api/subscriptions/usage: one per cap. Money in sen; limit null: unlimited. */
export type CapUsage = { group: CapGroup; limit: number | null; used: number; warning: boolean; periodStart: string; periodEnd: string };

/** GET /api/subscriptions/usage `storage`: the bytes the company's files take of its package's storage. */
export type StorageUsage = { limit: number; used: number; warning: boolean };
