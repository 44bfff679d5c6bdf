// The subscriptions context's streams. Coupons: `coupon-<couponId>` (created, status changes through the
// coupon machine, each use by an order) and `couponCode-<CODE>` (claims the code, so two coupons never share
// one). Billing records: `billing-<invoiceNo>` (the record as ordered, status changes through the billing
// machine); the invoice number is the stream's name, so a number is used only by the append that records
// its bill and numbers have no gaps (README.md).
import type { WorkflowStatusChanged } from '@binaan/contracts';
import type { PackageId } from '../platform-configuration/platform-settings.js';
import type { UsageLine } from './usage/usage-billing.js';

export const COUPON_STREAM_TYPE = 'coupon';
export const COUPON_CODE_STREAM_TYPE = 'couponCode';
export const BILLING_STREAM_TYPE = 'billing';
export const couponStream = (couponId: string) => `${COUPON_STREAM_TYPE}-${couponId}`;
export const couponCodeStream = (code: string) => `${COUPON_CODE_STREAM_TYPE}-${code}`;
export const billingStream = (invoiceNo: string) => `${BILLING_STREAM_TYPE}-${invoiceNo}`;
/** A company's subscription: its periods (paid packages, the trial), each start and end an event. */
export const SUBSCRIPTION_STREAM_TYPE = 'subscription';
export const subscriptionStream = (companyId: string) => `${SUBSCRIPTION_STREAM_TYPE}-${companyId}`;

export type DiscountType = 'percentage' | 'fixed';
export type CouponTerms = {
  code: string;
  discountType: DiscountType;
  /** percentage: whole percent 1 to 100; fixed: sen. */
  discount: number;
  packageIds: PackageId[];
  validFrom: string;
  validTo: string;
  maxUses: number;
};

export type CouponEvent =
  | { type: 'CouponCreated'; data: CouponTerms & { couponId: string } }
  | { type: 'CouponStatusChanged'; data: { couponId: string; change: WorkflowStatusChanged<'coupon'> } }
  | { type: 'CouponUsed'; data: { couponId: string; orderId: string; companyId: string; packageId: PackageId } };
export type CouponCodeClaimed = { type: 'CouponCodeClaimed'; data: { code: string; couponId: string } };

/** The buyer as it stood when it ordered (a later change of the company's details does not change the bill). */
export type BillingBuyer = { companyId: string; name: string; registrationNo: string; sstNo: string | null; address: string | null };
/** `credit`: what was left of the package being changed, pro rata (absent when none). */
export type BillingAmounts = {
  price: number;
  discount: number;
  credit?: number;
  subtotal: number;
  sstRate: number;
  sst: number;
  total: number;
  currency: 'MYR';
};
/**
 * What a bill is for: a package ordered (`subscription`; absent on bills recorded before usage bills), or a
 * month's transaction fees (`usage`: its `period`, the documents' `lines` at `feeRate` basis points, no
 * package or coupon; usage/usage-billing.ts).
 */
export type BillingKind = { kind?: 'subscription' } | { kind: 'usage'; period: string; feeRate: number; lines: UsageLine[] };
export type BillingEvent =
  | {
      type: 'BillingRecorded';
      data: {
        billingId: string;
        invoiceNo: string;
        sequence: number;
        orderId: string;
        buyer: BillingBuyer;
        packageId: PackageId | null;
        coupon: { couponId: string; code: string } | null;
        amounts: BillingAmounts;
        orderedBy: string;
      } & BillingKind;
    }
  | { type: 'BillingStatusChanged'; data: { billingId: string; change: WorkflowStatusChanged<'billing'> } }
  /** A payment page opened at the gateway for this bill (online payment): the session a callback must name. */
  | { type: 'PaymentCheckoutStarted'; data: { billingId: string; gateway: string; sessionId: string; amount: number; currency: string } }
  /** The money received, in the same append as the billing machine's Pay: how, its reference (gateway session, cheque number), the amount. */
  | { type: 'BillingPaid'; data: { billingId: string; method: PaymentMethod; reference: string; amount: number; paidAt: string } };

export type PaymentMethod = 'online' | 'cheque' | 'bankDraft';
/** How a period began: the first paid package, the same package again (from the end of the last), another package (pro rata), or the trial. */
export type PeriodChange = 'new' | 'renewal' | 'change' | 'trial';
export type SubscriptionEvent =
  | {
      type: 'SubscriptionPeriodStarted';
      data: { companyId: string; packageId: PackageId; billingId: string | null; from: string; to: string; change: PeriodChange };
    }
  /** `from` names the period (a company's periods never start at the same instant). */
  | {
      type: 'SubscriptionPeriodEnded';
      data: { companyId: string; packageId: PackageId; billingId: string | null; from: string; at: string; reason: 'expired' | 'changed' };
    };

export const SUBSCRIPTION_EVENT_TYPES = [
  'CouponCreated',
  'CouponStatusChanged',
  'CouponUsed',
  'BillingRecorded',
  'BillingStatusChanged',
  'PaymentCheckoutStarted',
  'BillingPaid',
  'SubscriptionPeriodStarted',
  'SubscriptionPeriodEnded',
] as const;
