// Read models of subscriptions: `coupons` (a row per coupon: its terms, status and uses) and `billings`
// (a row per billing record, numbered by `sequence`). Coupons list newest first by their position in the log. Both fed in the append's transaction, so an order
// reads the coupon's uses and the last invoice number as recorded.
import type { Projection, StoredEvent } from '@binaan/event-store';
import {
  BILLING_STREAM_TYPE,
  COUPON_STREAM_TYPE,
  SUBSCRIPTION_EVENT_TYPES,
  SUBSCRIPTION_STREAM_TYPE,
  type BillingEvent,
  type CouponEvent,
  type SubscriptionEvent,
} from './subscriptions.events.js';

export const subscriptionsProjection: Projection = {
  name: 'subscriptions',
  eventTypes: SUBSCRIPTION_EVENT_TYPES,
  tables: ['coupons', 'billings', 'subscription_periods'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS coupons (
      coupon_id text PRIMARY KEY, position bigint NOT NULL, code text NOT NULL UNIQUE, discount_type text NOT NULL, discount bigint NOT NULL,
      package_ids text[] NOT NULL, valid_from text NOT NULL, valid_to text NOT NULL, max_uses integer NOT NULL,
      uses integer NOT NULL DEFAULT 0, status text NOT NULL, created_at timestamptz NOT NULL, created_by text, revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS coupons_by_position ON coupons (position);
    CREATE INDEX IF NOT EXISTS coupons_by_status ON coupons (status, position);
    CREATE TABLE IF NOT EXISTS billings (
      billing_id text PRIMARY KEY, sequence integer NOT NULL UNIQUE, company_id text NOT NULL, order_id text NOT NULL,
      package_id text NOT NULL, buyer jsonb NOT NULL, coupon_code text, price bigint NOT NULL, discount bigint NOT NULL,
      subtotal bigint NOT NULL, sst_rate integer NOT NULL, sst bigint NOT NULL, total bigint NOT NULL, currency text NOT NULL,
      status text NOT NULL, ordered_at timestamptz NOT NULL, ordered_by text, revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS billings_by_company ON billings (company_id, sequence);
    CREATE INDEX IF NOT EXISTS billings_by_status ON billings (status, sequence);
    -- Usage bills (a month's transaction fees): no package; their kind, month and lines.
    ALTER TABLE billings ALTER COLUMN package_id DROP NOT NULL;
    ALTER TABLE billings ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'subscription';
    ALTER TABLE billings ADD COLUMN IF NOT EXISTS period text;
    ALTER TABLE billings ADD COLUMN IF NOT EXISTS usage jsonb;
    ALTER TABLE billings ADD COLUMN IF NOT EXISTS credit bigint NOT NULL DEFAULT 0;
    ALTER TABLE billings ADD COLUMN IF NOT EXISTS paid_at timestamptz;
    ALTER TABLE billings ADD COLUMN IF NOT EXISTS payment_method text;
    ALTER TABLE billings ADD COLUMN IF NOT EXISTS payment_reference text;
    ALTER TABLE billings ADD COLUMN IF NOT EXISTS checkout_session text;
    CREATE INDEX IF NOT EXISTS billings_by_paid_at ON billings (paid_at) WHERE paid_at IS NOT NULL;
    CREATE INDEX IF NOT EXISTS billings_by_checkout_session ON billings (checkout_session) WHERE checkout_session IS NOT NULL;
    -- Each period a company holds (paid packages, the trial); ended_at is set when it ends, by time or by a change of package.
    CREATE TABLE IF NOT EXISTS subscription_periods (
      company_id text NOT NULL, period_from timestamptz NOT NULL, period_to timestamptz NOT NULL, package_id text NOT NULL,
      billing_id text, change text NOT NULL, ended_at timestamptz, end_reason text, PRIMARY KEY (company_id, period_from));
    CREATE INDEX IF NOT EXISTS subscription_periods_running ON subscription_periods (period_to) WHERE ended_at IS NULL;
    CREATE INDEX IF NOT EXISTS subscription_periods_by_start ON subscription_periods (period_from, company_id);`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const at = stored.metadata.recordedAt;
      if (stored.streamType === COUPON_STREAM_TYPE) {
        const event = { type: stored.type, data: stored.data } as CouponEvent;
        if (event.type === 'CouponCreated') {
          const c = event.data;
          await db.query(
            `INSERT INTO coupons (coupon_id, position, code, discount_type, discount, package_ids, valid_from, valid_to, max_uses, uses, status, created_at, created_by, revision)
             VALUES ($1, $12, $2, $3, $4, $5, $6, $7, $8, 0, 'active', $9, $10, $11) ON CONFLICT (coupon_id) DO NOTHING`,
            [
              c.couponId,
              c.code,
              c.discountType,
              c.discount,
              c.packageIds,
              c.validFrom,
              c.validTo,
              c.maxUses,
              at,
              stored.metadata.actorUserId ?? null,
              stored.revision,
              stored.globalPosition,
            ],
          );
        } else if (event.type === 'CouponStatusChanged') {
          await db.query('UPDATE coupons SET status = $2, revision = $3 WHERE coupon_id = $1', [
            event.data.couponId,
            event.data.change.statusAfter,
            stored.revision,
          ]);
        } else if (event.type === 'CouponUsed') {
          await db.query('UPDATE coupons SET uses = uses + 1, revision = $2 WHERE coupon_id = $1', [event.data.couponId, stored.revision]);
        }
      } else if (stored.streamType === BILLING_STREAM_TYPE) {
        const event = { type: stored.type, data: stored.data } as BillingEvent;
        if (event.type === 'BillingRecorded') {
          const b = event.data;
          const a = b.amounts;
          await db.query(
            `INSERT INTO billings (billing_id, sequence, company_id, order_id, package_id, buyer, coupon_code, price, discount, subtotal, sst_rate, sst, total, currency, status, ordered_at, ordered_by, revision, credit)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'none', $15, $16, $17, $18) ON CONFLICT (billing_id) DO NOTHING`,
            [
              b.billingId,
              b.sequence,
              b.buyer.companyId,
              b.orderId,
              b.packageId,
              JSON.stringify(b.buyer),
              b.coupon?.code ?? null,
              a.price,
              a.discount,
              a.subtotal,
              a.sstRate,
              a.sst,
              a.total,
              a.currency,
              at,
              b.orderedBy,
              stored.revision,
              a.credit ?? 0,
            ],
          );
          if (b.kind === 'usage')
            await db.query('UPDATE billings SET kind = $2, period = $3, usage = $4 WHERE billing_id = $1', [
              b.billingId,
              b.kind,
              b.period,
              JSON.stringify({ feeRate: b.feeRate, lines: b.lines }),
            ]);
        } else if (event.type === 'BillingStatusChanged') {
          await db.query('UPDATE billings SET status = $2, revision = $3 WHERE billing_id = $1', [
            event.data.billingId,
            event.data.change.statusAfter,
            stored.revision,
          ]);
        } else if (event.type === 'PaymentCheckoutStarted') {
          await db.query('UPDATE billings SET checkout_session = $2, revision = $3 WHERE billing_id = $1', [
            event.data.billingId,
            event.data.sessionId,
            stored.revision,
          ]);
        } else if (event.type === 'BillingPaid') {
          await db.query(
            'UPDATE billings SET paid_at = $2, payment_method = $3, payment_reference = $4, revision = $5 WHERE billing_id = $1',
            [event.data.billingId, event.data.paidAt, event.data.method, event.data.reference, stored.revision],
          );
        }
      } else if (stored.streamType === SUBSCRIPTION_STREAM_TYPE) {
        const event = { type: stored.type, data: stored.data } as SubscriptionEvent;
        if (event.type === 'SubscriptionPeriodStarted') {
          const p = event.data;
          await db.query(
            `INSERT INTO subscription_periods (company_id, period_from, period_to, package_id, billing_id, change) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (company_id, period_from) DO NOTHING`,
            [p.companyId, p.from, p.to, p.packageId, p.billingId, p.change],
          );
        } else if (event.type === 'SubscriptionPeriodEnded') {
          const e = event.data;
          await db.query('UPDATE subscription_periods SET ended_at = $3, end_reason = $4 WHERE company_id = $1 AND period_from = $2', [
            e.companyId,
            e.from,
            e.at,
            e.reason,
          ]);
        }
      }
    }
  },
};
