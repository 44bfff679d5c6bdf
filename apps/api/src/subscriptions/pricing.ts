// A package's price for an order (pure): the coupon's discount, then SST on what is left, each in whole sen
// rounded half up (the same rounding the documents use for their SST).
import { applyRate } from '../platform-configuration/platform-settings.js';
import type { BillingAmounts, DiscountType } from './subscriptions.events.js';

export type CouponDiscount = { discountType: DiscountType; discount: number };

/**
 * Discount first (a percentage of the price, half up; a fixed amount at most the price), then the credit for
 * what is left of the package being changed (at most what remains), then SST at `sstRate` basis points.
 */
export function priceOf(price: number, sstRate: number, coupon: CouponDiscount | null, credit = 0): BillingAmounts {
  const discount = !coupon
    ? 0
    : coupon.discountType === 'percentage'
      ? applyRate(price, coupon.discount * 100)
      : Math.min(coupon.discount, price);
  const credited = Math.min(credit, price - discount);
  const subtotal = price - discount - credited;
  const sst = applyRate(subtotal, sstRate);
  return { price, discount, ...(credited > 0 ? { credit: credited } : {}), subtotal, sstRate, sst, total: subtotal + sst, currency: 'MYR' };
}

/** Why a coupon cannot be used for this package today, or null when it can. `today`: YYYY-MM-DD in Malaysia. */
export function couponProblem(
  coupon: { status: string; packageIds: readonly string[]; validFrom: string; validTo: string; uses: number; maxUses: number },
  packageId: string,
  today: string,
): string | null {
  if (coupon.status === 'redeemed' || coupon.uses >= coupon.maxUses) return 'usedUp';
  if (coupon.status !== 'active') return 'inactive';
  if (today < coupon.validFrom) return 'notYetValid';
  if (today > coupon.validTo) return 'expired';
  if (!coupon.packageIds.includes(packageId)) return 'wrongPlan';
  return null;
}

/** The day in Malaysia (UTC+8, no daylight saving) of an instant: YYYY-MM-DD. */
export function malaysianDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
