// The buyer's and the seller's reports over the API: given two purchase orders walked through the buyer's
// approval (levels waiting 1.5 and 3 days) to the seller's acceptance, the spend, the orders by status and
// the approval times read as computed by hand; the report as of a time between the two differs by exactly the
// second order; each company sees only its own side; every refusal has its code; the files read back.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import {
  FEATURE_STORES,
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  purchaseOrderBody,
  startDocumentsApp,
  TEGUH,
  userIdOf,
  type Running,
} from '../documents/harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ORDERS = '/api/documents/purchaseOrder';
const MARCH = 'from=2026-03-01&to=2026-03-31';

type Section = { key: string; rows: Record<string, unknown>[]; columns: { key: string; kind: string }[]; chart: unknown; more: boolean };
const sectionOf = (body: { sections: Section[] }, key: string) => body.sections.find((section) => section.key === key)!;

describe.each(FEATURE_STORES)('document reports on %s', (kind) => {
  let running: Running | undefined;
  let kumar: string, lim: string, mei: string;
  let betweenOrders = '';

  const report = (token: string, name: string, query: string) => running!.api.call('get', `/api/reports/${name}?${query}`, { token });
  /** A purchase order created, approved after `waitDays` at level 20, and accepted by Mutiara a day later. */
  async function orderAccepted(waitDays: number, body = purchaseOrderBody()) {
    const api = running!.api;
    const act = (token: string, id: string, event: string, revision: number) =>
      api.call('post', `${ORDERS}/${id}/actions/${event}`, { token, body: { remark: 'ok' }, headers: { 'If-Match': String(revision) } });
    // A session ends after 30 idle minutes (§7): each step signs in afresh after the clock moved days on.
    const id = (await api.call('post', ORDERS, { token: await running!.signIn('kumar@teguhbina.my', TEGUH), body })).body.id as string;
    running!.clock.advance(HOUR);
    expect((await act(await running!.signIn('kumar@teguhbina.my', TEGUH), id, 'Request_Approve', 1)).status).toBe(200);
    running!.clock.advance(waitDays * DAY);
    expect((await act(await running!.signIn('lim@teguhbina.my', TEGUH), id, 'Approve', 2)).body).toMatchObject({
      status: 'pendingConfirmation',
    });
    running!.clock.advance(DAY);
    expect((await act(await running!.signIn('mei@mutiarasupplies.my', MUTIARA), id, 'Confirm', 3)).body).toMatchObject({
      status: 'accepted',
    });
    return id;
  }

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    await orderAccepted(1.5);
    running.clock.advance(HOUR);
    betweenOrders = running.clock.now.toISOString();
    running.clock.advance(HOUR);
    await orderAccepted(3);
    kumar = await running.signIn('kumar@teguhbina.my', TEGUH);
    lim = await running.signIn('lim@teguhbina.my', TEGUH);
    mei = await running.signIn('mei@mutiarasupplies.my', MUTIARA);
  }, 300_000);
  afterAll(async () => running?.stop());

  it("the buyer's spend: both orders with Mutiara, materials, no project, in March 2026, at their totals with SST", async () => {
    const reply = await report(lim, 'buyer', MARCH);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      report: 'buyer',
      filters: { from: '2026-03-01', to: '2026-03-31', projectId: null, counterpartyId: null },
      asOf: null,
    });
    expect(sectionOf(reply.body, 'spendBySeller').rows).toEqual([{ seller: 'Mutiara Supplies Sdn Bhd', orders: 2, spend: '2617.14' }]);
    expect(sectionOf(reply.body, 'spendByTrade').rows).toEqual([{ trade: 'material', orders: 2, spend: '2617.14' }]);
    expect(sectionOf(reply.body, 'spendByProject').rows).toEqual([{ project: null, orders: 2, spend: '2617.14' }]);
    expect(sectionOf(reply.body, 'spendByMonth').rows).toEqual([{ month: '2026-03', orders: 2, spend: '2617.14' }]);
    expect(sectionOf(reply.body, 'spendBySeller').chart).toEqual({ type: 'bar', x: 'seller', series: ['spend'] });
  });

  it('orders by status: both accepted, aged under a week; approval times from the status events: level 20 waited 1.5 and 3 days', async () => {
    const reply = await report(lim, 'buyer', MARCH);
    expect(sectionOf(reply.body, 'ordersByStatus').rows).toEqual([
      {
        kind: 'purchaseOrder',
        status: 'accepted',
        orders: 2,
        amount: '2617.14',
        days0to7: 2,
        days8to30: 0,
        days31to60: 0,
        days61to90: 0,
        over90: 0,
      },
    ]);
    // (1.5 + 3) / 2 = 2.25 days, shown with one decimal: 2.3.
    expect(sectionOf(reply.body, 'approvalTimes').rows).toEqual([
      { kind: 'purchaseOrder', level: 20, approvals: 2, averageDays: 2.3, longestDays: 3, waiting: 0 },
    ]);
    expect(sectionOf(reply.body, 'approvalCycle').rows).toEqual([{ kind: 'purchaseOrder', rounds: 2, averageDays: 2.3, longestDays: 3 }]);
  });

  it('as of a time between the orders, the report differs by exactly the second order; as of now it equals the live report', async () => {
    const before = await report(lim, 'buyer', `${MARCH}&asOf=${encodeURIComponent(betweenOrders)}`);
    expect(before.status).toBe(200);
    expect(before.body.asOf).toBe(betweenOrders);
    expect(sectionOf(before.body, 'spendBySeller').rows).toEqual([{ seller: 'Mutiara Supplies Sdn Bhd', orders: 1, spend: '1308.57' }]);
    expect(sectionOf(before.body, 'approvalTimes').rows).toEqual([
      { kind: 'purchaseOrder', level: 20, approvals: 1, averageDays: 1.5, longestDays: 1.5, waiting: 0 },
    ]);
    expect(sectionOf(before.body, 'ordersByStatus').rows[0]).toMatchObject({ status: 'accepted', orders: 1, amount: '1308.57' });
    const live = await report(lim, 'buyer', MARCH);
    const now = await report(lim, 'buyer', `${MARCH}&asOf=${encodeURIComponent(running!.clock.now.toISOString())}`);
    expect(now.body.sections).toEqual(live.body.sections);
  });

  it("the seller's report: the orders placed with it; the buyer's report of the seller holds none of the buyer's orders", async () => {
    const seller = await report(mei, 'seller', MARCH);
    expect(seller.status).toBe(200);
    expect(sectionOf(seller.body, 'ordersReceived').rows).toEqual([
      expect.objectContaining({ kind: 'purchaseOrder', status: 'accepted', orders: 2, amount: '2617.14' }),
    ]);
    const asBuyer = await report(mei, 'buyer', MARCH);
    expect(asBuyer.body.sections.flatMap((section: Section) => section.rows)).toEqual([]);
    const teguhAsSeller = await report(lim, 'seller', MARCH);
    expect(teguhAsSeller.body.sections.flatMap((section: Section) => section.rows)).toEqual([]);
  });

  it('the counterparty filter narrows to one seller; another seller leaves nothing', async () => {
    expect(sectionOf((await report(lim, 'buyer', `${MARCH}&counterpartyId=${MUTIARA}`)).body, 'spendBySeller').rows).toHaveLength(1);
    expect(
      sectionOf((await report(lim, 'buyer', `${MARCH}&counterpartyId=00000000-0000-4000-8000-000000000000`)).body, 'spendBySeller').rows,
    ).toEqual([]);
  });

  it('a CSV of one section and the .xlsx of the whole report read back with the same figures', async () => {
    const csv = await running!.api.call('get', `/api/reports/buyer?${MARCH}&format=csv&section=spendBySeller`, { token: lim });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="buyer-report-spendBySeller-2026-03-01-to-2026-03-31.csv"');
    expect(
      csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['seller,orders,spend', 'Mutiara Supplies Sdn Bhd,2,2617.14']);
    const xlsx = await running!.api.call('get', `/api/reports/buyer?${MARCH}&format=xlsx`, { token: lim, binary: true });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as never);
    const sheet = workbook.getWorksheet('spendBySeller')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'seller', 'orders', 'spend']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Mutiara Supplies Sdn Bhd', 2, 2617.14]);
  });

  it('refusals: the right, the window, the dates, the time to come, the report and the file each answer with their code', async () => {
    const refused = async (token: string, path: string) => {
      const reply = await running!.api.call('get', path, { token });
      return [reply.status, reply.body.errorCode];
    };
    expect(await refused(kumar, `/api/reports/buyer?${MARCH}`)).toEqual([403, 'noAccessRight']);
    expect(await refused(lim, '/api/reports/buyer?from=2026-03-01&to=2026-04-30')).toEqual([422, 'reportRangeTooLong']);
    expect(await refused(lim, '/api/reports/buyer?from=2026-03-01&to=2026-04-29')).toEqual([200, undefined]);
    expect(await refused(lim, '/api/reports/buyer?from=2026-03-10&to=2026-03-09')).toEqual([422, 'reportRangeInverted']);
    expect(
      await refused(lim, `/api/reports/buyer?asOf=${encodeURIComponent(new Date(running!.clock.now.getTime() + HOUR).toISOString())}`),
    ).toEqual([422, 'asOfInFuture']);
    expect(await refused(lim, '/api/reports/buyer?from=2026-02-30')).toEqual([400, 'validationFailed']);
    expect(await refused(lim, '/api/reports/buyer?projectId=not%20an%20id')).toEqual([400, 'validationFailed']);
    expect(await refused(lim, '/api/reports/buyer?sort=spend')).toEqual([400, 'validationFailed']);
    expect(await refused(lim, '/api/reports/buyer?format=csv')).toEqual([400, 'validationFailed']);
    expect(await refused(lim, '/api/reports/buyer?format=csv&section=nothing')).toEqual([400, 'validationFailed']);
    expect(await refused(lim, '/api/reports/profits')).toEqual([404, 'reportNotFound']);
    expect(await refused(lim, '/api/reports/platform')).toEqual([403, 'noAccessRight']);
  });

  it("the dashboard's key figures: the buyer's spend and approval time over the last 30 days", async () => {
    const reply = await running!.api.call('get', '/api/reports/key-figures', { token: lim });
    expect(reply.status).toBe(200);
    expect(reply.body.figures).toEqual([
      { report: 'buyer', section: 'spendByTrade', key: 'spend', kind: 'money', value: '2617.14' },
      { report: 'buyer', section: 'approvalCycle', key: 'approvalDays', kind: 'days', value: 2.3 },
    ]);
    expect((await running!.api.call('get', '/api/reports/key-figures', { token: kumar })).status).toBe(403);
  });

  it('a forgotten person changes no figure: the creator of both orders forgotten, the report live and as of then read as before', async () => {
    const before = await report(lim, 'buyer', MARCH);
    const beforeAsOf = await report(lim, 'buyer', `${MARCH}&asOf=${encodeURIComponent(betweenOrders)}`);
    const admin = (await running!.api.call('post', '/api/login', { body: { email: 'admin@binaan.my', password: DEMO_PASSWORD } })).body
      .jwtToken as string;
    const forgotten = await running!.api.call('post', `/api/personal-data/users/${await userIdOf(running!, 'kumar@teguhbina.my')}/forget`, {
      token: admin,
      body: { reason: 'Asked to be forgotten' },
    });
    expect(forgotten.status).toBe(200);
    expect((await report(lim, 'buyer', MARCH)).body.sections).toEqual(before.body.sections);
    expect((await report(lim, 'buyer', `${MARCH}&asOf=${encodeURIComponent(betweenOrders)}`)).body.sections).toEqual(
      beforeAsOf.body.sections,
    );
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
