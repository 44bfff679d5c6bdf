// What a counterparty sees (issue 15, point 2), on the demo documents as npm start seeds them: for every
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

type HistoryRow = { revision: number; at: string; action: string; actor: { companyId: string | null }; remark: string | null; approvalLevel: number | null };
type ListItem = { id: string; title: string; documentNo: string };

/** A member of each demo company who reads its documents (README: demo logins). */
const READER: Record<string, string> = {
  'teguh-bina': 'lim@teguhbina.my', 'mutiara-supplies': 'mei@mutiarasupplies.my', 'seri-hartanah': 'hafiz@serihartanah.my', 'kukuh-jaya': 'wong@kukuhcontractor.my',
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
      const list = await get(`/api/documents/${plan.resource}?range=${encodeURIComponent('[0,99]')}`, await signIn(plan.by, plan.company)).expect(200);
      ids.set(plan.key, (list.body as ListItem[]).find((item) => item.title === plan.title)!);
    }
  }, 900_000);

  afterAll(async () => {
    await app?.close();
    await removeAppData(config);
  });

  it('covers every demo kind with a counterparty', () => {
    expect(new Set(SHARED.map((plan) => plan.resource))).toEqual(new Set(['purchaseOrder', 'workOrder', 'progressiveClaim', 'deliveryOrder', 'invoice', 'paymentCertificate']));
  });

  it('PO-2026-00008: Mutiara never reads Teguh Bina\'s internal reject remark nor the order as it stood before it was sent', async () => {
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
    expect((await get(path(plan), seller).expect(200)).body.approvalRoute).toMatchObject({ approvals: [], mayActNext: [], requiredLevels: [] });
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
        expect({ revision: row.revision, action: row.action, internal: INTERNAL_ACTIONS.has(row.action) && row.actor.companyId === plan.company }).toEqual({ revision: row.revision, action: row.action, internal: false });
        if (row.action === 'Approve') expect({ remark: row.remark, approvalLevel: row.approvalLevel }).toEqual({ remark: null, approvalLevel: null });
      }
      // Every remark the owner wrote inside its round is absent.
      const text = JSON.stringify(seen);
      for (const row of full) {
        if (row.remark && row.actor.companyId === plan.company && (row.action === 'Approve' || row.action === 'Reject')) expect(text).not.toContain(row.remark);
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

  describe('a user without the module\'s view right (Farid, site team at Teguh Bina)', () => {
    const closed = DEMO_DOCUMENTS.filter((plan) => plan.company === 'teguh-bina' && ['tender', 'progressiveClaim', 'workOrder', 'paymentCertificate'].includes(plan.resource));

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
        action: (await request(app.getHttpServer()).post(`${base}/${id}/actions/Cancel`).set('authorization', `Bearer ${token}`).send({ remark: 'x' })).status,
      };
      expect(replies).toEqual({ list: 403, one: 403, revision: 403, history: 403, audit: 403, action: 403 });
    });
  });
});
