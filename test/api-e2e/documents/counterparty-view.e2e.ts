// What a counterparty sees, on the demo documents as npm start seeds them: for every
// demo document with a counterparty (purchase orders, a work order, progressive claims, a delivery order,
// an invoice, payment certificates), the counterparty company reads the document only from the step that
// shared it with it (now, ?revision=, ?asOf=), and of the history only the steps between the two companies:
// never the owner's drafts, edits, approval round or its remarks. The owner still sees everything. And a
// user without a module's view right gets 403 on that module's documents on every route, the audit check
// included.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { DEMO_DOCUMENTS, type DemoDocument } from '../../../apps/api/src/demo/demo-documents.js';
import { seedDemo } from '../../../apps/api/src/demo/demo-seed.js';
import { pgliteConfig, removeAppData, startApp } from '../support.js';

type HistoryRow = {
  revision: number;
  at: string;
  action: string;
  actor: { companyId: string | null };
  remark: string | null;
  approvalLevel: number | null;
};
type ListItem = { id: string; title: string; documentNo: string };

/** A member of each demo company who reads its documents (README: demo logins). */
const READER: Record<string, string> = {
  'teguh-bina': 'lim@teguhbina.my',
  'mutiara-supplies': 'mei@mutiarasupplies.my',
  'seri-hartanah': 'hafiz@serihartanah.my',
  'kukuh-jaya': 'wong@kukuhcontractor.my',
};
/** Steps of the owner's own making that never pass to the other company. */
const INTERNAL_ACTIONS = new Set(['Draft', 'Edit', 'Create', 'Request_Approve', 'Request_Verify', 'Resubmit', 'Reject']);

const SHARED = DEMO_DOCUMENTS.filter((plan) => plan.counterparty !== undefined);

describe('what a counterparty sees of a document', () => {
  let app: NestFastifyApplication;
  let config: ApiConfig;
  const tokens = new Map<string, string>();
  const ids = new Map<string, ListItem>();

  const get = (path: string, token: string) => request(app.getHttpServer()).get(path).set('authorization', `Bearer ${token}`);
  const signIn = async (email: string, companyId: string) => {
    const key = `${email} ${companyId}`;
    if (!tokens.has(key)) {
      const login = await request(app.getHttpServer()).post('/api/login').send({ email, password: DEMO_PASSWORD }).expect(200);
      tokens.set(key, (await get(`/api/company/choose/${companyId}`, login.body.jwtToken).expect(200)).body.jwtToken);
    }
    return tokens.get(key)!;
  };
  const owner = (plan: DemoDocument) => signIn(READER[plan.company]!, plan.company);
  const counterparty = (plan: DemoDocument) => signIn(READER[plan.counterparty!]!, plan.counterparty!);
  const path = (plan: DemoDocument) => `/api/documents/${plan.resource}/${ids.get(plan.key)!.id}`;

  beforeAll(async () => {
    config = await pgliteConfig({ NODE_ENV: 'test' });
    app = await startApp(config);
    await seedDemo(app);
    for (const plan of DEMO_DOCUMENTS) {
      const list = await get(
        `/api/documents/${plan.resource}?range=${encodeURIComponent('[0,99]')}`,
        await signIn(plan.by, plan.company),
      ).expect(200);
      ids.set(
        plan.key,
        (list.body as ListItem[]).find((item) => item.title === plan.title)!,
      );
    }
  }, 900_000);

  afterAll(async () => {
    await app?.close();
    await removeAppData(config);
  });

  it('covers every demo kind with a counterparty', () => {
    expect(new Set(SHARED.map((plan) => plan.resource))).toEqual(
      new Set([
        'purchaseOrder',
        'workOrder',
        'progressiveClaim',
        'deliveryOrder',
        'invoice',
        'paymentCertificate',
        'instruction',
        'variationOrder',
      ]),
    );
  });

  it("PO-2026-00008: Mutiara never reads Teguh Bina's internal reject remark nor the order as it stood before it was sent", async () => {
    const plan = SHARED.find((p) => p.key === 'po-resubmitted')!;
    expect(ids.get(plan.key)!.documentNo).toBe('PO-2026-00008');
    const remark = 'Quantity looks high for one staircase; check the take-off';
    const ownHistory = await get(`${path(plan)}/history`, await owner(plan)).expect(200);
    expect(ownHistory.text).toContain(remark);
    const seller = await counterparty(plan);
    const theirs = await get(`${path(plan)}/history`, seller).expect(200);
    expect(theirs.text).not.toContain(remark);
    expect((theirs.body as HistoryRow[]).map((row) => row.action)).not.toContain('Reject');
    // The approval route (Lim's approval, who may act next) is Teguh Bina's own.
    expect((await get(path(plan), await owner(plan)).expect(200)).body.approvalRoute.approvals.length).toBeGreaterThan(0);
    expect((await get(path(plan), seller).expect(200)).body.approvalRoute).toMatchObject({
      approvals: [],
      mayActNext: [],
      requiredLevels: [],
    });
    const first = await get(`${path(plan)}?revision=1`, seller);
    expect(first.status).toBe(404);
    expect(first.body).toMatchObject({ errorCode: 'documentNotFound' });
  });

  describe.each(SHARED.map((plan) => [plan.key, plan] as const))('%s', (_key, plan) => {
    let full: HistoryRow[];
    let seen: HistoryRow[] | null;

    beforeAll(async () => {
      full = (await get(`${path(plan)}/history`, await owner(plan)).expect(200)).body as HistoryRow[];
      const reply = await get(`${path(plan)}/history`, await counterparty(plan));
      seen = reply.status === 200 ? (reply.body as HistoryRow[]) : null;
      if (seen === null) expect(reply.status).toBe(404);
    });

    it('history: only steps between the companies, from the one that shared it; no internal remark or level', () => {
      if (seen === null) {
        // Never shared (still inside the owner's round): the counterparty does not learn it exists.
        expect(full.some((row) => row.actor.companyId === plan.counterparty)).toBe(false);
        return;
      }
      expect(seen.length).toBeGreaterThan(0);
      const fullByRevision = new Map(full.map((row) => [row.revision, row]));
      for (const row of seen) {
        const original = fullByRevision.get(row.revision)!;
        expect(original).toBeDefined();
        expect({
          revision: row.revision,
          action: row.action,
          internal: INTERNAL_ACTIONS.has(row.action) && row.actor.companyId === plan.company,
        }).toEqual({ revision: row.revision, action: row.action, internal: false });
        if (row.action === 'Approve')
          expect({ remark: row.remark, approvalLevel: row.approvalLevel }).toEqual({ remark: null, approvalLevel: null });
      }
      // Every remark the owner wrote inside its round is absent.
      const text = JSON.stringify(seen);
      for (const row of full) {
        if (row.remark && row.actor.companyId === plan.company && (row.action === 'Approve' || row.action === 'Reject'))
          expect(text).not.toContain(row.remark);
      }
      // Every step the counterparty took itself is there.
      const theirs = full.filter((row) => row.actor.companyId === plan.counterparty).map((row) => row.revision);
      expect(seen.map((row) => row.revision)).toEqual(expect.arrayContaining(theirs));
    });

    it('?revision= and ?asOf= before the document was shared are 404; from the sharing step on they read', async () => {
      const token = await counterparty(plan);
      if (seen === null) {
        expect((await get(`${path(plan)}?revision=1`, token)).status).toBe(404);
        return;
      }
      const sharedAt = seen[0]!.revision;
      for (let revision = 0; revision < sharedAt; revision++) {
        const reply = await get(`${path(plan)}?revision=${revision}`, token);
        expect({ revision, status: reply.status }).toEqual({ revision, status: 404 });
      }
      const before = full.find((row) => row.revision === sharedAt - 1)!;
      expect((await get(`${path(plan)}?asOf=${encodeURIComponent(before.at)}`, token)).status).toBe(404);
      expect((await get(`${path(plan)}?revision=${sharedAt}`, token)).status).toBe(200);
      // The owner reads its own document as created.
      expect((await get(`${path(plan)}?revision=1`, await owner(plan))).status).toBe(200);
    });

    it('the audit check answers the counterparty once shared, and 404 before', async () => {
      const reply = await get(`/api/audit/verify?resource=${plan.resource}&id=${ids.get(plan.key)!.id}`, await counterparty(plan));
      expect(reply.status).toBe(seen === null ? 404 : 200);
    });
  });

  it("a tender addressed to a company: the bidder reads its lines without the buyer's estimate (view, revision, list, totals); the buyer reads it all", async () => {
    const [kumar, lim, wong] = [
      await signIn('kumar@teguhbina.my', 'teguh-bina'),
      await signIn('lim@teguhbina.my', 'teguh-bina'),
      await signIn('wong@kukuhcontractor.my', 'kukuh-jaya'),
    ];
    const post = (to: string, token: string, body: object, revision?: number) => {
      const call = request(app.getHttpServer()).post(to).set('authorization', `Bearer ${token}`);
      return (revision === undefined ? call : call.set('if-match', `"${revision}"`)).send(body);
    };
    const now = Date.now();
    // Filed under the buyer's office tower project (demo code TB-MT-A), which the bidder cannot open.
    const tower = ((await get('/api/projects', kumar).expect(200)).body as { id: string; code: string; name: string }[]).find(
      (project) => project.code === 'TB-MT-A',
    )!;
    expect(tower.name.length).toBeGreaterThan(0);
    await get(`/api/projects/${tower.id}`, wong).expect(404);
    // The buyer's estimate: 1,200 m2 at 18.50 and 300 m2 at 12.00 = 25,800.00 (no SST on a tender), budget 20,000 to 30,000.
    const created = await post('/api/documents/tender', kumar, {
      title: 'Plastering, Block C (estimate withheld)',
      counterpartyCompanyId: 'kukuh-jaya',
      projectId: tower.id,
      openAt: new Date(now + 3_600_000).toISOString(),
      closeAt: new Date(now + 10 * 86_400_000).toISOString(),
      expectedDeliveryStart: new Date(now + 14 * 86_400_000).toISOString().slice(0, 10),
      minimumAmount: '20000.00',
      maximumAmount: '30000.00',
      items: [
        { description: 'Cement plaster to internal walls', unit: 'm2', quantity: '1200', rate: '18.50' },
        { description: 'Skim coat to ceilings', unit: 'm2', quantity: '300', rate: '12.00' },
      ],
    }).expect(201);
    const id = created.body.id as string;
    const requested = await post(`/api/documents/tender/${id}/actions/Request_Approve`, kumar, {}, created.body.revision).expect(200);
    const approved = await post(`/api/documents/tender/${id}/actions/Approve`, lim, {}, requested.body.revision).expect(200);
    expect(approved.body.status).toBe('active');
    const figures = /18\.50|12\.00|22,?200|3,?600|25,?800|20,?000|30,?000/;

    const ours = (await get(`/api/documents/tender/${id}`, kumar).expect(200)).body;
    expect(ours.projectName).toBe(tower.name);
    expect({
      rates: ours.items.map((i: { rate: string }) => i.rate),
      total: ours.totals.total,
      min: ours.minimumAmount,
      max: ours.maximumAmount,
    }).toEqual({ rates: ['18.50', '12.00'], total: '25800.00', min: '20000.00', max: '30000.00' });

    for (const at of ['', `?revision=${approved.body.revision}`]) {
      const theirs = (await get(`/api/documents/tender/${id}${at}`, wong).expect(200)).body;
      expect({
        at,
        lines: theirs.items.map((i: { description: string; rate: unknown; amount: unknown }) => [i.description, i.rate, i.amount]),
        totals: theirs.totals,
        min: theirs.minimumAmount,
        max: theirs.maximumAmount,
        fee: theirs.fees.transactionFee,
      }).toEqual({
        at,
        lines: [
          ['Cement plaster to internal walls', null, null],
          ['Skim coat to ceilings', null, null],
        ],
        totals: null,
        min: null,
        max: null,
        fee: null,
      });
      // Which project the tender is for, by its name: the bidder is told, as it would be on paper.
      expect({ at, projectId: theirs.projectId, projectName: theirs.projectName }).toEqual({
        at,
        projectId: tower.id,
        projectName: tower.name,
      });
      expect(JSON.stringify(theirs)).not.toMatch(figures);
    }

    // The lists: the bidder's row has no total, whatever the sort; the buyer's has its estimate.
    const list = async (token: string, sort: string, direction: string) => {
      const query = `filter=${encodeURIComponent(JSON.stringify({ direction }))}&sort=${encodeURIComponent(JSON.stringify(sort === 'total' ? ['total', 'DESC'] : ['createdAt', 'DESC']))}&range=${encodeURIComponent('[0,99]')}`;
      return (await get(`/api/documents/tender?${query}`, token).expect(200)).body as { id: string; total: string | null }[];
    };
    for (const sort of ['createdAt', 'total']) {
      const received = await list(wong, sort, 'received');
      expect({ sort, row: received.find((row) => row.id === id)?.total }).toEqual({ sort, row: null });
      expect({ sort, totals: received.filter((row) => row.total !== null).length }).toEqual({ sort, totals: 0 });
      expect({ sort, row: (await list(kumar, sort, 'sent')).find((row) => row.id === id)?.total }).toEqual({ sort, row: '25800.00' });
    }
    // Sorted by total, the bidder's received tenders come in a fixed order that tells nothing (by id, descending here).
    const byTotal = (await list(wong, 'total', 'received')).map((row) => row.id);
    expect(byTotal).toEqual([...byTotal].sort().reverse());

    // The company's document totals (the budget page): no sum of tenders received.
    const totals = (await get('/api/document-totals', wong).expect(200)).body.data as {
      resource: string;
      direction: string;
      total: string | null;
    }[];
    const receivedTenders = totals.filter((row) => row.resource === 'tender' && row.direction === 'received');
    expect(receivedTenders.length).toBeGreaterThan(0);
    expect(receivedTenders.map((row) => row.total)).toEqual(receivedTenders.map(() => null));
    const sentTenders = (await get('/api/document-totals', kumar).expect(200)).body.data.filter(
      (row: { resource: string; direction: string }) => row.resource === 'tender' && row.direction === 'sent',
    );
    expect(sentTenders.some((row: { total: string | null }) => row.total !== null && Number(row.total) >= 25800)).toBe(true);
  });

  describe("a user without the module's view right (Farid, site team at Teguh Bina)", () => {
    const closed = DEMO_DOCUMENTS.filter(
      (plan) => plan.company === 'teguh-bina' && ['tender', 'progressiveClaim', 'workOrder', 'paymentCertificate'].includes(plan.resource),
    );

    it.each(closed.map((plan) => [plan.key, plan] as const))('%s: 403 on every route, the audit check included', async (_key, plan) => {
      const token = await signIn('farid@teguhbina.my', 'teguh-bina');
      const id = ids.get(plan.key)!.id;
      const base = `/api/documents/${plan.resource}`;
      const replies = {
        list: (await get(base, token)).status,
        one: (await get(`${base}/${id}`, token)).status,
        revision: (await get(`${base}/${id}?revision=1`, token)).status,
        history: (await get(`${base}/${id}/history`, token)).status,
        audit: (await get(`/api/audit/verify?resource=${plan.resource}&id=${id}`, token)).status,
        action: (
          await request(app.getHttpServer())
            .post(`${base}/${id}/actions/Cancel`)
            .set('authorization', `Bearer ${token}`)
            .send({ remark: 'x' })
        ).status,
      };
      expect(replies).toEqual({ list: 403, one: 403, revision: 403, history: 403, audit: 403, action: 403 });
    });
  });
});
