// The buyer's `tenders` and the sellers' `tenderOutcomes` sections over the API: Teguh Bina issues two
// tenders in March, inviting Mutiara Supplies and Kukuh Jaya to the first and Mutiara alone to the second;
// both quote on the first, the first is closed and awarded to Mutiara. Each figure is worked out by hand.
// A report as of a time before a quotation, or before the award, differs from the one after by exactly that;
// each seller reads its own counts only; a user without reports.view is refused; rebuilt tables are equal.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ReportReply, ReportRow } from '@binaan/contracts';
import { canonicalJson, SqlEventStore, type JsonValue } from '@binaan/event-store';
import { NotificationReactor } from '../../../apps/api/src/notifications/notification-reactor.js';
import { tenderReportsProjection } from '../../../apps/api/src/reports/tendering/tender-reports.projection.js';
import {
  itAnsweredEveryCallWithoutAServerError,
  KUKUH,
  MUTIARA,
  SERI,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  tenderBody,
  type Running,
} from '../documents/harness.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const BASE = '/api/tendering/tenders';
const ITEMS = [{ description: 'Excavation', unit: 'm3', quantity: '100', rate: '10.00' }];

describe.each(FEATURE_STORES)('tendering reports over the api on %s', (kind) => {
  let running: Running | undefined;
  const r = () => running!;
  let kumar = '',
    lim = '',
    mei = '',
    wong = '';
  const tenders: { id: string; revision: number }[] = [];
  const marks: Record<string, string> = {};

  const call = (method: 'get' | 'post' | 'put', path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    r().api.call(method, path, { token, body, headers });
  const act = async (token: string, tender: { id: string; revision: number }, event: string) => {
    const reply = await call(
      'post',
      `/api/documents/tender/${tender.id}/actions/${event}`,
      token,
      {},
      { 'If-Match': String(tender.revision) },
    );
    expect(reply.status).toBe(200);
    tender.revision = reply.body.revision;
    return reply;
  };
  const signInAll = async () => {
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    lim = await r().signIn('lim@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
  };
  /** The window: 1 March to today in Malaysia (the suite's clock), one month's row. */
  const today = () => new Date(r().clock.now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  const section = async (
    token: string,
    report: 'buyer' | 'seller',
    key: string,
    query: Record<string, string> = {},
  ): Promise<ReportRow[]> => {
    const search = new URLSearchParams({ from: '2026-03-01', to: today(), ...query });
    const reply = await call('get', `/api/reports/${report}?${search.toString()}`, token);
    expect(reply.status).toBe(200);
    const found = (reply.body as ReportReply).sections.find((s) => s.key === key);
    expect(found).toBeDefined();
    return found!.rows;
  };

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    await signInAll();
  }, 300_000);
  afterAll(async () => running?.stop());

  it('two tenders issued in March: Mutiara and Kukuh invited to the first, Mutiara alone to the second; Mutiara quotes on the first', async () => {
    for (const sellers of [[MUTIARA, KUKUH], [MUTIARA]]) {
      const created = await call('post', '/api/documents/tender', kumar, tenderBody(r().clock.now, { items: ITEMS }));
      expect(created.status).toBe(201);
      const tender = { id: created.body.id as string, revision: created.body.revision as number };
      tenders.push(tender);
      expect((await call('post', `${BASE}/${tender.id}/invitations`, kumar, { companyIds: sellers })).status).toBe(201);
      await act(kumar, tender, 'Request_Approve');
      expect((await act(lim, tender, 'Approve')).body.status).toBe('active');
    }
    r().clock.advance(11 * MINUTE);
    expect((await call('put', `${BASE}/${tenders[0]!.id}/quotation`, mei, { items: [{ lineNo: 1, rate: '9.50' }] })).status).toBe(200);
    // Issued 2, invited 3 (two on the first, one on the second), responded 1: 33.3 %.
    expect(await section(lim, 'buyer', 'tenders')).toEqual([
      { month: '2026-03', issued: 2, invited: 3, responded: 1, responseRate: '33.3' },
    ]);
  });

  it("Kukuh's quotation: the buyer's report as of before it and after it differ by exactly that response", async () => {
    r().clock.advance(MINUTE);
    marks.beforeKukuh = r().clock.now.toISOString();
    r().clock.advance(MINUTE);
    expect((await call('put', `${BASE}/${tenders[0]!.id}/quotation`, wong, { items: [{ lineNo: 1, rate: '11.00' }] })).status).toBe(200);
    r().clock.advance(MINUTE);
    const after = await section(lim, 'buyer', 'tenders');
    const before = await section(lim, 'buyer', 'tenders', { asOf: marks.beforeKukuh });
    expect(after).toEqual([{ month: '2026-03', issued: 2, invited: 3, responded: 2, responseRate: '66.7' }]);
    expect(before).toEqual([{ ...after[0], responded: 1, responseRate: '33.3' }]);
    // As of now, the same as live.
    expect(await section(lim, 'buyer', 'tenders', { asOf: r().clock.now.toISOString() })).toEqual(after);
    // Narrowed to Kukuh: the first tender only, one invited, one responded.
    expect(await section(lim, 'buyer', 'tenders', { counterpartyId: KUKUH })).toEqual([
      { month: '2026-03', issued: 1, invited: 1, responded: 1, responseRate: '100.0' },
    ]);
  });

  it('the first tender closed and awarded to Mutiara: its win counts for Mutiara, not for Kukuh; as of before the award it did not', async () => {
    r().clock.advance(2 * DAY);
    await signInAll();
    expect((await act(kumar, tenders[0]!, 'Close')).body.status).toBe('comparison');
    r().clock.advance(MINUTE);
    marks.beforeAward = r().clock.now.toISOString();
    r().clock.advance(MINUTE);
    expect(
      (await call('post', `${BASE}/${tenders[0]!.id}/award`, kumar, { sellerCompanyId: MUTIARA, orderKind: 'purchaseOrder' })).status,
    ).toBe(201);
    r().clock.advance(MINUTE);
    // Mutiara: received 2, quoted 1, won 1: 100 %. Kukuh: received 1, quoted 1, won 0: 0 %.
    const mutiara = await section(mei, 'seller', 'tenderOutcomes');
    expect(mutiara).toEqual([{ month: '2026-03', received: 2, quoted: 1, won: 1, winRate: '100.0' }]);
    expect(await section(mei, 'seller', 'tenderOutcomes', { asOf: marks.beforeAward })).toEqual([
      { ...mutiara[0], won: 0, winRate: '0.0' },
    ]);
    expect(await section(wong, 'seller', 'tenderOutcomes')).toEqual([{ month: '2026-03', received: 1, quoted: 1, won: 0, winRate: '0.0' }]);
    expect(await section(mei, 'seller', 'tenderOutcomes', { counterpartyId: SERI })).toEqual([]);
    // The seller's dashboard: its win rate over the last 30 days (1 won of 1 quoted), beside what it is owed.
    const figures = (await call('get', '/api/reports/key-figures', mei)).body.figures as { key: string; value: unknown }[];
    expect(figures.find((figure) => figure.key === 'winRate')).toEqual({
      report: 'seller',
      section: 'tenderOutcomes',
      key: 'winRate',
      kind: 'percent',
      value: '100.0',
    });
    expect(figures.map((figure) => figure.key)).toEqual(['receivables', 'winRate']);
  });

  it("a seller's whole report names neither the other seller nor any price", async () => {
    const reply = await call('get', `/api/reports/seller?from=2026-03-01&to=${today()}`, wong);
    expect(reply.status).toBe(200);
    const text = JSON.stringify(reply.body);
    for (const secret of [MUTIARA, 'Mutiara', '9.50', '950.00', '11.00', '1100.00']) expect(text).not.toContain(secret);
  });

  it('a user without reports.view is refused (403)', async () => {
    const refused = await call('get', `/api/reports/buyer?from=2026-03-01&to=${today()}`, kumar);
    expect({ status: refused.status, code: refused.body.errorCode }).toEqual({ status: 403, code: 'noAccessRight' });
    expect(JSON.stringify(refused.body)).not.toContain('issued');
  });

  it("the report's tables rebuilt from the log equal the live ones", async () => {
    const store = r().store;
    if (!(store instanceof SqlEventStore)) throw new Error('rebuild needs a SQL store');
    const snapshot = async () => {
      const tables: Record<string, string[]> = {};
      for (const table of tenderReportsProjection.tables) {
        const rows = await r().sql.query<{ row: { [column: string]: JsonValue } }>(`SELECT to_jsonb(t) AS row FROM ${table} t`);
        tables[table] = rows.map(({ row }) => canonicalJson(row)).sort();
      }
      return tables;
    };
    // The notifications reactor appends after the events it reads: let it finish before the rebuild.
    const reactor = r().app.get(NotificationReactor);
    for (;;) {
      const before = await store.lastPosition();
      await reactor.settled();
      if ((await store.lastPosition()) === before) break;
    }
    const live = await snapshot();
    expect(live.report_tender_quotations).toHaveLength(2);
    expect(live.report_tender_awards).toHaveLength(1);
    await store.rebuild();
    expect(await snapshot()).toEqual(live);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
