// The platform configuration, packages, quotes, orders, billing records and coupons over the api
// (apps/api/src/platform-configuration, apps/api/src/subscriptions). Money comes and goes in sen, rates in
// basis points; the pages show them as RM and percent (sen.ts).
import { adminJson } from '../providers/admin-request.js';

export type SettingKind = 'money' | 'rate' | 'count' | 'gigabytes';
export type Setting = {
  key: string;
  group: string;
  kind: SettingKind;
  value: number | null;
  defaultValue: number | null;
  unlimitedAllowed: boolean;
  allowedValues: number[] | null;
  changedAt: string | null;
  changedBy: string | null;
  reason: string | null;
};
export type SettingChange = { previous: number | null; value: number | null; reason: string; changedAt: string; changedBy: string | null };
export type Package = {
  id: string;
  type: 'subcontractor' | 'supplier';
  tier: 'basic' | 'advanced' | 'elite';
  price: number;
  currency: 'MYR';
  periodMonths: number;
  tenderInvitations: number | null;
  awardValuePerYear: number | null;
  purchaseOrderValuePerYear: number | null;
  claimValuePerYear: number | null;
  storageGb: number | null;
  current: boolean;
  /** Ordered, its bill not paid yet. */
  awaitingPayment: boolean;
  /** The current package is the free trial (the company may order it: that is paying for it). */
  trial?: boolean;
  /** When the current package's period (or the trial) ends; null for a tier held without periods. */
  currentUntil?: string | null;
};
export type Amounts = {
  price: number;
  discount: number;
  credit?: number;
  subtotal: number;
  sstRate: number;
  sst: number;
  total: number;
  currency: 'MYR';
};
export type Quote = { packageId: string; couponCode: string | null; amounts: Amounts };
export type Billing = Omit<Amounts, 'currency'> & {
  id: string;
  invoiceNo: string;
  companyId: string;
  packageId: string | null;
  buyer: { name: string; registrationNo: string };
  couponCode: string | null;
  currency: string;
  status: string;
  orderedAt: string;
  orderedBy: string | null;
  /** A package ordered, or a month's transaction fees (`period` '2026-11', the documents in `lines`, sen). */
  kind: 'subscription' | 'usage';
  period: string | null;
  feeRate: number | null;
  lines: { documentKind: string; documentId: string; documentNo: string; base: number; fee: number }[];
};
export type Page<T> = { items: T[]; next: string | null };

export const settings = () => adminJson<{ settings: Setting[] }>('/api/platform-configuration');
export const settingHistory = (key: string) =>
  adminJson<Page<SettingChange>>(`/api/platform-configuration/${encodeURIComponent(key)}/history?limit=10`);
export const changeSetting = (key: string, value: number | null, reason: string) =>
  adminJson<{ success: true }>(`/api/platform-configuration/${encodeURIComponent(key)}`, { method: 'PUT', body: { value, reason } });

export const packages = () =>
  adminJson<{ packages: Package[]; sstRate: number; suggestedType: Package['type'] | null }>('/api/subscriptions/packages');
export const quote = (packageId: string, couponCode: string) =>
  adminJson<Quote & { success: true }>('/api/subscriptions/quote', {
    method: 'POST',
    body: { packageId, ...(couponCode ? { couponCode } : {}) },
  });
export const order = (packageId: string, couponCode: string) =>
  adminJson<Amounts & { success: true; id: string; invoiceNo: string; status: string }>('/api/subscriptions/orders', {
    method: 'POST',
    body: { packageId, ...(couponCode ? { couponCode } : {}) },
  });
export const billings = (after: string | null) =>
  adminJson<Page<Billing>>(`/api/billings?limit=25${after ? `&after=${encodeURIComponent(after)}` : ''}`);

export type Coupon = {
  id: string;
  code: string;
  discountType: 'percentage' | 'fixed';
  discount: number;
  packageIds: string[];
  validFrom: string;
  validTo: string;
  maxUses: number;
  uses: number;
  status: 'active' | 'inactive' | 'redeemed';
  createdAt: string;
};
export type CouponTerms = Pick<Coupon, 'code' | 'discountType' | 'discount' | 'packageIds' | 'validFrom' | 'validTo' | 'maxUses'>;
export const coupons = (after: string | null) =>
  adminJson<Page<Coupon>>(`/api/coupons?limit=25${after ? `&after=${encodeURIComponent(after)}` : ''}`);
export const createCoupon = (terms: CouponTerms) =>
  adminJson<{ success: true; id: string; code: string }>('/api/coupons', { method: 'POST', body: terms });
export const actOnCoupon = (id: string, event: 'Activate' | 'Deactivate') =>
  adminJson<{ success: true; status: string }>(`/api/coupons/${encodeURIComponent(id)}/actions/${event}`, { method: 'POST' });
/** Opens the payment gateway's page for a bill waiting for payment (the company's administrator). */
export const checkout = (billingId: string) =>
  adminJson<{ success: true; url: string; sessionId: string }>(`/api/billings/${encodeURIComponent(billingId)}/checkout`, {
    method: 'POST',
  });
export const billing = (billingId: string) => adminJson<Billing>(`/api/billings/${encodeURIComponent(billingId)}`);

/** A cheque or bank draft a company recorded for a bill (apps/api/src/cheque-payments): pending until the platform confirms or rejects it. */
export type ChequePayment = {
  id: string;
  billingId: string;
  invoiceNo: string;
  companyId: string;
  companyName: string | null;
  kind: 'cheque' | 'bankDraft';
  chequeNo: string;
  chequeDate: string;
  bank: string;
  amount: number;
  currency: string;
  status: 'pending' | 'confirmed' | 'rejected';
  remark: string | null;
  recordedAt: string;
  recordedBy: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
};
export type ChequeDetails = Pick<ChequePayment, 'kind' | 'chequeNo' | 'chequeDate' | 'bank' | 'amount'>;
export const chequePayments = (after: string | null, limit = 25) =>
  adminJson<Page<ChequePayment>>(`/api/cheque-payments?limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`);
export const recordChequePayment = (billingId: string, details: ChequeDetails) =>
  adminJson<{ success: true; id: string; status: string }>(`/api/billings/${encodeURIComponent(billingId)}/cheque-payments`, {
    method: 'POST',
    body: details,
  });
export const actOnChequePayment = (id: string, event: 'Confirm' | 'Reject', remark?: string) =>
  adminJson<{ success: true; status: string }>(`/api/cheque-payments/${encodeURIComponent(id)}/actions/${event}`, {
    method: 'POST',
    body: remark ? { remark } : {},
  });

/** A company's subscription period, as the platform administrator's list shows it. */
export type SubscriptionPeriod = {
  companyId: string;
  companyName: string | null;
  packageId: string;
  billingId: string | null;
  from: string;
  to: string;
  change: 'new' | 'renewal' | 'change' | 'trial';
  endedAt: string | null;
  endReason: string | null;
  state: 'running' | 'upcoming' | 'ended';
};
export const subscriptionPeriods = (state: string, after: string | null) =>
  adminJson<Page<SubscriptionPeriod>>(
    `/api/admin/subscriptions?limit=25${state ? `&filter=${encodeURIComponent(JSON.stringify({ state }))}` : ''}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
  );
