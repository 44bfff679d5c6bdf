// Paying a billing record, whichever way the money came (the payment gateway's signed callback, a cheque or
// bank draft a platform administrator confirmed): the billing machine's Pay and the payment itself in one
// append at the revision read, then the subscription period the bill pays for (subscription-periods.ts).
// A second report of the same payment (a callback received twice) finds the bill paid with that reference
// and records nothing.
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type JsonValue, type SqlExecutor } from '@binaan/event-store';
import { decide, evolve, type Actor, type WorkflowState } from '@binaan/workflows';
import { CLOCK, READ_MODELS, type Clock } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { periodOnPayment, periodsOf } from './subscription-periods.js';
import {
  BILLING_STREAM_TYPE,
  SUBSCRIPTION_STREAM_TYPE,
  billingStream,
  subscriptionStream,
  type BillingEvent,
  type PaymentMethod,
  type SubscriptionEvent,
} from './subscriptions.events.js';

export type Payment = { method: PaymentMethod; reference: string; amount: number };
export type PayOutcome = {
  billingId: string;
  status: 'paid';
  alreadyPaid: boolean;
  period: { from: string; to: string; packageId: string } | null;
};

type Bill = {
  billingId: string;
  companyId: string;
  packageId: string | null;
  total: number;
  state: WorkflowState<'billing'>;
  revision: number;
  paid: Extract<BillingEvent, { type: 'BillingPaid' }>['data'] | null;
  checkoutSessions: string[];
};

@Injectable()
export class BillingPayments {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /** The bill as its stream has it (the read model may lag another process's append). */
  async bill(billingId: string): Promise<Bill> {
    const events = await this.store.readStream(billingStream(billingId));
    if (events.length === 0) throw refusal(404, ErrorCodes.billingNotFound, 'There is no such billing record.');
    let state: WorkflowState<'billing'> | null = null;
    let recorded: Extract<BillingEvent, { type: 'BillingRecorded' }>['data'] | null = null;
    let paid: Bill['paid'] = null;
    const checkoutSessions: string[] = [];
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as BillingEvent;
      if (event.type === 'BillingRecorded') recorded = event.data;
      else if (event.type === 'BillingStatusChanged') state = evolve<'billing'>(state, event.data.change);
      else if (event.type === 'BillingPaid') paid = event.data;
      else if (event.type === 'PaymentCheckoutStarted') checkoutSessions.push(event.data.sessionId);
    }
    return {
      billingId,
      companyId: recorded!.buyer.companyId,
      packageId: recorded!.packageId ?? null,
      total: recorded!.amounts.total,
      state: state!,
      revision: events[events.length - 1]!.revision,
      paid,
      checkoutSessions,
    };
  }

  /**
   * Records the payment of a bill waiting for it: 409 billingNotPayable when it is not (new, cancelled, paid by
   * another payment), 422 paymentAmountMismatch when the amount is not the bill's total. Paid already with
   * this reference: nothing recorded (`alreadyPaid`).
   */
  async pay(billingId: string, payment: Payment, actor: Actor): Promise<PayOutcome> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const bill = await this.bill(billingId);
      if (bill.paid && bill.paid.reference === payment.reference && bill.paid.method === payment.method) {
        return { billingId, status: 'paid', alreadyPaid: true, period: await this.startPeriodOf(billingId) };
      }
      if (bill.state.status !== 'pendingPayment')
        throw refusal(
          409,
          ErrorCodes.billingNotPayable,
          `The billing record ${billingId} is ${bill.state.status}, not waiting for payment.`,
          { status: bill.state.status },
        );
      if (payment.amount !== bill.total) {
        throw refusal(
          422,
          ErrorCodes.paymentAmountMismatch,
          `The payment of ${payment.amount} sen is not the bill's total of ${bill.total} sen.`,
          { amount: payment.amount, total: bill.total },
        );
      }
      const at = this.now().toISOString();
      const decision = decide('billing', bill.state, { type: 'Pay', at }, actor);
      if (!decision.ok)
        throw refusal(409, ErrorCodes.billingNotPayable, `The billing record ${billingId} cannot be paid now.`, {
          status: bill.state.status,
        });
      const events: BillingEvent[] = [
        { type: 'BillingStatusChanged', data: { billingId, change: decision.event } },
        {
          type: 'BillingPaid',
          data: { billingId, method: payment.method, reference: payment.reference, amount: payment.amount, paidAt: at },
        },
      ];
      try {
        await this.store.append({
          streamId: billingStream(billingId),
          streamType: BILLING_STREAM_TYPE,
          expectedRevision: bill.revision,
          events: events.map((e) => ({
            type: e.type,
            data: e.data as unknown as JsonValue,
            metadata: {
              actorUserId: actor.userId,
              actorCompanyId: bill.companyId,
              reason: `${payment.method} payment ${payment.reference}`,
            },
          })),
        });
      } catch (error) {
        if (error instanceof WrongExpectedRevision) continue; // another report of a payment landed first: judge again
        throw error;
      }
      return { billingId, status: 'paid', alreadyPaid: false, period: await this.startPeriodOf(billingId) };
    }
    throw refusal(409, ErrorCodes.wrongExpectedRevision, 'The billing record changed meanwhile: try again.');
  }

  /**
   * The period a paid bill of a package pays for, started once: a renewal from the end of the same package's
   * period, a change of package from now (the running period ending now), else a new period. Safe to call
   * again (after a crash between the two appends, the renewal job calls it for paid bills without a period).
   */
  async startPeriodOf(billingId: string): Promise<PayOutcome['period']> {
    const bill = await this.bill(billingId);
    if (!bill.paid || bill.packageId === null) return null;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const stored = await this.store.readStream(subscriptionStream(bill.companyId));
      const events = stored.map((e) => ({ type: e.type, data: e.data }) as SubscriptionEvent);
      const periods = periodsOf(events);
      const already = periods.find((p) => p.billingId === billingId);
      if (already) return { from: already.from, to: already.to, packageId: already.packageId };
      const step = periodOnPayment(periods, bill.packageId as Parameters<typeof periodOnPayment>[1], billingId, new Date(bill.paid.paidAt));
      const next: SubscriptionEvent[] = [];
      if (step.ends)
        next.push({
          type: 'SubscriptionPeriodEnded',
          data: {
            companyId: bill.companyId,
            packageId: step.ends.packageId,
            billingId: step.ends.billingId,
            from: step.ends.from,
            at: step.starts.from,
            reason: 'changed',
          },
        });
      next.push({ type: 'SubscriptionPeriodStarted', data: { companyId: bill.companyId, ...step.starts } });
      try {
        await this.store.append({
          streamId: subscriptionStream(bill.companyId),
          streamType: SUBSCRIPTION_STREAM_TYPE,
          expectedRevision: stored.length === 0 ? 'no_stream' : stored[stored.length - 1]!.revision,
          events: next.map((e) => ({
            type: e.type,
            data: e.data,
            metadata: { actorUserId: 'system:subscriptions', actorCompanyId: bill.companyId, reason: `${billingId} paid` },
          })),
        });
        return { from: step.starts.from, to: step.starts.to, packageId: step.starts.packageId };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
      }
    }
    throw refusal(409, ErrorCodes.wrongExpectedRevision, 'The subscription changed meanwhile: try again.');
  }

  /** Bills paid since `since` whose period was not started (a process stopped between the two appends): at most `limit`. */
  async paidWithoutPeriod(since: Date, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ billing_id: string }>(
      `SELECT b.billing_id FROM billings b WHERE b.paid_at >= $1 AND b.package_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM subscription_periods p WHERE p.company_id = b.company_id AND p.billing_id = b.billing_id)
       ORDER BY b.paid_at LIMIT $2`,
      [since.toISOString(), limit],
    );
    return rows.map((row) => row.billing_id);
  }
}
