// Packages, quotes, orders and billing records. A package is a type (subcontractor, supplier) and a tier
// (basic, advanced, elite) at the platform configuration's price and caps; a quote is its price less the
// coupon's discount plus SST; an order by the company's administrator records a billing record through the
// billing machine (Create then Issue, by the platform: new, then pendingPayment) with the next invoice
// number, the buyer's details as they stand and the quote's amounts. Paying it: billing-payments.service.ts.
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
import {
  PACKAGE_FIGURES,
  PACKAGE_IDS,
  packageSettingKey,
  type PackageFigure,
  type PackageId,
  type PackageTierName,
  type PackageType,
  type SettingValues,
} from '../platform-configuration/platform-settings.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { buyerOf } from './billing-buyer.js';
import { Coupons } from './coupons.service.js';
import { usageViewOf } from './usage/usage-view.js';
import { SubscriptionStanding } from './subscription-standing.service.js';
import { packageTypeOf } from './package-of-company.js';
import { priceOf } from './pricing.js';
import { proRataCredit } from './subscription-periods.js';
import { BILLING_STREAM_TYPE, billingStream, type BillingBuyer, type BillingEvent, type PeriodChange } from './subscriptions.events.js';

/** Who may order for the company and read its bills: the company profile's rights (its administrator holds them). */
const ORDER_RIGHT = 'administration.companyProfile.update' as const;
const BILLING_READ_RIGHTS = ['administration.companyProfile.view', 'administration.companyProfile.update'] as const;
const BILLING_STATUSES = ['new', 'pendingPayment', 'paid', 'cancelled'];
/** Invoice numbers: INV- and six digits at least (INV-000001), one sequence for the platform. */
export const invoiceNumber = (sequence: number) => `INV-${String(sequence).padStart(6, '0')}`;

type BillingRow = {
  billing_id: string;
  sequence: number;
  company_id: string;
  package_id: string;
  buyer: BillingBuyer | string;
  coupon_code: string | null;
  price: string | number;
  discount: string | number;
  credit?: string | number | null;
  subtotal: string | number;
  sst_rate: number;
  sst: string | number;
  total: string | number;
  currency: string;
  status: string;
  ordered_at: Date | string;
  ordered_by_name: string | null;
  kind?: string | null;
  period?: string | null;
  usage?: unknown;
};

function billingView(row: BillingRow) {
  return {
    id: row.billing_id,
    invoiceNo: row.billing_id,
    companyId: row.company_id,
    packageId: row.package_id,
    buyer: typeof row.buyer === 'string' ? (JSON.parse(row.buyer) as BillingBuyer) : row.buyer,
    couponCode: row.coupon_code,
    price: Number(row.price),
    discount: Number(row.discount),
    credit: Number(row.credit ?? 0),
    subtotal: Number(row.subtotal),
    sstRate: Number(row.sst_rate),
    sst: Number(row.sst),
    total: Number(row.total),
    currency: row.currency,
    status: row.status,
    orderedAt: new Date(row.ordered_at).toISOString(),
    orderedBy: row.ordered_by_name,
    ...usageViewOf(row),
  };
}

export function packagesOf(values: SettingValues) {
  return PACKAGE_IDS.map((id) => {
    const [type, tier] = id.split('-') as [PackageType, PackageTierName];
    const figures = Object.fromEntries(
      PACKAGE_FIGURES.map((figure) => [figure, values.get(packageSettingKey(id, figure)) ?? null]),
    ) as Record<PackageFigure, number | null>;
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
    private readonly standing: SubscriptionStanding,
  ) {}

  /** The six packages with their price and caps; `current` and `suggested` for the caller's company when one is chosen. */
  async packages(principal: Principal) {
    const packages = packagesOf(await this.configuration.values());
    const company = principal.companyId ? await this.companyRow(principal.companyId) : null;
    const standing = company ? await this.standing.of(principal.companyId!) : null;
    const awaiting = company ? await this.billedPackages(principal.companyId!, ['new', 'pendingPayment']) : [];
    // A held tier counts only where the subscription names one (a seller's 'supplier' or a contractor's 'subcontractor' names none).
    const holds =
      standing !== null &&
      (standing.state === 'active' || standing.state === 'renewalDue') &&
      (standing.source !== 'held' || namesTier(company));
    return {
      // current: the package the company stands on now (its tier, a paid period or the trial); awaitingPayment: ordered, its bill not paid yet.
      packages: packages.map((p) => ({
        ...p,
        current: holds && standing.packageId === p.id,
        trial: holds && standing.packageId === p.id && standing.source === 'trial',
        currentUntil: holds && standing.packageId === p.id ? standing.periodEnd : null,
        awaitingPayment: awaiting.includes(p.id),
      })),
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
        {
          type: 'BillingRecorded',
          data: {
            billingId,
            invoiceNo: billingId,
            sequence,
            orderId,
            buyer,
            packageId: priced.packageId,
            coupon: priced.coupon ? { couponId: priced.coupon.id, code: priced.coupon.code } : null,
            amounts: priced.amounts,
            orderedBy: principal.userId,
          },
        },
        { type: 'BillingStatusChanged', data: { billingId, change: created.event } },
        { type: 'BillingStatusChanged', data: { billingId, change: issued.event } },
      ];
      try {
        await this.store.append({
          streamId: billingStream(billingId),
          streamType: BILLING_STREAM_TYPE,
          expectedRevision: 'no_stream',
          events: events.map((e) => ({
            type: e.type,
            data: e.data as unknown as JsonValue,
            metadata: { actorUserId: principal.userId, actorCompanyId: companyId },
          })),
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
      if (!BILLING_STATUSES.includes(filter.status))
        throw invalidParameter('filter.status', `must be one of ${BILLING_STATUSES.join(', ')}`);
      where.push(`b.status = ${param(filter.status)}`);
    }
    if (after) {
      if (!/^\d{1,9}$/.test(after[1])) return { items: [], next: null };
      where.push(`b.sequence < ${param(Number(after[1]))}`);
    }
    const rows = await this.db.query<BillingRow>(
      `SELECT b.*, u.name AS ordered_by_name FROM billings b LEFT JOIN identity_users u ON u.user_id = b.ordered_by
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY b.sequence DESC LIMIT ${limit + 1}`,
      params,
    );
    return keysetPage(rows, limit, billingView, (row) => [row.billing_id, String(row.sequence)]);
  }

  /** One billing record: the company's own, or any for a platform administrator (another company's: 404). */
  async billing(principal: Principal, billingId: string) {
    if (principal.userType === 2) await requireAdminRight(this.db, principal, 'admin.company');
    const companyId = principal.userType === 2 ? null : companyOf(principal, ...BILLING_READ_RIGHTS);
    const [row] = await this.db.query<BillingRow>(
      'SELECT b.*, u.name AS ordered_by_name FROM billings b LEFT JOIN identity_users u ON u.user_id = b.ordered_by WHERE b.billing_id = $1',
      [billingId],
    );
    if (!row || (companyId !== null && row.company_id !== companyId))
      throw refusal(404, ErrorCodes.billingNotFound, 'There is no such billing record.');
    const events = await this.store.readStream(billingStream(billingId));
    let state: WorkflowState | null = null;
    const history = events
      .filter((e) => e.type === 'BillingStatusChanged')
      .map((e) => {
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
    const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as {
      packageId?: unknown;
      couponCode?: unknown;
    };
    if (input.couponCode !== undefined && input.couponCode !== null && typeof input.couponCode !== 'string') {
      throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: couponCode.', { fields: { couponCode: ['invalid'] } });
    }
    if (typeof input.packageId !== 'string' || !PACKAGE_IDS.includes(input.packageId as PackageId)) {
      throw refusal(422, ErrorCodes.invalidSubscriptionType, `The package must be one of ${PACKAGE_IDS.join(', ')}.`);
    }
    const packageId = input.packageId as PackageId;
    const company = await this.companyRow(companyId);
    if (company && (await this.currentPackages(companyId)).includes(packageId)) {
      throw refusal(
        409,
        ErrorCodes.sameSubscriptionAsCurrent,
        `The company has the package ${packageId} already, or an order of it waits for payment.`,
      );
    }
    const code = typeof input.couponCode === 'string' ? input.couponCode.trim() : '';
    const coupon = code === '' ? null : await this.coupons.usable(code, packageId);
    const values = await this.configuration.values();
    const price = values.get(packageSettingKey(packageId, 'price')) ?? 0;
    const amounts = priceOf(price, values.get('sstRate') ?? 0, coupon, await this.changeCredit(companyId, packageId));
    return { packageId, couponCode: coupon?.code ?? null, coupon, amounts };
  }

  /** The packages of the company's bills in these statuses. */
  private async billedPackages(companyId: string, statuses: readonly string[]): Promise<string[]> {
    const rows = await this.db.query<{ package_id: string }>(
      'SELECT DISTINCT package_id FROM billings WHERE company_id = $1 AND status = ANY($2::text[])',
      [companyId, statuses],
    );
    return rows.map((row) => row.package_id);
  }

  /**
   * The packages ordering would repeat (README.md "Current subscription"): those ordered and not paid yet,
   * the held tier, and a paid package while it runs outside its renewal reminder (within it, ordering the
   * same package is its renewal). The trial's package may be ordered: that is paying for it.
   */
  private async currentPackages(companyId: string): Promise<string[]> {
    const standing = await this.standing.of(companyId);
    const held = standing.source === 'held' && namesTier(await this.companyRow(companyId));
    const holding = held || (standing.source === 'period' && standing.state === 'active') ? [standing.packageId] : [];
    return [...holding, ...(await this.billedPackages(companyId, ['new', 'pendingPayment']))];
  }

  /** Changing from a running paid package to another: what is left of it, pro rata (README.md "Change of package"). */
  private async changeCredit(companyId: string, packageId: string): Promise<number> {
    const now = this.now();
    const [row] = await this.db.query<{
      package_id: string;
      billing_id: string | null;
      period_from: Date | string;
      period_to: Date | string;
      change: string;
      subtotal: string | number | null;
    }>(
      `SELECT p.package_id, p.billing_id, p.period_from, p.period_to, p.change, b.subtotal FROM subscription_periods p LEFT JOIN billings b ON b.billing_id = p.billing_id
       WHERE p.company_id = $1 AND p.period_from <= $2 AND p.period_to > $2 AND (p.ended_at IS NULL OR p.ended_at > $2) ORDER BY p.period_from DESC LIMIT 1`,
      [companyId, now.toISOString()],
    );
    if (!row || row.package_id === packageId) return 0;
    const running = {
      packageId: row.package_id as PackageId,
      billingId: row.billing_id,
      from: new Date(row.period_from).toISOString(),
      to: new Date(row.period_to).toISOString(),
      change: row.change as PeriodChange,
      endedAt: null,
    };
    return proRataCredit(running, Number(row.subtotal ?? 0), now);
  }

  private async companyRow(companyId: string): Promise<CompanyRow | null> {
    const [row] = await this.db.query<CompanyRow>(
      'SELECT name, registration_no, subscription_type, subscription_detail_type, details FROM companies WHERE company_id = $1',
      [companyId],
    );
    return row ?? null;
  }
}

type CompanyRow = {
  name: string;
  registration_no: string;
  subscription_type: number | string;
  subscription_detail_type: string;
  details: unknown;
};

/** The company's subscription names a tier (basic, advanced, elite): demo and older companies hold it without a bill. */
function namesTier(company: CompanyRow | null): boolean {
  const tier = company?.subscription_detail_type;
  return tier === 'basic' || tier === 'advanced' || tier === 'elite';
}
