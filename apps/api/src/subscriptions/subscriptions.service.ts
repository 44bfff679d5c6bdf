// Packages, quotes, orders and billing records. A package is a type (subcontractor, supplier) and a tier
// (basic, advanced, elite) at the platform configuration's price and caps; a quote is its price less the
// coupon's discount plus SST; an order by the company's administrator records a billing record through the
// billing machine (Create then Issue, by the platform: new, then pendingPayment) with the next invoice
// number, the buyer's details as they stand and the quote's amounts. Payment is not taken here yet.
import { billingInvoicePdf } from './billing-invoice-pdf.js';
import { invalidParameter } from '../common/list-query.js';
import { requireAdminRight } from '../platform-staff/admin-rights.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type JsonValue, type SqlExecutor } from '@binaan/event-store';
import { decide, evolve, SYSTEM_ACTOR, type WorkflowState } from '@binaan/workflows';
import { companyOf } from '../authority/authority.service.js';
import { keysetPage, keysetQuery } from '../common/keyset-page.js';
import { listFilter } from '../common/list-query.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { PlatformConfiguration } from '../platform-configuration/platform-configuration.service.js';
import { PACKAGE_FIGURES, PACKAGE_IDS, packageSettingKey, type PackageFigure, type PackageId, type PackageTierName, type PackageType, type SettingValues } from '../platform-configuration/platform-settings.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { buyerOf } from './billing-buyer.js';
import { Coupons } from './coupons.service.js';
import { usageViewOf } from './usage/usage-view.js';
import { packageTypeOf } from './package-of-company.js';
import { priceOf } from './pricing.js';
import { BILLING_STREAM_TYPE, billingStream, type BillingBuyer, type BillingEvent } from './subscriptions.events.js';

/** Who may order for the company and read its bills: the company profile's rights (its administrator holds them). */
const ORDER_RIGHT = 'administration.companyProfile.update' as const;
const BILLING_READ_RIGHTS = ['administration.companyProfile.view', 'administration.companyProfile.update'] as const;
const BILLING_STATUSES = ['new', 'pendingPayment', 'paid', 'cancelled'];
/** A billing record still standing for its package: ordering that package again is the same subscription as current. */
const STANDING = ['new', 'pendingPayment', 'paid'];
/** Invoice numbers: INV- and six digits at least (INV-000001), one sequence for the platform. */
export const invoiceNumber = (sequence: number) => `INV-${String(sequence).padStart(6, '0')}`;

type BillingRow = {
  billing_id: string; sequence: number; company_id: string; package_id: string; buyer: BillingBuyer | string; coupon_code: string | null; price: string | number; discount: string | number;
  subtotal: string | number; sst_rate: number; sst: string | number; total: string | number; currency: string; status: string; ordered_at: Date | string; ordered_by_name: string | null;
  kind?: string | null; period?: string | null; usage?: unknown;
};

function billingView(row: BillingRow) {
  return {
    id: row.billing_id, invoiceNo: row.billing_id, companyId: row.company_id, packageId: row.package_id, buyer: typeof row.buyer === 'string' ? JSON.parse(row.buyer) as BillingBuyer : row.buyer,
    couponCode: row.coupon_code, price: Number(row.price), discount: Number(row.discount), subtotal: Number(row.subtotal), sstRate: Number(row.sst_rate), sst: Number(row.sst), total: Number(row.total),
    currency: row.currency, status: row.status, orderedAt: new Date(row.ordered_at).toISOString(), orderedBy: row.ordered_by_name, ...usageViewOf(row),
  };
}

export function packagesOf(values: SettingValues) {
  return PACKAGE_IDS.map((id) => {
    const [type, tier] = id.split('-') as [PackageType, PackageTierName];
    const figures = Object.fromEntries(PACKAGE_FIGURES.map((figure) => [figure, values.get(packageSettingKey(id, figure)) ?? null])) as Record<PackageFigure, number | null>;
    return { id, type, tier, currency: 'MYR' as const, periodMonths: 12, ...figures, price: figures.price ?? 0 };
  });
}

@Injectable()
export class Subscriptions {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly configuration: PlatformConfiguration,
    private readonly coupons: Coupons,
  ) {}

  /** The six packages with their price and caps; `current` and `suggested` for the caller's company when one is chosen. */
  async packages(principal: Principal) {
    const packages = packagesOf(await this.configuration.values());
    const company = principal.companyId ? await this.companyRow(principal.companyId) : null;
    const paid = company ? await this.billedPackages(principal.companyId!, ['paid']) : [];
    const awaiting = company ? await this.billedPackages(principal.companyId!, ['new', 'pendingPayment']) : [];
    return {
      // current: the company's own tier, or a package it paid for; awaitingPayment: ordered, its bill not paid yet.
      packages: packages.map((p) => ({ ...p, current: this.heldWithoutBill(p.id, company) || paid.includes(p.id), awaitingPayment: awaiting.includes(p.id) })),
      sstRate: (await this.configuration.value('sstRate')) ?? 0,
      suggestedType: company ? packageTypeOf(Number(company.subscription_type)) : null,
    };
  }

  /** `{ packageId, couponCode? }` → price, discount, SST and total in sen, or the refusal the order would meet. */
  async quote(principal: Principal, body: unknown) {
    const companyId = companyOf(principal);
    return { success: true as const, ...(await this.priced(companyId, body)) };
  }

  /** The company's administrator orders the quoted package: a billing record waiting for payment (201). */
  async order(principal: Principal, body: unknown) {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    const companyId = companyOf(principal, ORDER_RIGHT);
    const priced = await this.priced(companyId, body);
    const orderId = randomUUID();
    if (priced.coupon) await this.coupons.use(priced.coupon.id, priced.packageId, orderId, companyId, principal.userId);
    const buyer = await buyerOf(this.db, companyId);
    const at = this.now().toISOString();
    const created = decide('billing', null, { type: 'Create', at, ownerCompanyId: companyId }, SYSTEM_ACTOR);
    if (!created.ok) throw refusal(409, created.refusal.code, 'The billing record could not be made.');
    const issued = decide('billing', created.state, { type: 'Issue', at }, SYSTEM_ACTOR);
    if (!issued.ok) throw refusal(409, issued.refusal.code, 'The billing record could not be issued.');
    // The next number is the last recorded plus one; a race for it loses the append (the stream exists) and takes the next.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const [last] = await this.db.query<{ n: number | string | null }>('SELECT max(sequence) AS n FROM billings');
      const sequence = Number(last?.n ?? 0) + 1;
      const billingId = invoiceNumber(sequence);
      const events: BillingEvent[] = [
        { type: 'BillingRecorded', data: { billingId, invoiceNo: billingId, sequence, orderId, buyer, packageId: priced.packageId, coupon: priced.coupon ? { couponId: priced.coupon.id, code: priced.coupon.code } : null, amounts: priced.amounts, orderedBy: principal.userId } },
        { type: 'BillingStatusChanged', data: { billingId, change: created.event } },
        { type: 'BillingStatusChanged', data: { billingId, change: issued.event } },
      ];
      try {
        await this.store.append({
          streamId: billingStream(billingId), streamType: BILLING_STREAM_TYPE, expectedRevision: 'no_stream',
          events: events.map((e) => ({ type: e.type, data: e.data as unknown as JsonValue, metadata: { actorUserId: principal.userId, actorCompanyId: companyId } })),
        });
        return { success: true as const, id: billingId, invoiceNo: billingId, status: issued.state.status, ...priced.amounts };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
      }
    }
    throw refusal(409, ErrorCodes.wrongExpectedRevision, 'Too many orders at once: try again.');
  }

  /** Billing records, newest first, by keyset (?filter={"status":"pendingPayment"}&after=&limit=): a platform administrator's are all, a company's its own. */
  async billings(principal: Principal, query: Record<string, unknown>) {
    if (principal.userType === 2) await requireAdminRight(this.db, principal, 'admin.company');
    const companyId = principal.userType === 2 ? null : companyOf(principal, ...BILLING_READ_RIGHTS);
    const filter = listFilter(query.filter);
    const { after, limit } = keysetQuery(query);
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => (params.push(value), `$${params.length}`);
    if (companyId) where.push(`b.company_id = ${param(companyId)}`);
    else if (typeof filter.companyId === 'string') where.push(`b.company_id = ${param(filter.companyId)}`);
    if (typeof filter.status === 'string') {
      if (!BILLING_STATUSES.includes(filter.status)) throw invalidParameter('filter.status', `must be one of ${BILLING_STATUSES.join(', ')}`);
      where.push(`b.status = ${param(filter.status)}`);
    }
    if (after) {
      if (!/^\d{1,9}$/.test(after[1])) return { items: [], next: null };
      where.push(`b.sequence < ${param(Number(after[1]))}`);
    }
    const rows = await this.db.query<BillingRow>(
      `SELECT b.*, u.name AS ordered_by_name FROM billings b LEFT JOIN identity_users u ON u.user_id = b.ordered_by
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY b.sequence DESC LIMIT ${limit + 1}`, params,
    );
    return keysetPage(rows, limit, billingView, (row) => [row.billing_id, String(row.sequence)]);
  }

  /** One billing record: the company's own, or any for a platform administrator (another company's: 404). */
  async billing(principal: Principal, billingId: string) {
    if (principal.userType === 2) await requireAdminRight(this.db, principal, 'admin.company');
    const companyId = principal.userType === 2 ? null : companyOf(principal, ...BILLING_READ_RIGHTS);
    const [row] = await this.db.query<BillingRow>(
      'SELECT b.*, u.name AS ordered_by_name FROM billings b LEFT JOIN identity_users u ON u.user_id = b.ordered_by WHERE b.billing_id = $1', [billingId],
    );
    if (!row || (companyId !== null && row.company_id !== companyId)) throw refusal(404, ErrorCodes.billingNotFound, 'There is no such billing record.');
    const events = await this.store.readStream(billingStream(billingId));
    let state: WorkflowState | null = null;
    const history = events.filter((e) => e.type === 'BillingStatusChanged').map((e) => {
      const change = (e.data as { change: Parameters<typeof evolve>[1] }).change;
      state = evolve(state, change);
      return { event: change.workflowEvent, statusAfter: change.statusAfter, at: change.at, remark: change.remark };
    });
    return { ...billingView(row), history };
  }

  /** The billing record as a tax invoice in PDF (a receipt once paid): whoever may read the record. */
  async invoicePdf(principal: Principal, billingId: string): Promise<{ pdf: Uint8Array; invoiceNo: string }> {
    const bill = await this.billing(principal, billingId);
    const paidAt = bill.history.find((step) => step.statusAfter === 'paid')?.at ?? null;
    const pdf = await billingInvoicePdf({ ...bill, paidAt: typeof paidAt === 'string' ? paidAt : null });
    return { pdf, invoiceNo: bill.invoiceNo };
  }

  private async priced(companyId: string, body: unknown) {
    const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as { packageId?: unknown; couponCode?: unknown };
    if (input.couponCode !== undefined && input.couponCode !== null && typeof input.couponCode !== 'string') {
      throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: couponCode.', { fields: { couponCode: ['invalid'] } });
    }
    if (typeof input.packageId !== 'string' || !PACKAGE_IDS.includes(input.packageId as PackageId)) {
      throw refusal(422, ErrorCodes.invalidSubscriptionType, `The package must be one of ${PACKAGE_IDS.join(', ')}.`);
    }
    const packageId = input.packageId as PackageId;
    const company = await this.companyRow(companyId);
    if (company && (await this.currentPackages(companyId, company)).includes(packageId)) {
      throw refusal(409, ErrorCodes.sameSubscriptionAsCurrent, `The company has the package ${packageId} already, or an order of it waits for payment.`);
    }
    const code = typeof input.couponCode === 'string' ? input.couponCode.trim() : '';
    const coupon = code === '' ? null : await this.coupons.usable(code, packageId);
    const values = await this.configuration.values();
    const price = values.get(packageSettingKey(packageId, 'price')) ?? 0;
    const amounts = priceOf(price, values.get('sstRate') ?? 0, coupon);
    return { packageId, couponCode: coupon?.code ?? null, coupon, amounts };
  }

  /**
   * The packages the company has: the tier its subscription names (demo and migrated companies, until a
   * paid order sets it) of the type that fits it, and every package of a billing record still standing.
   */
  /** The packages of the company's bills in these statuses. */
  private async billedPackages(companyId: string, statuses: readonly string[]): Promise<string[]> {
    const rows = await this.db.query<{ package_id: string }>('SELECT DISTINCT package_id FROM billings WHERE company_id = $1 AND status = ANY($2::text[])', [companyId, statuses]);
    return rows.map((row) => row.package_id);
  }

  /** The company's own tier's package (demo and migrated companies hold one without a bill). */
  private heldWithoutBill(packageId: string, company: CompanyRow | null): boolean {
    const tier = company?.subscription_detail_type;
    return company !== null && (tier === 'basic' || tier === 'advanced' || tier === 'elite') && packageId === `${packageTypeOf(Number(company.subscription_type))}-${tier}`;
  }

  private async currentPackages(companyId: string, company: CompanyRow): Promise<string[]> {
    const standing = await this.db.query<{ package_id: string }>(
      `SELECT DISTINCT package_id FROM billings WHERE company_id = $1 AND status IN (${STANDING.map((s) => `'${s}'`).join(', ')})`, [companyId],
    );
    const tier = company.subscription_detail_type;
    const own = tier === 'basic' || tier === 'advanced' || tier === 'elite' ? [`${packageTypeOf(Number(company.subscription_type))}-${tier}`] : [];
    return [...own, ...standing.map((row) => row.package_id)];
  }

  private async companyRow(companyId: string): Promise<CompanyRow | null> {
    const [row] = await this.db.query<CompanyRow>('SELECT name, registration_no, subscription_type, subscription_detail_type, details FROM companies WHERE company_id = $1', [companyId]);
    return row ?? null;
  }
}

type CompanyRow = { name: string; registration_no: string; subscription_type: number | string; subscription_detail_type: string; details: unknown };
