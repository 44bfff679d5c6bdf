// The demo documents, seeded on an empty store as npm start does (seedDemo on the running app): the lists
// show documents in a spread of statuses, each document's history is what the plan says its users did
// (actors, companies, actions and remarks, made through the commands), and the whole store verifies.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ApiConfig } from '../../apps/api/src/config.js';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/demo/demo-data.js';
import { DEMO_DOCUMENTS, type DemoDocument } from '../../apps/api/src/demo/demo-documents.js';
import { seedDemo } from '../../apps/api/src/demo/demo-seed.js';
import { pgliteConfig, postgresConfig, removeAppData, startApp, TEST_DATABASE_URL } from './support.js';

const STORES: ('pglite' | 'postgres')[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!TEST_DATABASE_URL) console.log('demo documents e2e on PostgreSQL did not run: TEST_DATABASE_URL is not set (npm test sets it).');

/** Where each demo document ends, by the plan's key. */
const FINAL_STATUS: Record<string, string> = {
  'po-new': 'new',
  'po-awaiting-approval': 'new',
  'po-pending-confirmation': 'pendingConfirmation',
  'po-accepted': 'accepted',
  'po-fulfilled': 'fulfilled',
  'po-rejected': 'rejected',
  'po-rejected-by-seller': 'rejected',
  'po-resubmitted': 'pendingConfirmation',
  'po-cancelled': 'cancelled',
  'tender-active': 'active',
  'tender-rejected': 'rejected',
  'tender-comparison': 'comparison',
  'claim-invoiced': 'invoiced',
  'claim-pending': 'pendingVerification',
  'work-order': 'pendingConfirmation',
  'delivery-order': 'fulfilled',
  invoice: 'accepted',
  'payment-certificate': 'closed',
  'payment-certificate-rejected': 'rejected',
  'trade-request-approved': 'approved',
  'instruction-accepted': 'accepted',
  'variation-issued': 'issued',
  'variation-pending': 'pendingApproval',
};

type ListItem = { id: string; title: string; status: string };
type HistoryRow = {
  revision: number;
  action: string;
  actor: { name: string; companyId: string; companyName: string };
  remark: string | null;
  chainVerified: boolean;
};

const nameOf = (email: string) => DEMO_USERS.find((user) => user.email === email)!.name;
const companyName = (key: string) => DEMO_COMPANIES.find((company) => company.key === key)!.name;
const memberOf = (email: string, key: string) =>
  DEMO_COMPANIES.some((company) => company.key === key && company.members.some((member) => member.email === email));

describe.each(STORES)('demo documents on %s', (kind) => {
  let app: NestFastifyApplication;
  let config: ApiConfig;
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();

  const get = (path: string, token?: string) => {
    const call = request(app.getHttpServer()).get(path);
    return token ? call.set('authorization', `Bearer ${token}`) : call;
  };
  const signIn = async (email: string, companyId: string) => {
    const key = `${email} ${companyId}`;
    if (!tokens.has(key)) {
      const login = await request(app.getHttpServer()).post('/api/login').send({ email, password: DEMO_PASSWORD }).expect(200);
      const chosen = await get(`/api/company/choose/${companyId}`, login.body.jwtToken).expect(200);
      tokens.set(key, chosen.body.jwtToken);
    }
    return tokens.get(key)!;
  };
  const creatorToken = (plan: DemoDocument) => signIn(plan.by, plan.company);

  beforeAll(async () => {
    config = kind === 'pglite' ? await pgliteConfig({ NODE_ENV: 'test' }) : postgresConfig({ NODE_ENV: 'test' });
    app = await startApp(config);
    const seeded = await seedDemo(app);
    expect(seeded).toMatchObject({ seeded: true, documents: DEMO_DOCUMENTS.length });
    for (const plan of DEMO_DOCUMENTS) {
      const list = await get(`/api/documents/${plan.resource}?range=${encodeURIComponent('[0,99]')}`, await creatorToken(plan)).expect(200);
      const found = (list.body as ListItem[]).filter((item) => item.title === plan.title);
      expect({ key: plan.key, found: found.length }).toEqual({ key: plan.key, found: 1 });
      ids.set(plan.key, found[0]!.id);
    }
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await removeAppData(config);
  });

  it('covers every main kind: purchase order, tender, progressive claim, work order, delivery order, invoice, payment certificate, a trade request, an instruction and variation orders', () => {
    expect(new Set(DEMO_DOCUMENTS.map((plan) => plan.resource))).toEqual(
      new Set([
        'purchaseOrder',
        'tender',
        'progressiveClaim',
        'workOrder',
        'deliveryOrder',
        'invoice',
        'paymentCertificate',
        'tradeRequest',
        'instruction',
        'variationOrder',
      ]),
    );
    expect(Object.keys(FINAL_STATUS).sort()).toEqual(DEMO_DOCUMENTS.map((plan) => plan.key).sort());
  });

  it('the purchase order list shows a spread of statuses, filterable by status', async () => {
    const kumar = await signIn('kumar@teguhbina.my', 'teguh-bina');
    const list = await get(`/api/documents/purchaseOrder?range=${encodeURIComponent('[0,99]')}`, kumar).expect(200);
    const statuses = new Set((list.body as ListItem[]).map((item) => item.status));
    expect(statuses).toEqual(new Set(['new', 'pendingConfirmation', 'accepted', 'fulfilled', 'rejected', 'cancelled']));
    const rejected = await get(
      `/api/documents/purchaseOrder?filter=${encodeURIComponent(JSON.stringify({ status: 'rejected' }))}`,
      kumar,
    ).expect(200);
    expect(rejected.headers['content-range']).toBe('purchaseOrder 0-1/2');
  });

  it('each document stands in the status its history leads to, and the buyer sees what its sellers sent', async () => {
    for (const plan of DEMO_DOCUMENTS) {
      const view = await get(`/api/documents/${plan.resource}/${ids.get(plan.key)}`, await creatorToken(plan)).expect(200);
      expect({ key: plan.key, status: view.body.status }).toEqual({ key: plan.key, status: FINAL_STATUS[plan.key] });
    }
    const lim = await signIn('lim@teguhbina.my', 'teguh-bina');
    for (const resource of ['deliveryOrder', 'invoice'] as const) {
      const list = await get(`/api/documents/${resource}`, lim).expect(200);
      expect((list.body as ListItem[]).map((item) => item.status)).toEqual([resource === 'invoice' ? 'accepted' : 'fulfilled']);
    }
  });

  it('each history shows the real actors, their companies, the actions and the remarks, with a verified chain', async () => {
    for (const plan of DEMO_DOCUMENTS) {
      const history = await get(`/api/documents/${plan.resource}/${ids.get(plan.key)}/history`, await creatorToken(plan)).expect(200);
      const rows = history.body as HistoryRow[];
      const actual = rows.map((row) => [row.action, row.actor.name, row.actor.companyName, row.remark]);
      const expected = [
        ['Draft', nameOf(plan.by), companyName(plan.company), null],
        ['Create', nameOf(plan.by), companyName(plan.company), null],
        ...plan.steps.map((step) => [
          step.event,
          nameOf(step.by),
          companyName(memberOf(step.by, plan.company) ? plan.company : plan.counterparty!),
          step.remark ?? null,
        ]),
      ];
      expect({ key: plan.key, history: actual }).toEqual({ key: plan.key, history: expected });
      expect(rows.every((row) => row.chainVerified)).toBe(true);
    }
  }, 60_000);

  it("a rejection carries its remark, and the seller's rejection is the seller's", async () => {
    const kumar = await signIn('kumar@teguhbina.my', 'teguh-bina');
    const byLim = (await get(`/api/documents/purchaseOrder/${ids.get('po-rejected')}/history`, kumar).expect(200)).body as HistoryRow[];
    expect(byLim.at(-1)).toMatchObject({
      action: 'Reject',
      actor: { name: 'Lim Wei Ling', companyId: 'teguh-bina' },
      remark: expect.stringMatching(/price list/),
    });
    const bySeller = (await get(`/api/documents/purchaseOrder/${ids.get('po-rejected-by-seller')}/history`, kumar).expect(200))
      .body as HistoryRow[];
    expect(bySeller.at(-1)).toMatchObject({
      action: 'Reject_By_Seller',
      actor: { name: 'Tan Mei Hua', companyId: 'mutiara-supplies' },
      remark: expect.stringMatching(/Out of stock/),
    });
  });

  it('a newcomer sees projects of each type with members, stages and documents inside them', async () => {
    const aminah = await signIn('aminah@teguhbina.my', 'teguh-bina');
    const projects = (await get(`/api/projects?range=${encodeURIComponent('[0,99]')}`, aminah).expect(200)).body as {
      id: string;
      code: string;
      projectType: number;
    }[];
    expect(new Set(projects.map((p) => p.projectType))).toEqual(new Set([1, 2, 3]));
    for (const project of projects) {
      const planned = DEMO_DOCUMENTS.filter((plan) => plan.project === project.code);
      const page = (await get(`/api/projects/${project.id}`, aminah).expect(200)).body as {
        members: { status: string }[];
        stages: unknown[];
      };
      const counts = (await get(`/api/projects/${project.id}/documents`, aminah).expect(200)).body as { resource: string; total: number }[];
      const total = counts.reduce((sum, c) => sum + c.total, 0);
      expect({
        code: project.code,
        approved: page.members.filter((m) => m.status === 'Approved').length > 0,
        stages: page.stages.length > 0,
        documents: total,
      }).toEqual({ code: project.code, approved: true, stages: true, documents: planned.length });
      expect(planned.length).toBeGreaterThan(0);
      // Each document made in the project names it.
      for (const plan of planned)
        expect((await get(`/api/documents/${plan.resource}/${ids.get(plan.key)}`, aminah).expect(200)).body.projectId).toBe(project.id);
    }
  });

  it('every document verifies, and so does the whole store', async () => {
    for (const plan of DEMO_DOCUMENTS) {
      const verified = await get(`/api/audit/verify?resource=${plan.resource}&id=${ids.get(plan.key)}`, await creatorToken(plan)).expect(
        200,
      );
      expect({ key: plan.key, ok: verified.body.ok }).toEqual({ key: plan.key, ok: true });
    }
    const admin = await signIn('admin@binaan.my', 'teguh-bina');
    const store = await get('/api/audit/verify-store', admin).expect(200);
    expect(store.body).toMatchObject({ ok: true, broken: [] });
    expect(store.body.streams).toBeGreaterThan(DEMO_DOCUMENTS.length);
  }, 60_000);
});
