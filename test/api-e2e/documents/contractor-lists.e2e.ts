// The calls behind the contractor menu's pages (signed-in-area.md §2.4), on the demo documents: lists by
// direction (sent: the company's own; received: addressed to it), GET document-totals (count and sum per
// project, kind, status and direction, only of the kinds the caller may view), a tender addressed to a company
// as an invitation it reads once active (its received tenders), and a payment certificate addressed to it,
// readable once approved (its receipts).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DocumentResources, type DocumentListItem, type DocumentTotalsRow } from '@binaan/contracts';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { seedDemo } from '../../../apps/api/src/demo/demo-seed.js';
import { pgliteConfig, postgresConfig, removeAppData, startApp } from '../support.js';
import { FEATURE_STORES } from './harness.js';

const WORK_ORDER_TITLE = 'Brickwork, Block A levels 1 to 3';
const filter = (value: unknown) => `filter=${encodeURIComponent(JSON.stringify(value))}&range=${encodeURIComponent('[0,199]')}`;
/** "1234.50" -> 123450n: the test sums amounts itself, in sen. */
const sen = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole!) * 100n + BigInt((fraction + '00').slice(0, 2)) * (amount.startsWith('-') ? -1n : 1n);
};

describe.each(FEATURE_STORES)('contractor menu calls on %s', (kind) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let config: ApiConfig;
  const tokens = new Map<string, string>();
  const get = (path: string, token?: string) => {
    const call = request(app.getHttpServer()).get(path);
    return token ? call.set('authorization', `Bearer ${token}`) : call;
  };
  const signIn = async (email: string, companyId: string) => {
    if (!tokens.has(email)) {
      const login = await request(app.getHttpServer()).post('/api/login').send({ email, password: DEMO_PASSWORD }).expect(200);
      tokens.set(email, (await get(`/api/company/choose/${companyId}`, login.body.jwtToken).expect(200)).body.jwtToken);
    }
    return tokens.get(email)!;
  };

  beforeAll(async () => {
    config = kind === 'pglite' ? await pgliteConfig({ NODE_ENV: 'test' }) : postgresConfig({ NODE_ENV: 'test' });
    app = await startApp(config);
    await seedDemo(app);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await removeAppData(config);
  });

  it('lists by direction: the work order Teguh Bina sent is received by Kukuh Jaya, and only there', async () => {
    const wong = await signIn('wong@kukuhcontractor.my', 'kukuh-jaya');
    const kumar = await signIn('kumar@teguhbina.my', 'teguh-bina');
    const received = (await get(`/api/documents/workOrder?${filter({ direction: 'received' })}`, wong).expect(200))
      .body as DocumentListItem[];
    expect(received.map((d) => [d.title, d.companyId, d.counterpartyCompanyId])).toEqual([[WORK_ORDER_TITLE, 'teguh-bina', 'kukuh-jaya']]);
    expect((await get(`/api/documents/workOrder?${filter({ direction: 'sent' })}`, wong).expect(200)).body).toEqual([]);

    const sent = (await get(`/api/documents/workOrder?${filter({ direction: 'sent' })}`, kumar).expect(200)).body as DocumentListItem[];
    expect(sent.map((d) => d.title)).toContain(WORK_ORDER_TITLE);
    expect((await get(`/api/documents/workOrder?${filter({ direction: 'received' })}`, kumar).expect(200)).body).toEqual([]);
    // Teguh Bina receives the seller's invoice and sends none.
    const invoices = (await get(`/api/documents/invoice?${filter({ direction: 'received' })}`, kumar).expect(200))
      .body as DocumentListItem[];
    expect(invoices.map((d) => d.companyId)).toEqual(['mutiara-supplies']);
  });

  it('refuses a direction that is neither sent nor received with a 400 naming the field', async () => {
    const kumar = await signIn('kumar@teguhbina.my', 'teguh-bina');
    const reply = await get(`/api/documents/workOrder?${filter({ direction: 'both' })}`, kumar).expect(400);
    expect(JSON.stringify(reply.body)).toContain('filter.direction');
  });

  it('payment certificates addressed to the contractor: the certified one is readable by it, the rejected one never', async () => {
    const wong = await signIn('wong@kukuhcontractor.my', 'kukuh-jaya');
    const kumar = await signIn('kumar@teguhbina.my', 'teguh-bina');
    const all = (await get(`/api/documents/paymentCertificate?${filter({ direction: 'sent' })}`, kumar).expect(200))
      .body as DocumentListItem[];
    expect(all.map((d) => [d.status, d.counterpartyCompanyId]).sort()).toEqual([
      ['closed', 'kukuh-jaya'],
      ['rejected', 'kukuh-jaya'],
    ]);
    const received = (await get(`/api/documents/paymentCertificate?${filter({ direction: 'received' })}`, wong).expect(200))
      .body as DocumentListItem[];
    expect(received.map((d) => [d.title, d.status, d.companyName])).toEqual([
      ['Payment certificate no. 2: Kukuh Jaya brickwork', 'closed', 'Teguh Bina Sdn Bhd'],
    ]);
    const rejected = all.find((d) => d.status === 'rejected')!;
    await get(`/api/documents/paymentCertificate/${rejected.id}`, wong).expect(404);
    const seen = (await get(`/api/documents/paymentCertificate/${received[0]!.id}`, wong).expect(200)).body as {
      availableActions: unknown[];
    };
    expect(seen.availableActions).toEqual([]);
  });

  it('document-totals: the contractor sees what it received, at the amounts the documents show', async () => {
    const wong = await signIn('wong@kukuhcontractor.my', 'kukuh-jaya');
    const expected: DocumentTotalsRow[] = [];
    for (const resource of ['paymentCertificate', 'workOrder'] as const) {
      const [received] = (await get(`/api/documents/${resource}?${filter({ direction: 'received' })}`, wong).expect(200))
        .body as DocumentListItem[];
      const view = (await get(`/api/documents/${resource}/${received!.id}`, wong).expect(200)).body as {
        totals: { total: string };
        projectId: string | null;
        projectName: string | null;
        status: string;
      };
      // The sender's project by the name the document carries (the demo's are in Teguh Bina's projects).
      expect(view.projectId === null || (typeof view.projectName === 'string' && view.projectName.length > 0)).toBe(true);
      expected.push({
        projectId: view.projectId ?? null,
        projectName: view.projectName,
        resource,
        status: view.status,
        direction: 'received',
        count: 1,
        total: view.totals.total,
        currency: 'RM',
      });
    }
    const rows = ((await get('/api/document-totals', wong).expect(200)).body as { data: DocumentTotalsRow[] }).data;
    expect(rows).toEqual(expected);
  });

  it('document-totals: equal to what the lists hold, kind by kind, for the buyer', async () => {
    const kumar = await signIn('kumar@teguhbina.my', 'teguh-bina');
    // A total is null where the reader may not see it (tenders received: their buyers' estimates).
    const expected = new Map<string, { count: number; total: bigint | null }>();
    for (const resource of DocumentResources) {
      const list = (await get(`/api/documents/${resource}?${filter({})}`, kumar).expect(200)).body as DocumentListItem[];
      for (const d of list) {
        const key = [d.projectId, resource, d.status, d.companyId === 'teguh-bina' ? 'sent' : 'received'].join('|');
        const sum = expected.get(key) ?? { count: 0, total: 0n };
        expected.set(key, { count: sum.count + 1, total: sum.total === null || d.total === null ? null : sum.total + sen(d.total) });
      }
    }
    const rows = ((await get('/api/document-totals', kumar).expect(200)).body as { data: DocumentTotalsRow[] }).data;
    const actual = new Map(
      rows.map((r) => [
        [r.projectId, r.resource, r.status, r.direction].join('|'),
        { count: r.count, total: r.total === null ? null : sen(r.total) },
      ]),
    );
    expect(actual).toEqual(expected);
    expect(rows.some((r) => r.resource === 'tender')).toBe(true);
  });

  it('a tender addressed to the contractor is hidden while in preparation and readable by it once active; it has no action there', async () => {
    const [kumar, lim, wong] = [
      await signIn('kumar@teguhbina.my', 'teguh-bina'),
      await signIn('lim@teguhbina.my', 'teguh-bina'),
      await signIn('wong@kukuhcontractor.my', 'kukuh-jaya'),
    ];
    const now = Date.now();
    const created = await request(app.getHttpServer())
      .post('/api/documents/tender')
      .set('authorization', `Bearer ${kumar}`)
      .send({
        title: 'Invitation: plastering, Block A',
        counterpartyCompanyId: 'kukuh-jaya',
        openAt: new Date(now + 3_600_000).toISOString(),
        closeAt: new Date(now + 10 * 86_400_000).toISOString(),
        expectedDeliveryStart: new Date(now + 14 * 86_400_000).toISOString().slice(0, 10),
        items: [{ description: 'Cement plaster to walls', unit: 'm2', quantity: '1200', rate: '0.00', includeZeroRate: true }],
      })
      .expect(201);
    const id = created.body.id as string;
    const act = (token: string, event: string, revision: number) =>
      request(app.getHttpServer())
        .post(`/api/documents/tender/${id}/actions/${event}`)
        .set('authorization', `Bearer ${token}`)
        .set('If-Match', `"${revision}"`)
        .send({});
    const received = async () =>
      ((await get(`/api/documents/tender?${filter({ direction: 'received' })}`, wong).expect(200)).body as DocumentListItem[]).map(
        (d) => d.id,
      );

    expect(await received()).not.toContain(id);
    await get(`/api/documents/tender/${id}`, wong).expect(404);
    const requested = await act(kumar, 'Request_Approve', 1).expect(200);
    expect(await received()).not.toContain(id);
    const approved = await act(lim, 'Approve', requested.body.revision).expect(200);
    expect(approved.body.status).toBe('active');

    expect(await received()).toEqual([id]);
    const seen = (await get(`/api/documents/tender/${id}`, wong).expect(200)).body as {
      items: { description: string }[];
      availableActions: unknown[];
      companyName: string;
    };
    expect([seen.items.map((i) => i.description), seen.availableActions, seen.companyName]).toEqual([
      ['Cement plaster to walls'],
      [],
      'Teguh Bina Sdn Bhd',
    ]);
    // Still readable after the bidding closes (shared stays shared), never by a third company.
    await act(kumar, 'Close', approved.body.revision).expect(200);
    await get(`/api/documents/tender/${id}`, wong).expect(200);
    const mei = await signIn('mei@mutiarasupplies.my', 'mutiara-supplies');
    await get(`/api/documents/tender/${id}`, mei).expect(404);
  });

  it('document-totals holds only the kinds the caller may view, and needs a session', async () => {
    const farid = await signIn('farid@teguhbina.my', 'teguh-bina'); // site team: procurement only
    const rows = ((await get('/api/document-totals', farid).expect(200)).body as { data: DocumentTotalsRow[] }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.filter((r) =>
        ['tender', 'workOrder', 'letterOfAward', 'progressiveClaim', 'milestoneClaim', 'paymentCertificate'].includes(r.resource),
      ),
    ).toEqual([]);
    await get('/api/document-totals').expect(401);
  });
});
