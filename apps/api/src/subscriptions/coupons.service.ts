// Coupons, kept by a platform administrator: created (code, percentage or fixed amount, the plans it is
// valid for, valid from and to, how many uses), deactivated and activated again through the coupon machine;
// an order uses one (CouponUsed) and the last use redeems it (the machine's Redeem by the system). A use is
// appended at the coupon's revision read, so two orders racing for the last use cannot both have it.
import { requireAdminRight } from '../platform-staff/admin-rights.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type JsonValue, type SqlExecutor } from '@binaan/event-store';
import { decide, evolve, SYSTEM_ACTOR, type Actor, type WorkflowState } from '@binaan/workflows';
import { keysetPage, keysetQuery } from '../common/keyset-page.js';
import { listFilter } from '../common/list-query.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { machineStep } from '../companies/company-admin.decider.js';
import { PACKAGE_IDS, type PackageId } from '../platform-configuration/platform-settings.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { couponProblem, malaysianDay } from './pricing.js';
import {
  COUPON_CODE_STREAM_TYPE,
  COUPON_STREAM_TYPE,
  couponCodeStream,
  couponStream,
  type CouponEvent,
  type CouponTerms,
} from './subscriptions.events.js';

const CODE = /^[A-Z0-9][A-Z0-9_-]{2,29}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_FIXED = 10_000_000_000;
type CouponRow = {
  coupon_id: string;
  position: string | number;
  code: string;
  discount_type: string;
  discount: string | number;
  package_ids: string[];
  valid_from: string;
  valid_to: string;
  max_uses: number;
  uses: number;
  status: string;
  created_at: Date | string;
  revision: number;
};

export type CouponView = ReturnType<typeof couponView>;
export function couponView(row: CouponRow) {
  return {
    id: row.coupon_id,
    code: row.code,
    discountType: row.discount_type as 'percentage' | 'fixed',
    discount: Number(row.discount),
    packageIds: row.package_ids,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    maxUses: Number(row.max_uses),
    uses: Number(row.uses),
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    revision: Number(row.revision),
  };
}

const adminActor = (principal: Principal): Actor => ({
  userId: principal.userId,
  companyId: 'platform',
  kind: 'admin',
  authorities: { company: {}, project: {} },
});
const isDay = (text: string) =>
  DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/** The coupon's terms as given, or 400 validationFailed naming each field. */
export function parseCoupon(raw: unknown): CouponTerms {
  const input = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const fields: Record<string, string[]> = {};
  const code = typeof input.code === 'string' ? input.code.trim().toUpperCase() : '';
  if (!CODE.test(code)) fields.code = [code === '' ? 'required' : 'invalid'];
  const discountType = input.discountType;
  if (discountType !== 'percentage' && discountType !== 'fixed') fields.discountType = ['invalid'];
  const discount = input.discount;
  if (
    typeof discount !== 'number' ||
    !Number.isInteger(discount) ||
    discount < 1 ||
    (discountType === 'percentage' ? discount > 100 : discount > MAX_FIXED)
  )
    fields.discount = ['invalid'];
  const packageIds = Array.isArray(input.packageIds) ? [...new Set(input.packageIds)] : null;
  if (!packageIds || packageIds.length === 0 || packageIds.some((id) => !PACKAGE_IDS.includes(id as PackageId)))
    fields.packageIds = ['invalid'];
  const validFrom = typeof input.validFrom === 'string' ? input.validFrom : '';
  const validTo = typeof input.validTo === 'string' ? input.validTo : '';
  if (!isDay(validFrom)) fields.validFrom = ['invalidDate'];
  if (!isDay(validTo)) fields.validTo = ['invalidDate'];
  else if (isDay(validFrom) && validTo < validFrom) fields.validTo = ['endBeforeStart'];
  const maxUses = input.maxUses;
  if (typeof maxUses !== 'number' || !Number.isInteger(maxUses) || maxUses < 1 || maxUses > 1_000_000) fields.maxUses = ['invalid'];
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
  return {
    code,
    discountType: discountType as CouponTerms['discountType'],
    discount: discount as number,
    packageIds: packageIds as PackageId[],
    validFrom,
    validTo,
    maxUses: maxUses as number,
  };
}

@Injectable()
export class Coupons {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /** The platform administrator's coupons, newest first: ?filter={"status":"active","q":"CODE"}&after=&limit=. */
  async list(principal: Principal, query: Record<string, unknown>) {
    await requireAdminRight(this.db, principal, 'admin.coupon');
    const filter = listFilter(query.filter);
    const { after, limit } = keysetQuery(query);
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => (params.push(value), `$${params.length}`);
    if (typeof filter.status === 'string') where.push(`status = ${param(filter.status)}`);
    if (typeof filter.q === 'string' && filter.q.trim() !== '')
      where.push(
        `code LIKE ${param(
          `${filter.q
            .trim()
            .toUpperCase()
            .replace(/[\\%_]/g, (c) => `\\${c}`)
            .slice(0, 30)}%`,
        )}`,
      );
    if (after) {
      if (!/^\d{1,15}$/.test(after[0])) return { items: [], next: null };
      where.push(`position < ${param(Number(after[0]))}`);
    }
    const rows = await this.db.query<CouponRow>(
      `SELECT * FROM coupons ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY position DESC LIMIT ${limit + 1}`,
      params,
    );
    return keysetPage(rows, limit, couponView, (row) => [String(row.position), row.coupon_id]);
  }

  async view(principal: Principal, couponId: string) {
    await requireAdminRight(this.db, principal, 'admin.coupon');
    const [row] = await this.db.query<CouponRow>('SELECT * FROM coupons WHERE coupon_id = $1', [couponId]);
    if (!row) throw refusal(404, ErrorCodes.couponNotFound, 'There is no such coupon.');
    return couponView(row);
  }

  /** A new coupon, active at once (the machine's Create by an administrator); its code is claimed first. */
  async create(principal: Principal, body: unknown) {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    await requireAdminRight(this.db, principal, 'admin.coupon');
    const terms = parseCoupon(body);
    const couponId = randomUUID();
    const metadata = { actorUserId: principal.userId };
    try {
      await this.store.append({
        streamId: couponCodeStream(terms.code),
        streamType: COUPON_CODE_STREAM_TYPE,
        expectedRevision: 'no_stream',
        events: [{ type: 'CouponCodeClaimed', data: { code: terms.code, couponId }, metadata }],
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, ErrorCodes.couponCodeExists, `The coupon code ${terms.code} is taken.`);
      throw error;
    }
    const change = machineStep('coupon', null, 'Create', adminActor(principal), this.now().toISOString());
    const events: CouponEvent[] = [
      { type: 'CouponCreated', data: { couponId, ...terms } },
      { type: 'CouponStatusChanged', data: { couponId, change } },
    ];
    await this.store.append({
      streamId: couponStream(couponId),
      streamType: COUPON_STREAM_TYPE,
      expectedRevision: 'no_stream',
      events: events.map((e) => ({ type: e.type, data: e.data as unknown as JsonValue, metadata })),
    });
    return { success: true as const, id: couponId, code: terms.code, status: change.statusAfter };
  }

  /** Activate or Deactivate (a platform administrator), through the coupon machine. */
  async act(principal: Principal, couponId: string, event: string) {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    await requireAdminRight(this.db, principal, 'admin.coupon');
    if (event !== 'Activate' && event !== 'Deactivate')
      throw refusal(404, ErrorCodes.notFound, `A coupon has no action ${event}: Activate or Deactivate.`);
    const { state, revision } = await this.stateOf(couponId);
    const change = machineStep('coupon', state, event, adminActor(principal), this.now().toISOString());
    await this.store.append({
      streamId: couponStream(couponId),
      streamType: COUPON_STREAM_TYPE,
      expectedRevision: revision,
      events: [
        { type: 'CouponStatusChanged', data: { couponId, change } as unknown as JsonValue, metadata: { actorUserId: principal.userId } },
      ],
    });
    return { success: true as const, id: couponId, status: change.statusAfter };
  }

  /** The coupon a code names if it may be used for this package today, else 422 invalidCoupon with the reason. */
  async usable(code: string, packageId: PackageId) {
    const [row] = await this.db.query<CouponRow>('SELECT * FROM coupons WHERE code = $1', [code.trim().toUpperCase().slice(0, 40)]);
    if (!row) throw invalidCoupon('unknown');
    const coupon = couponView(row);
    const problem = couponProblem(coupon, packageId, malaysianDay(this.now()));
    if (problem) throw invalidCoupon(problem);
    return coupon;
  }

  /**
   * One use of the coupon by an order, at the revision read: a race for the last use lets one order have
   * it (the other's append finds the stream moved on, reads again, and is refused as used up). The last
   * use redeems the coupon (the machine's Redeem, by the system).
   */
  async use(couponId: string, packageId: PackageId, orderId: string, companyId: string, by: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [row] = await this.db.query<CouponRow>('SELECT * FROM coupons WHERE coupon_id = $1', [couponId]);
      if (!row) throw invalidCoupon('unknown');
      const coupon = couponView(row);
      const problem = couponProblem(coupon, packageId, malaysianDay(this.now()));
      if (problem) throw invalidCoupon(problem);
      const events: CouponEvent[] = [{ type: 'CouponUsed', data: { couponId, orderId, companyId, packageId } }];
      if (coupon.uses + 1 >= coupon.maxUses) {
        const { state } = await this.stateOf(couponId);
        const decision = decide('coupon', state, { type: 'Redeem', at: this.now().toISOString() }, SYSTEM_ACTOR);
        if (decision.ok) events.push({ type: 'CouponStatusChanged', data: { couponId, change: decision.event } });
      }
      try {
        await this.store.append({
          streamId: couponStream(couponId),
          streamType: COUPON_STREAM_TYPE,
          expectedRevision: coupon.revision,
          events: events.map((e) => ({
            type: e.type,
            data: e.data as unknown as JsonValue,
            metadata: { actorUserId: by, actorCompanyId: companyId },
          })),
        });
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
      }
    }
    throw invalidCoupon('usedUp');
  }

  private async stateOf(couponId: string): Promise<{ state: WorkflowState<'coupon'>; revision: number }> {
    const events = await this.store.readStream(couponStream(couponId));
    if (events.length === 0) throw refusal(404, ErrorCodes.couponNotFound, 'There is no such coupon.');
    let state: WorkflowState<'coupon'> | null = null;
    for (const stored of events)
      if (stored.type === 'CouponStatusChanged') state = evolve<'coupon'>(state, (stored.data as { change: CouponEventChange }).change);
    return { state: state!, revision: events[events.length - 1]!.revision };
  }
}

type CouponEventChange = Extract<CouponEvent, { type: 'CouponStatusChanged' }>['data']['change'];

export function invalidCoupon(reason: string) {
  return refusal(422, ErrorCodes.invalidCoupon, 'The coupon code is not valid, or not valid for this plan.', { reason });
}
