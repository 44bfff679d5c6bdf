// Cheque and bank-draft payments of a company's bills: the company's administrator records what it paid
// with (the cheque payment machine's Create → pending), a platform administrator confirms it once the
// cheque cleared (Confirm: the bill is paid through BillingPayments, which starts the subscription period)
// or rejects it with a remark (Reject: the bill stays waiting for payment). See README.md here.
import { isUuid } from '../common/uuid.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, UserType } from '@binaan/contracts';
import { type EventStore, type JsonValue, type SqlExecutor } from '@binaan/event-store';
import { evolve, type Actor, type WorkflowState } from '@binaan/workflows';
import { companyOf } from '../authority/authority.service.js';
import { keysetPage, keysetQuery } from '../common/keyset-page.js';
import { invalidParameter, listFilter } from '../common/list-query.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { machineStep } from '../companies/company-admin.decider.js';
import { requireAdminRight } from '../platform-staff/admin-rights.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { BillingPayments } from '../subscriptions/billing-payments.service.js';
import { CHEQUE_PAYMENT_STREAM_TYPE, chequePaymentStream, type ChequePaymentEvent } from './cheque-payments.events.js';
import { parseCheque } from './parse-cheque.js';

/** Who records a cheque for the company: who orders its packages (the company profile's update right). */
const PAY_RIGHT = 'administration.companyProfile.update' as const;
/** Who reads the company's cheques: who reads its bills. */
const READ_RIGHTS = ['administration.companyProfile.view', 'administration.companyProfile.update'] as const;
const STATUSES = ['pending', 'confirmed', 'rejected'];

type ChequeRow = {
  cheque_payment_id: string;
  position: string | number;
  billing_id: string;
  company_id: string;
  company_name: string | null;
  kind: string;
  cheque_no: string;
  cheque_date: string;
  bank: string;
  amount: string | number;
  currency: string;
  status: string;
  remark: string | null;
  recorded_at: Date | string;
  recorded_by_name: string | null;
  decided_at: Date | string | null;
  decided_by_name: string | null;
};

function chequeView(row: ChequeRow) {
  return {
    id: row.cheque_payment_id,
    billingId: row.billing_id,
    invoiceNo: row.billing_id,
    companyId: row.company_id,
    companyName: row.company_name,
    kind: row.kind,
    chequeNo: row.cheque_no,
    chequeDate: row.cheque_date,
    bank: row.bank,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    remark: row.remark,
    recordedAt: new Date(row.recorded_at).toISOString(),
    recordedBy: row.recorded_by_name,
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    decidedBy: row.decided_by_name,
  };
}

const SELECT = `SELECT c.*, co.name AS company_name, u.name AS recorded_by_name, d.name AS decided_by_name FROM cheque_payments c
  LEFT JOIN companies co ON co.company_id = c.company_id LEFT JOIN identity_users u ON u.user_id = c.recorded_by LEFT JOIN identity_users d ON d.user_id = c.decided_by`;

const adminActor = (principal: Principal): Actor => ({
  userId: principal.userId,
  companyId: 'platform',
  kind: 'admin',
  authorities: { company: {}, project: {} },
});
const writable = (principal: Principal) => {
  if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
};
const notFound = () => refusal(404, ErrorCodes.chequePaymentNotFound, 'There is no such cheque or bank draft payment.');

@Injectable()
export class ChequePayments {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly bills: BillingPayments,
  ) {}

  /** The company's administrator records a cheque or bank draft for its own bill waiting for payment: pending (201). */
  async record(principal: Principal, billingId: string, body: unknown) {
    writable(principal);
    const companyId = companyOf(principal, PAY_RIGHT);
    const details = parseCheque(body);
    const bill = await this.bills.bill(billingId).catch(() => null);
    if (!bill || bill.companyId !== companyId) throw refusal(404, ErrorCodes.billingNotFound, 'There is no such billing record.');
    if (bill.state.status !== 'pendingPayment')
      throw refusal(
        409,
        ErrorCodes.billingNotPayable,
        `The billing record ${billingId} is ${bill.state.status}, not waiting for payment.`,
        { status: bill.state.status },
      );
    if (details.amount !== bill.total) {
      throw refusal(
        422,
        ErrorCodes.paymentAmountMismatch,
        `The payment of ${details.amount} sen is not the bill's total of ${bill.total} sen.`,
        { amount: details.amount, total: bill.total },
      );
    }
    const [pending] = await this.db.query<{ cheque_payment_id: string }>(
      `SELECT cheque_payment_id FROM cheque_payments WHERE billing_id = $1 AND status = 'pending' LIMIT 1`,
      [billingId],
    );
    if (pending)
      throw refusal(409, ErrorCodes.chequePaymentPending, 'A cheque or bank draft for this bill waits for clearance already.', {
        chequePaymentId: pending.cheque_payment_id,
      });
    const chequePaymentId = randomUUID();
    const actor: Actor = {
      userId: principal.userId,
      companyId,
      kind: 'user',
      authorities: { company: { chequePayment: [10] }, project: {} },
    };
    const change = machineStep('chequePayment', null, 'Create', actor, this.now().toISOString());
    const events: ChequePaymentEvent[] = [
      {
        type: 'ChequePaymentRecorded',
        data: { chequePaymentId, billingId, companyId, ...details, currency: 'MYR', recordedBy: principal.userId },
      },
      { type: 'ChequePaymentStatusChanged', data: { chequePaymentId, change } },
    ];
    await this.store.append({
      streamId: chequePaymentStream(chequePaymentId),
      streamType: CHEQUE_PAYMENT_STREAM_TYPE,
      expectedRevision: 'no_stream',
      events: events.map((e) => ({
        type: e.type,
        data: e.data as unknown as JsonValue,
        metadata: {
          actorUserId: principal.userId,
          actorCompanyId: companyId,
          reason: `${details.kind} ${details.bank} ${details.chequeNo} for ${billingId}`,
        },
      })),
    });
    return { success: true as const, id: chequePaymentId, billingId, status: change.statusAfter };
  }

  /** Newest first by keyset: a platform administrator's are every company's, a company's its own. */
  async list(principal: Principal, query: Record<string, unknown>) {
    const companyId = await this.readerCompany(principal);
    const filter = listFilter(query.filter);
    const { after, limit } = keysetQuery(query);
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => (params.push(value), `$${params.length}`);
    if (companyId) where.push(`c.company_id = ${param(companyId)}`);
    else if (filter.companyId !== undefined) {
      if (typeof filter.companyId !== 'string') throw invalidParameter('filter.companyId', 'must be text');
      where.push(`c.company_id = ${param(filter.companyId)}`);
    }
    if (filter.status !== undefined) {
      if (typeof filter.status !== 'string' || !STATUSES.includes(filter.status))
        throw invalidParameter('filter.status', `must be one of ${STATUSES.join(', ')}`);
      where.push(`c.status = ${param(filter.status)}`);
    }
    if (after) {
      if (!/^\d{1,15}$/.test(after[0])) return { items: [], next: null };
      where.push(`c.position < ${param(Number(after[0]))}`);
    }
    const rows = await this.db.query<ChequeRow>(
      `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY c.position DESC LIMIT ${limit + 1}`,
      params,
    );
    return keysetPage(rows, limit, chequeView, (row) => [String(row.position), row.cheque_payment_id]);
  }

  /** One cheque payment with its status history; another company's is 404. */
  async view(principal: Principal, chequePaymentId: string) {
    const companyId = await this.readerCompany(principal);
    const row = await this.row(chequePaymentId);
    if (!row || (companyId !== null && row.company_id !== companyId)) throw notFound();
    const events = await this.store.readStream(chequePaymentStream(chequePaymentId));
    const history = events
      .filter((e) => e.type === 'ChequePaymentStatusChanged')
      .map((e) => {
        const change = (e.data as { change: ChangeOf }).change;
        return {
          event: change.workflowEvent,
          statusAfter: change.statusAfter,
          at: change.at,
          by: change.actor.userId,
          remark: change.remark,
        };
      });
    return { ...chequeView(row), history };
  }

  /**
   * Confirm (the cheque cleared: the bill is paid, then the cheque confirmed) or Reject with a remark, by a
   * platform administrator. The bill is paid first: when it cannot be (paid another way meanwhile), the
   * refusal comes back and the cheque stays pending for the administrator to reject.
   */
  async act(principal: Principal, chequePaymentId: string, event: string, body: unknown) {
    writable(principal);
    await requireAdminRight(this.db, principal, 'admin.company');
    if (event !== 'Confirm' && event !== 'Reject')
      throw refusal(404, ErrorCodes.notFound, `A cheque payment has no action ${event}: Confirm or Reject.`);
    const { state, revision, recorded } = await this.stateOf(chequePaymentId);
    const actor = adminActor(principal);
    const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as { remark?: unknown };
    const remark = typeof input.remark === 'string' ? input.remark.trim() : '';
    if (event === 'Reject' && (remark === '' || remark.length > 500)) {
      throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: remark.', {
        fields: { remark: [remark === '' ? 'required' : 'tooLong'] },
      });
    }
    // The machine judges the step before any money moves (a confirmed or rejected cheque is final).
    const change = machineStep('chequePayment', state, event, actor, this.now().toISOString(), remark || undefined);
    if (event === 'Confirm') {
      await this.bills.pay(
        recorded.billingId,
        { method: recorded.kind, reference: `${recorded.bank} ${recorded.chequeNo}`, amount: recorded.amount },
        actor,
      );
    }
    await this.store.append({
      streamId: chequePaymentStream(chequePaymentId),
      streamType: CHEQUE_PAYMENT_STREAM_TYPE,
      expectedRevision: revision,
      events: [
        {
          type: 'ChequePaymentStatusChanged',
          data: { chequePaymentId, change } as unknown as JsonValue,
          metadata: { actorUserId: principal.userId, actorCompanyId: recorded.companyId, ...(remark ? { reason: remark } : {}) },
        },
      ],
    });
    return { success: true as const, id: chequePaymentId, billingId: recorded.billingId, status: change.statusAfter };
  }

  /** null for a platform administrator (every company), else the chosen company with a right to read its bills. */
  private async readerCompany(principal: Principal): Promise<string | null> {
    if (principal.userType === UserType.Admin) {
      await requireAdminRight(this.db, principal, 'admin.company');
      return null;
    }
    return companyOf(principal, ...READ_RIGHTS);
  }

  private async row(chequePaymentId: string): Promise<ChequeRow | null> {
    if (!isUuid(chequePaymentId)) return null;
    const [row] = await this.db.query<ChequeRow>(`${SELECT} WHERE c.cheque_payment_id = $1`, [chequePaymentId]);
    return row ?? null;
  }

  private async stateOf(chequePaymentId: string) {
    const events = isUuid(chequePaymentId) ? await this.store.readStream(chequePaymentStream(chequePaymentId)) : [];
    if (events.length === 0) throw notFound();
    let state: WorkflowState<'chequePayment'> | null = null;
    let recorded: Extract<ChequePaymentEvent, { type: 'ChequePaymentRecorded' }>['data'] | null = null;
    for (const stored of events) {
      const e = { type: stored.type, data: stored.data } as ChequePaymentEvent;
      if (e.type === 'ChequePaymentRecorded') recorded = e.data;
      else state = evolve<'chequePayment'>(state, e.data.change);
    }
    return { state: state!, revision: events[events.length - 1]!.revision, recorded: recorded! };
  }
}

type ChangeOf = Extract<ChequePaymentEvent, { type: 'ChequePaymentStatusChanged' }>['data']['change'];
