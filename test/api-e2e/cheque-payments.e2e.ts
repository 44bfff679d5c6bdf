// Cheque and bank-draft payments through the API, given the demo data: Teguh Bina's administrator orders
// packages (bills pending payment) and records a cheque or bank draft for one; the platform administrator
// rejects one with a remark (the bill stays pending, the company records another) and confirms the next (the
// bill is paid by the administrator's Pay and its period starts). Refusals: fields, another company's bill,
// a bill not waiting for payment, the wrong amount, a second pending cheque, a bill paid another way
// meanwhile (the cheque stays pending), a final cheque; no company sees another's cheques.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BillingPayments } from '../../apps/api/src/subscriptions/billing-payments.service.js';
import {
  FEATURE_STORES,
  itAnsweredEveryCallWithoutAServerError,
  KUKUH,
  MUTIARA,
  TEGUH,
  UNKNOWN_ID,
  startDocumentsApp,
  userIdOf,
  type Running,
} from './documents/harness.js';

type Cheque = {
  id: string;
  billingId: string;
  companyId: string;
  companyName: string;
  kind: string;
  chequeNo: string;
  chequeDate: string;
  bank: string;
  amount: number;
  status: string;
  remark: string | null;
};
const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe.each(FEATURE_STORES)('cheque payments on %s', (kind) => {
  let running: Running;
  let admin: string, aminah: string, kumar: string, wong: string, mei: string;
  /** Teguh's bills: one paid by cheque in the end, one paid online while a cheque waits. */
  let basic = { id: '', total: 0 };
  let advanced = { id: '', total: 0 };
  let kukuhBill = { id: '', total: 0 };
  let rejectedId = '';
  let confirmedId = '';
  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    [admin, aminah, kumar, wong, mei] = await Promise.all([
      running.signIn('admin@binaan.my', TEGUH),
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('wong@kukuhcontractor.my', KUKUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
    ]);
    const order = async (token: string, packageId: string) => {
      const ordered = await call('post', '/api/subscriptions/orders', { token, body: { packageId } });
      expect(ordered.status).toBe(201);
      return { id: ordered.body.id as string, total: ordered.body.total as number };
    };
    basic = await order(aminah, 'subcontractor-basic');
    advanced = await order(aminah, 'subcontractor-advanced');
    kukuhBill = await order(wong, 'subcontractor-basic');
  }, 300_000);
  afterAll(async () => running?.stop());
  const call = (...args: Parameters<Running['api']['call']>) => running.api.call(...args);
  const cheque = (overrides: Record<string, unknown> = {}) => ({
    kind: 'cheque',
    chequeNo: '000123',
    chequeDate: '2026-03-02',
    bank: 'Maybank',
    amount: basic.total,
    ...overrides,
  });
  const record = (billingId: string, body: unknown, token = aminah) =>
    call('post', `/api/billings/${billingId}/cheque-payments`, { token, body });

  describe('recording a cheque or bank draft', () => {
    it('refuses what does not fit, naming each field (400 validationFailed), and records nothing', async () => {
      const empty = await record(basic.id, {});
      expect([empty.status, empty.body.errorCode, empty.body.fields]).toEqual([
        400,
        'validationFailed',
        { kind: ['invalid'], chequeNo: ['required'], bank: ['required'], chequeDate: ['required'], amount: ['required'] },
      ]);
      const bad = await record(basic.id, cheque({ kind: 'cash', chequeDate: '2026-02-30', amount: 12.5, chequeNo: 'x'.repeat(41) }));
      expect(bad.body.fields).toEqual({ kind: ['invalid'], chequeNo: ['tooLong'], chequeDate: ['invalidDate'], amount: ['invalid'] });
      expect((await call('get', '/api/cheque-payments', { token: aminah })).body).toEqual({ items: [], next: null });
    });

    it("lets only the company's administrator record one, for its own bill (403 for an officer, 404 billingNotFound for another company's or none)", async () => {
      const officer = await record(basic.id, cheque(), kumar);
      expect([officer.status, officer.body.errorCode]).toEqual([403, 'noAccessRight']);
      const foreign = await record(basic.id, cheque(), wong);
      expect([foreign.status, foreign.body.errorCode]).toEqual([404, 'billingNotFound']);
      const none = await record('INV-999999', cheque());
      expect([none.status, none.body.errorCode]).toEqual([404, 'billingNotFound']);
    });

    it("refuses an amount that is not the bill's total (422 paymentAmountMismatch)", async () => {
      const short = await record(basic.id, cheque({ amount: basic.total - 1 }));
      expect([short.status, short.body.errorCode, short.body.total]).toEqual([422, 'paymentAmountMismatch', basic.total]);
    });

    it('records a cheque as pending, with who and when; a second one for the same bill is 409 chequePaymentPending', async () => {
      const recorded = await record(basic.id, cheque());
      expect(recorded.status).toBe(201);
      expect(recorded.body).toMatchObject({ success: true, billingId: basic.id, status: 'pending' });
      rejectedId = recorded.body.id;
      const one = await call('get', `/api/cheque-payments/${rejectedId}`, { token: aminah });
      expect(one.body).toMatchObject({
        id: rejectedId,
        billingId: basic.id,
        companyId: TEGUH,
        companyName: 'Teguh Bina Sdn Bhd',
        kind: 'cheque',
        chequeNo: '000123',
        chequeDate: '2026-03-02',
        bank: 'Maybank',
        amount: basic.total,
        currency: 'MYR',
        status: 'pending',
        recordedBy: 'Aminah binti Yusof',
      });
      expect(one.body.history).toEqual([
        expect.objectContaining({ event: 'Create', statusAfter: 'pending', by: await userIdOf(running, 'aminah@teguhbina.my') }),
      ]);
      const second = await record(basic.id, cheque({ kind: 'bankDraft', chequeNo: 'BD-77' }));
      expect([second.status, second.body.errorCode]).toEqual([409, 'chequePaymentPending']);
      // Recording a cheque pays nothing: the bill waits for the cheque to clear.
      expect((await call('get', `/api/billings/${basic.id}`, { token: aminah })).body.status).toBe('pendingPayment');
    });
  });

  describe('the lists', () => {
    it("shows a company its own cheques and the platform administrator every company's, newest first by keyset", async () => {
      const kukuh = await record(
        kukuhBill.id,
        cheque({ kind: 'bankDraft', chequeNo: 'BD-9001', bank: 'CIMB', amount: kukuhBill.total }),
        wong,
      );
      expect(kukuh.status).toBe(201);
      expect(((await call('get', '/api/cheque-payments', { token: aminah })).body.items as Cheque[]).map((c) => c.id)).toEqual([
        rejectedId,
      ]);
      expect(((await call('get', '/api/cheque-payments', { token: wong })).body.items as Cheque[]).map((c) => c.id)).toEqual([
        kukuh.body.id,
      ]);
      expect((await call('get', '/api/cheque-payments', { token: mei })).body).toEqual({ items: [], next: null });
      const first = await call('get', `/api/cheque-payments?limit=1&filter=${enc({ status: 'pending' })}`, { token: admin });
      expect((first.body.items as Cheque[]).map((c) => [c.id, c.companyName])).toEqual([[kukuh.body.id, 'Kukuh Jaya Contractor Sdn Bhd']]);
      const rest = await call('get', `/api/cheque-payments?limit=1&filter=${enc({ status: 'pending' })}&after=${first.body.next}`, {
        token: admin,
      });
      expect((rest.body.items as Cheque[]).map((c) => c.id)).toEqual([rejectedId]);
      const teguhOnly = await call('get', `/api/cheque-payments?filter=${enc({ companyId: TEGUH })}`, { token: admin });
      expect((teguhOnly.body.items as Cheque[]).map((c) => c.id)).toEqual([rejectedId]);
      // A company's filter cannot widen its view.
      expect(
        ((await call('get', `/api/cheque-payments?filter=${enc({ companyId: KUKUH })}`, { token: aminah })).body.items as Cheque[]).map(
          (c) => c.id,
        ),
      ).toEqual([rejectedId]);
    });

    it("refuses a wrong filter or cursor (400) and hides another company's cheque (404 chequePaymentNotFound)", async () => {
      expect((await call('get', `/api/cheque-payments?filter=${enc({ status: 'cleared' })}`, { token: admin })).body.fields).toEqual({
        'filter.status': ['must be one of pending, confirmed, rejected'],
      });
      expect((await call('get', '/api/cheque-payments?after=nope*', { token: admin })).body.fields).toEqual({
        after: ['must be the `next` of an earlier page'],
      });
      for (const [id, token] of [
        [rejectedId, wong],
        [rejectedId, mei],
        [UNKNOWN_ID, admin],
        ['not-a-uuid', aminah],
      ] as const) {
        const hidden = await call('get', `/api/cheque-payments/${id}`, { token });
        expect([hidden.status, hidden.body.errorCode]).toEqual([404, 'chequePaymentNotFound']);
      }
    });
  });

  describe('clearing', () => {
    it('lets only a platform administrator confirm or reject', async () => {
      for (const token of [aminah, kumar]) {
        const refused = await call('post', `/api/cheque-payments/${rejectedId}/actions/Confirm`, { token });
        expect([refused.status, refused.body.errorCode]).toEqual([403, 'noAccessRight']);
      }
      const unknown = await call('post', `/api/cheque-payments/${rejectedId}/actions/Cancel`, { token: admin });
      expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'notFound']);
      const none = await call('post', `/api/cheque-payments/${UNKNOWN_ID}/actions/Confirm`, { token: admin });
      expect([none.status, none.body.errorCode]).toEqual([404, 'chequePaymentNotFound']);
    });

    it('rejects with a remark only; the bill stays pending payment and the company records another', async () => {
      const bare = await call('post', `/api/cheque-payments/${rejectedId}/actions/Reject`, { token: admin, body: { remark: '  ' } });
      expect([bare.status, bare.body.errorCode, bare.body.fields]).toEqual([400, 'validationFailed', { remark: ['required'] }]);
      const rejected = await call('post', `/api/cheque-payments/${rejectedId}/actions/Reject`, {
        token: admin,
        body: { remark: 'Cheque returned: signature differs' },
      });
      expect([rejected.status, rejected.body.status]).toEqual([200, 'rejected']);
      const seen = await call('get', `/api/cheque-payments/${rejectedId}`, { token: aminah });
      expect(seen.body).toMatchObject({
        status: 'rejected',
        remark: 'Cheque returned: signature differs',
        decidedBy: 'Platform Administrator',
      });
      expect(
        seen.body.history.map((h: { event: string; statusAfter: string; remark: string | null }) => [h.event, h.statusAfter, h.remark]),
      ).toEqual([
        ['Create', 'pending', null],
        ['Reject', 'rejected', 'Cheque returned: signature differs'],
      ]);
      expect((await call('get', `/api/billings/${basic.id}`, { token: aminah })).body.status).toBe('pendingPayment');
      const again = await call('post', `/api/cheque-payments/${rejectedId}/actions/Confirm`, { token: admin });
      expect([again.status, again.body.errorCode]).toEqual([409, 'wrongStatus']);
      const next = await record(basic.id, cheque({ kind: 'bankDraft', chequeNo: 'BD-501', bank: 'Public Bank' }));
      expect([next.status, next.body.status]).toEqual([201, 'pending']);
      confirmedId = next.body.id;
    });

    it("confirms a cleared cheque: the bill is paid by the administrator's Pay with the cheque as reference, and its period starts", async () => {
      const confirmed = await call('post', `/api/cheque-payments/${confirmedId}/actions/Confirm`, { token: admin });
      expect([confirmed.status, confirmed.body.status]).toEqual([200, 'confirmed']);
      const bill = await call('get', `/api/billings/${basic.id}`, { token: aminah });
      expect(bill.body.status).toBe('paid');
      expect(bill.body.history.map((h: { event: string; statusAfter: string }) => `${h.event}:${h.statusAfter}`)).toEqual([
        'Create:new',
        'Issue:pendingPayment',
        'Pay:paid',
      ]);
      const stream = await running.store.readStream(`billing-${basic.id}`);
      const pay = stream.find(
        (e) => e.type === 'BillingStatusChanged' && (e.data as { change: { workflowEvent: string } }).change.workflowEvent === 'Pay',
      )!;
      expect((pay.data as { change: { actor: { userId: string } } }).change.actor.userId).toBe(await userIdOf(running, 'admin@binaan.my'));
      expect(stream.find((e) => e.type === 'BillingPaid')!.data).toMatchObject({
        method: 'bankDraft',
        reference: 'Public Bank BD-501',
        amount: basic.total,
      });
      const [period] = await running.sql.query<{ package_id: string }>(
        'SELECT package_id FROM subscription_periods WHERE billing_id = $1',
        [basic.id],
      );
      expect(period?.package_id).toBe('subcontractor-basic');
      expect((await call('get', `/api/cheque-payments/${confirmedId}`, { token: aminah })).body).toMatchObject({
        status: 'confirmed',
        decidedBy: 'Platform Administrator',
      });
      const twice = await call('post', `/api/cheque-payments/${confirmedId}/actions/Confirm`, { token: admin });
      expect([twice.status, twice.body.errorCode]).toEqual([409, 'wrongStatus']);
      const paidBill = await record(basic.id, cheque({ chequeNo: '000124' }));
      expect([paidBill.status, paidBill.body.errorCode]).toEqual([409, 'billingNotPayable']);
    });

    it('refuses to confirm a cheque for a bill paid another way meanwhile (409 billingNotPayable): the cheque stays pending until rejected', async () => {
      const waiting = await record(advanced.id, cheque({ amount: advanced.total, chequeNo: '000200' }));
      expect(waiting.status).toBe(201);
      await running.app
        .get(BillingPayments)
        .pay(
          advanced.id,
          { method: 'online', reference: 'cs_test_paid_online', amount: advanced.total },
          { userId: 'system', companyId: 'system', kind: 'system', authorities: { company: {}, project: {} } },
        );
      const refused = await call('post', `/api/cheque-payments/${waiting.body.id}/actions/Confirm`, { token: admin });
      expect([refused.status, refused.body.errorCode]).toEqual([409, 'billingNotPayable']);
      expect((await call('get', `/api/cheque-payments/${waiting.body.id}`, { token: admin })).body.status).toBe('pending');
      const stream = await running.store.readStream(`billing-${advanced.id}`);
      expect(stream.filter((e) => e.type === 'BillingPaid').map((e) => (e.data as { method: string }).method)).toEqual(['online']);
      const rejected = await call('post', `/api/cheque-payments/${waiting.body.id}/actions/Reject`, {
        token: admin,
        body: { remark: 'Paid online on the same day' },
      });
      expect(rejected.body.status).toBe('rejected');
    });
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
