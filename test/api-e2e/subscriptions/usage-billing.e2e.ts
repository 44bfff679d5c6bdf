// The monthly usage bill of transaction fees through the API, given the demo data: Teguh Bina issues a
// letter of award and an order drawn from a tender, and approves a trade payment certificate; each accrues
// 1.5% of its value before SST to Teguh Bina (the issuer) when issued or approved. A plain order, and a
// document still a draft, accrue nothing. Once the Malaysian month is over the job records one billing
// record of kind `usage` for the company through the billing machine (pending payment, the next INV-
// number), its lines the documents with base and fee, SST 6% on the fees; run again, it records nothing.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { UsageBillingJob } from '../../../apps/api/src/subscriptions/usage/usage-billing.job.js';
import {
  FEATURE_STORES,
  itAnsweredEveryCallWithoutAServerError,
  KUKUH,
  MUTIARA,
  purchaseOrderBody,
  startDocumentsApp,
  TEGUH,
  tenderBody,
  type Running,
} from '../documents/harness.js';

const DOCS = '/api/documents';
const DAY = 86_400_000;
type Line = { documentKind: string; documentNo: string; base: number; fee: number };

describe.each(FEATURE_STORES)('usage billing on %s', (kind) => {
  let running: Running;
  let kumar = '',
    lim = '',
    aminah = '',
    mei = '';
  const call = (...args: Parameters<Running['api']['call']>) => running.api.call(...args);
  const act = async (resource: string, token: string, id: string, action: string, revision: number) => {
    const reply = await call('post', `${DOCS}/${resource}/${id}/actions/${action}`, { token, headers: { 'If-Match': String(revision) } });
    expect(reply.status).toBe(200);
    return reply.body as { status: string; revision: number };
  };
  const create = async (resource: string, body: Record<string, unknown>) => {
    const reply = await call('post', `${DOCS}/${resource}`, { token: kumar, body });
    expect(reply.status).toBe(201);
    return reply.body as { id: string; documentNo: string };
  };
  /** Asked for approval by kumar and approved by lim (level 20): issued to the seller, or approved. */
  const issue = async (resource: string, id: string) => {
    await act(resource, kumar, id, 'Request_Approve', 1);
    return act(resource, lim, id, 'Approve', 2);
  };
  const job = () => running.app.get(UsageBillingJob);
  /** A moment in the Malaysian month after the one the documents were issued in. */
  const nextMonth = () => {
    const local = new Date(running.clock.now.getTime() + 8 * 3_600_000);
    return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 2, 1) - 8 * 3_600_000);
  };
  const thisPeriod = () => new Date(running.clock.now.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    [kumar, lim, aminah, mei] = await Promise.all([
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('lim@teguhbina.my', TEGUH),
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
    ]);
  }, 300_000);
  afterAll(async () => running?.stop());

  let billingId = '';
  const documents: Record<string, string> = {};

  it('accrues the fee of each award and approved certificate to its issuer, and none for a plain order or a draft', async () => {
    const tender = await create('tender', tenderBody(running.clock.now));
    const letter = await create('letterOfAward', {
      title: 'Letter of award: piling',
      counterpartyCompanyId: KUKUH,
      items: [{ description: 'Piling works', unit: 'lot', quantity: '1', rate: '5000.00' }],
    });
    expect((await issue('letterOfAward', letter.id)).status).toBe('pendingConfirmation');
    const order = await create(
      'purchaseOrder',
      purchaseOrderBody({
        sourceDocumentId: tender.id,
        sstApplicable: false,
        items: [{ description: 'Spun piles', unit: 'lot', quantity: '1', rate: '1234.50' }],
      }),
    );
    expect((await issue('purchaseOrder', order.id)).status).toBe('pendingConfirmation');
    const plain = await create(
      'purchaseOrder',
      purchaseOrderBody({ sstApplicable: false, items: [{ description: 'Cement', unit: 'lot', quantity: '1', rate: '900.00' }] }),
    );
    expect((await issue('purchaseOrder', plain.id)).status).toBe('pendingConfirmation');
    // A trade certificate: work done 3,703.70 less 10% retention = 3,333.33 due.
    const certificate = await create('paymentCertificate', {
      title: 'Payment certificate no. 1',
      counterpartyCompanyId: KUKUH,
      workDoneAmount: '3703.70',
    });
    expect((await issue('paymentCertificate', certificate.id)).status).toBe('approved');
    // A letter of award still a draft accrues nothing.
    await create('letterOfAward', {
      title: 'Letter of award: draft',
      counterpartyCompanyId: KUKUH,
      items: [{ description: 'Roofing', unit: 'lot', quantity: '1', rate: '7777.00' }],
    });
    Object.assign(documents, {
      letter: letter.documentNo,
      order: order.documentNo,
      certificate: certificate.documentNo,
      plain: plain.documentNo,
    });
  });

  it('once the month is over, records one usage bill for the company: its lines, 1.5% each half up, SST 6% on the fees, pending payment with the next invoice number', async () => {
    const [last] = await running.sql.query<{ n: number | string | null }>('SELECT max(sequence) AS n FROM billings');
    // Run within the month: the month before is billed (nothing of Teguh's there).
    expect((await job().run(running.clock.now)).billed.map((b) => b.companyId)).not.toContain(TEGUH);
    const run = await job().run(nextMonth());
    expect(run.period).toBe(thisPeriod());
    const ours = run.billed.find((b) => b.companyId === TEGUH)!;
    expect(ours.billingId).toBe(`INV-${String(Number(last?.n ?? 0) + 1).padStart(6, '0')}`);
    billingId = ours.billingId;
    const bill = await call('get', `/api/billings/${billingId}`, { token: aminah });
    expect(bill.status).toBe(200);
    // Fees: 5,000.00 -> 75.00; 1,234.50 -> 18.5175 -> 18.52; 3,333.33 -> 49.99995 -> 50.00. Sum 143.52, SST 8.6112 -> 8.61.
    expect(bill.body).toMatchObject({
      kind: 'usage',
      period: thisPeriod(),
      feeRate: 150,
      packageId: null,
      status: 'pendingPayment',
      companyId: TEGUH,
      price: 14_352,
      discount: 0,
      subtotal: 14_352,
      sstRate: 600,
      sst: 861,
      total: 15_213,
    });
    // Lines in the order the fees accrued (at one instant, as here on the test clock: by kind and number).
    expect((bill.body.lines as Line[]).map((l) => [l.documentKind, l.documentNo, l.base, l.fee]).sort()).toEqual([
      ['letterOfAward', documents.letter, 500_000, 7_500],
      ['paymentCertificate', documents.certificate, 333_333, 5_000],
      ['purchaseOrder', documents.order, 123_450, 1_852],
    ]);
    expect(bill.body.history.map((h: { event: string; statusAfter: string }) => [h.event, h.statusAfter])).toEqual([
      ['Create', 'new'],
      ['Issue', 'pendingPayment'],
    ]);
    const listed = await call('get', '/api/billings', { token: aminah });
    expect(listed.body.items[0]).toMatchObject({ id: billingId, kind: 'usage', period: thisPeriod() });
  });

  it('records nothing when run again for the same month', async () => {
    const again = await job().run(new Date(nextMonth().getTime() + DAY));
    expect(again.billed.map((b) => b.companyId)).not.toContain(TEGUH);
    expect(again.skipped).toContain(TEGUH);
    const rows = await running.sql.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM billings WHERE company_id = $1 AND kind = 'usage'",
      [TEGUH],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it("prints the usage bill as a tax invoice with each document's fee, SST and the total; another company gets 404", async () => {
    const pdf = await request(running.app.getHttpServer())
      .get(`/api/billings/${billingId}/invoice.pdf`)
      .set('authorization', `Bearer ${aminah}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.body as Buffer }).toString();
    for (const expected of [
      'TAX INVOICE',
      `Invoice no.: ${billingId}`,
      'Teguh Bina Sdn Bhd',
      'Transaction fees 1.5%',
      `Letter of award ${documents.letter} on RM 5,000.00`,
      'RM 75.00',
      `Payment certificate ${documents.certificate}`,
      'RM 18.52',
      'SST 6%',
      'RM 8.61',
      'RM 152.13',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(documents.plain!);
    expect((await call('get', `/api/billings/${billingId}`, { token: mei })).status).toBe(404);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
