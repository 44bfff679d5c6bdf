// Online payment through the API and a Stripe stand-in on loopback that speaks Stripe's protocol and signs its
// webhooks as Stripe does: the company's administrator opens the checkout for a bill waiting for payment, the
// payer pays on the gateway's page, and the gateway's signed callback pays the bill and starts the package's
// period. A callback that is unsigned, forged, signed with another secret, too old, or names a checkout
// Binaan did not start activates nothing; the same callback received twice is one payment.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { startStripeStandIn, stripeSignature, type StripeStandIn } from '../../apps/api/src/payments/stand-in/stripe-stand-in.js';
import { SubscriptionPeriodsJob } from '../../apps/api/src/subscriptions/subscription-periods.job.js';
import {
  FEATURE_STORES,
  itAnsweredEveryCallWithoutAServerError,
  KUKUH,
  MUTIARA,
  purchaseOrderBody,
  TEGUH,
  startDocumentsApp,
  type Running,
} from './documents/harness.js';

const SECRET_KEY = 'sk_test_binaan_e2e';
const WEBHOOK_SECRET = 'whsec_binaan_e2e_signing_secret';
const WEBHOOK = '/api/payments/stripe/webhook';
type Billing = { id: string; status: string; total: number; history: { event: string; statusAfter: string }[] };

describe.each(FEATURE_STORES)('online payment on %s', (kind) => {
  let running: Running;
  let standIn: StripeStandIn;
  let aminah: string, kumar: string, wong: string;
  let billId = '';
  let sessionId = '';
  beforeAll(async () => {
    const clock = { now: () => running.clock.now };
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, now: () => clock.now() });
    running = await startDocumentsApp(kind, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
    });
    // The gateway calls back over HTTP: the api listens on a loopback port of its own.
    await running.app.listen(0, '127.0.0.1');
    standIn.setWebhookUrl(`http://127.0.0.1:${(running.app.getHttpServer().address() as AddressInfo).port}${WEBHOOK}`);
    [aminah, kumar, wong] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('wong@kukuhcontractor.my', KUKUH),
    ]);
    const ordered = await running.api.call('post', '/api/subscriptions/orders', {
      token: aminah,
      body: { packageId: 'subcontractor-advanced' },
    });
    expect(ordered.status).toBe(201);
    billId = ordered.body.id as string;
  }, 300_000);
  afterAll(async () => {
    await running?.stop();
    await standIn?.close();
  });
  const call = (...args: Parameters<Running['api']['call']>) => running.api.call(...args);
  const bill = async () => (await call('get', `/api/billings/${billId}`, { token: aminah })).body as Billing;
  // The body goes as the very bytes that were signed (supertest sends a string as it is).
  const post = (body: string, signature?: string) =>
    call('post', WEBHOOK, {
      body,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    });

  it("opens the gateway's page for the bill: a checkout in MYR for its total, card and FPX, naming the bill", async () => {
    const opened = await call('post', `/api/billings/${billId}/checkout`, { token: aminah });
    expect(opened.status).toBe(201);
    sessionId = opened.body.sessionId as string;
    expect(opened.body.url).toBe(`${standIn.url}/pay/${sessionId}`);
    const session = standIn.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      amount_total: (await bill()).total,
      currency: 'myr',
      client_reference_id: billId,
      payment_method_types: ['card', 'fpx'],
      status: 'open',
    });
    expect(session.success_url).toMatch(/\/administration\/subscription\?paid=INV-\d{6}&session=\{CHECKOUT_SESSION_ID\}$/);
  });

  it("lets only the company's administrator open it, for its own bill waiting for payment", async () => {
    const officer = await call('post', `/api/billings/${billId}/checkout`, { token: kumar });
    expect([officer.status, officer.body.errorCode]).toEqual([403, 'noAccessRight']);
    // Another company's administrator: no such bill for that company.
    const other = await call('post', `/api/billings/${billId}/checkout`, { token: wong });
    expect([other.status, other.body.errorCode]).toEqual([404, 'billingNotFound']);
    const unknown = await call('post', '/api/billings/INV-999999/checkout', { token: aminah });
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'billingNotFound']);
  });

  it('refuses a callback that is unsigned, forged, signed with another secret, too old, or for a checkout it did not start; the bill still waits', async () => {
    const session = {
      ...standIn.sessions.get(sessionId)!,
      status: 'complete' as const,
      payment_status: 'paid' as const,
      payment_intent: 'pi_test_forged',
    };
    const genuine = standIn.signedEvent(session, 'checkout.session.completed');
    const unsigned = await post(genuine.body);
    expect([unsigned.status, unsigned.body.errorCode, unsigned.body.reason]).toEqual([400, 'paymentCallbackRefused', 'unsigned']);
    const tampered = genuine.body.replace(`"amount_total": ${session.amount_total}`, '"amount_total": 100');
    expect(tampered).not.toBe(genuine.body);
    const forged = await post(tampered, genuine.signature);
    expect([forged.status, forged.body.reason]).toEqual([400, 'forged']);
    const otherSecret = await post(genuine.body, stripeSignature('whsec_someone_else', genuine.body, running.clock.now));
    expect([otherSecret.status, otherSecret.body.reason]).toEqual([400, 'forged']);
    const old = standIn.signedEvent(session, 'checkout.session.completed', new Date(running.clock.now.getTime() - 10 * 60_000));
    const late = await post(old.body, old.signature);
    expect([late.status, late.body.reason]).toEqual([400, 'late']);
    // Signed by the gateway, but for a checkout opened at the gateway behind Binaan's back.
    const stranger = standIn.signedEvent({ ...session, id: 'cs_test_not_ours' }, 'checkout.session.completed');
    const unknown = await post(stranger.body, stranger.signature);
    expect([unknown.status, unknown.body.reason]).toEqual([400, 'unknownCheckout']);
    expect((await bill()).status).toBe('pendingPayment');
  });

  it('reads a signed notice of something else (an expired checkout) and changes nothing', async () => {
    const expired = standIn.signedEvent({ ...standIn.sessions.get(sessionId)!, status: 'expired' }, 'checkout.session.expired');
    const read = await post(expired.body, expired.signature);
    expect([read.status, read.body.paid]).toEqual([200, false]);
    expect((await bill()).status).toBe('pendingPayment');
  });

  it("pays the bill when the payer pays on the gateway's page, and the package's twelve months begin", async () => {
    const delivery = await standIn.pay(sessionId, 'fpx');
    expect(delivery?.status).toBe(200);
    const paid = await bill();
    expect(paid.status).toBe('paid');
    expect(paid.history.at(-1)).toMatchObject({ event: 'Pay', statusAfter: 'paid' });
    const periods = await running.store.readStream(`subscription-${TEGUH}`);
    expect(periods.map((e) => e.type)).toEqual(['SubscriptionPeriodStarted']);
    const started = periods[0]!.data as { packageId: string; billingId: string; from: string; to: string; change: string };
    expect(started).toMatchObject({
      packageId: 'subcontractor-advanced',
      billingId: billId,
      from: running.clock.now.toISOString(),
      to: '2027-03-02T01:00:00.000Z',
      change: 'new',
    });
    const packages = (await call('get', '/api/subscriptions/packages', { token: aminah })).body.packages as {
      id: string;
      current: boolean;
      awaitingPayment: boolean;
    }[];
    expect(packages.find((p) => p.id === 'subcontractor-advanced')).toMatchObject({ current: true, awaitingPayment: false });
  });

  it('takes the same callback received again as the one payment it was: nothing more is recorded', async () => {
    const delivery = standIn.deliveries.at(-1)!;
    const before = (await running.store.readStream(`billing-${billId}`)).length;
    const again = await post(delivery.body, delivery.signature);
    expect([again.status, again.body.paid, again.body.alreadyPaid]).toEqual([200, true, true]);
    expect((await running.store.readStream(`billing-${billId}`)).length).toBe(before);
    expect((await running.store.readStream(`subscription-${TEGUH}`)).length).toBe(1);
    // Captured and sent again ten minutes on, it is refused as late.
    running.clock.advance(10 * 60_000);
    const replayed = await post(delivery.body, delivery.signature);
    expect([replayed.status, replayed.body.reason]).toEqual([400, 'late']);
  });

  it("lists the period for the platform administrator among every company's subscriptions, by state; no one else reads the list", async () => {
    const admin = await running.signIn('admin@binaan.my', TEGUH);
    const listed = await call('get', '/api/admin/subscriptions', { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({
        companyId: TEGUH,
        companyName: 'Teguh Bina Sdn Bhd',
        packageId: 'subcontractor-advanced',
        billingId: billId,
        change: 'new',
        state: 'running',
        endedAt: null,
      }),
    );
    const running_ = await call('get', `/api/admin/subscriptions?filter=${encodeURIComponent('{"state":"running"}')}`, { token: admin });
    expect(running_.body.items.map((p: { companyId: string }) => p.companyId)).toContain(TEGUH);
    const ended = await call('get', `/api/admin/subscriptions?filter=${encodeURIComponent('{"state":"ended"}')}`, { token: admin });
    expect(ended.body.items.map((p: { companyId: string }) => p.companyId)).not.toContain(TEGUH);
    const bad = await call('get', `/api/admin/subscriptions?filter=${encodeURIComponent('{"state":"sleeping"}')}`, { token: admin });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'validationFailed']);
    const refused = await call('get', '/api/admin/subscriptions', { token: aminah });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'noAccessRight']);
  });

  it('quotes a change to another package less what is left of the paid one, pro rata, before SST', async () => {
    // Ten minutes into the twelve months: nearly all of advanced (RM 7,500.00 before SST) is left, more than basic's RM 3,000.00.
    const quoted = await call('post', '/api/subscriptions/quote', { token: aminah, body: { packageId: 'subcontractor-basic' } });
    expect(quoted.status).toBe(200);
    expect(quoted.body.amounts).toMatchObject({ price: 300_000, discount: 0, credit: 300_000, subtotal: 0, sst: 0, total: 0 });
    const elite = await call('post', '/api/subscriptions/quote', { token: aminah, body: { packageId: 'supplier-elite' } });
    // 750000 sen x (365 days - 10 min) / 365 days = 749985.73... -> 749986, half up.
    expect(elite.body.amounts).toMatchObject({ price: 1_500_000, credit: 749_986, subtotal: 750_014, sst: 45_001, total: 795_015 });
  });

  it('opens no checkout for a bill already paid (409 billingNotPayable)', async () => {
    const refused = await call('post', `/api/billings/${billId}/checkout`, { token: aminah });
    expect([refused.status, refused.body.errorCode]).toEqual([409, 'billingNotPayable']);
  });

  it("refuses a paid notice whose amount is not the bill's (422 paymentAmountMismatch) and keeps the bill waiting", async () => {
    const mei = await running.signIn('mei@mutiarasupplies.my', MUTIARA);
    const ordered = await call('post', '/api/subscriptions/orders', { token: mei, body: { packageId: 'supplier-advanced' } });
    const opened = await call('post', `/api/billings/${ordered.body.id as string}/checkout`, { token: mei });
    const session = {
      ...standIn.sessions.get(opened.body.sessionId as string)!,
      status: 'complete' as const,
      payment_status: 'paid' as const,
      payment_intent: 'pi_test_short',
      amount_total: 100,
    };
    const short = standIn.signedEvent(session, 'checkout.session.completed');
    const refused = await post(short.body, short.signature);
    expect([refused.status, refused.body.errorCode]).toEqual([422, 'paymentAmountMismatch']);
    expect(((await call('get', `/api/billings/${ordered.body.id as string}`, { token: mei })).body as Billing).status).toBe(
      'pendingPayment',
    );
  });

  describe('the paid year, its end and the grace after it', () => {
    const standing = async () =>
      (await call('get', '/api/subscriptions/standing', { token: kumar })).body as {
        state: string;
        source: string;
        packageId: string;
        periodEnd: string;
        unavailableFrom: string | null;
        billToPay: { id: string } | null;
      };
    const draftOrder = () => call('post', '/api/documents/purchaseOrder', { token: kumar, body: purchaseOrderBody() });
    // Months on, the sessions of before have ended: sign in again.
    const moveTo = async (iso: string) => {
      running.clock.advance(Date.parse(iso) - running.clock.now.getTime());
      [aminah, kumar] = await Promise.all([running.signIn('aminah@teguhbina.my', TEGUH), running.signIn('kumar@teguhbina.my', TEGUH)]);
    };

    it('stands on the paid package until 14 days before its end, then reminds', async () => {
      expect(await standing()).toMatchObject({
        state: 'active',
        source: 'period',
        packageId: 'subcontractor-advanced',
        periodEnd: '2027-03-02T01:00:00.000Z',
        unavailableFrom: null,
      });
      await moveTo('2027-02-20T01:00:00.000Z');
      expect(await standing()).toMatchObject({
        state: 'renewalDue',
        periodEnd: '2027-03-02T01:00:00.000Z',
        unavailableFrom: '2027-03-16T01:00:00.000Z',
      });
    });

    it('records the end of the year as an event, then writes go on for 14 days of grace with the reminder', async () => {
      await moveTo('2027-03-03T01:00:00.000Z');
      const run = await running.app.get(SubscriptionPeriodsJob).run(running.clock.now);
      expect(run.expired).toEqual([`${TEGUH} 2026-03-02T01:00:00.000Z`]);
      expect((await running.app.get(SubscriptionPeriodsJob).run(running.clock.now)).expired).toEqual([]);
      const events = await running.store.readStream(`subscription-${TEGUH}`);
      expect(events.at(-1)).toMatchObject({
        type: 'SubscriptionPeriodEnded',
        data: { reason: 'expired', at: '2027-03-02T01:00:00.000Z', packageId: 'subcontractor-advanced' },
      });
      expect(await standing()).toMatchObject({ state: 'overdue', source: 'lapsed', unavailableFrom: '2027-03-16T01:00:00.000Z' });
      expect((await draftOrder()).status).toBe(201);
    });

    it('past the grace, refuses writes (402 serviceTemporarilyUnavailable) while reads, ordering and paying go on; paid, writes are back', async () => {
      await moveTo('2027-03-16T01:00:00.000Z');
      expect((await standing()).state).toBe('unavailable');
      const refused = await draftOrder();
      expect([refused.status, refused.body.errorCode, refused.body.unavailableFrom]).toEqual([
        402,
        'serviceTemporarilyUnavailable',
        '2027-03-16T01:00:00.000Z',
      ]);
      expect((await call('get', '/api/documents/purchaseOrder', { token: kumar })).status).toBe(200);
      const renewal = await call('post', '/api/subscriptions/orders', { token: aminah, body: { packageId: 'subcontractor-advanced' } });
      expect(renewal.status).toBe(201);
      expect((await standing()).billToPay?.id).toBe(renewal.body.id);
      const opened = await call('post', `/api/billings/${renewal.body.id as string}/checkout`, { token: aminah });
      expect(opened.status).toBe(201);
      expect((await standIn.pay(opened.body.sessionId as string, 'card'))?.status).toBe(200);
      expect(await standing()).toMatchObject({ state: 'active', source: 'period', periodEnd: '2028-03-16T01:00:00.000Z', billToPay: null });
      expect((await draftOrder()).status).toBe(201);
    });
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
