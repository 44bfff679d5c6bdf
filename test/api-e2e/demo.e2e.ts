// Given the demo data seeded into an empty store (as npm start does, on the running app), every demo login
// signs in with the README's password, and choosing each of its companies lands where signed-in-area.md
// §2.3 says (as landingAfterChoice reads it: an approved company, the contractor too, goes home); the project
// Kumar meets first has its bill of quantity, budget and progress plan, and the tender in comparison has its
// invited sellers' quotations. The demo documents are checked in demo-documents.e2e.ts.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore } from '@binaan/event-store';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/demo/demo-data.js';
import { seedDemo } from '../../apps/api/src/demo/demo-seed.js';
import { DEMO_DOCUMENTS } from '../../apps/api/src/demo/demo-documents.js';
import { DEMO_BQ, DEMO_BQ_PROJECT } from '../../apps/api/src/demo/demo-bq.seed.js';
import { CLOCK, type Clock } from '../../apps/api/src/common/principal.js';
import { EVENT_STORE } from '../../apps/api/src/store/store.tokens.js';
import { pgliteConfig, startApp } from './support.js';

const EXPECTED_LANDING: Record<string, string> = {
  'teguh-bina': '/article',
  'kukuh-jaya': '/article',
  'baru-consult': '/administration/company',
  'lestari-ebuild': '/auth/non-approved-company-login',
};

describe('demo data on an empty store', () => {
  let app: NestFastifyApplication;
  let store: EventStore;

  beforeAll(async () => {
    app = await startApp(await pgliteConfig());
    store = app.get<EventStore>(EVENT_STORE);
  }, 300_000);
  afterAll(async () => app?.close());

  it('is seeded once: a second run on a store with events does nothing', async () => {
    expect(await seedDemo(app)).toEqual({
      seeded: true,
      users: DEMO_USERS.length,
      companies: DEMO_COMPANIES.length,
      documents: DEMO_DOCUMENTS.length,
    });
    const position = await store.lastPosition();
    expect(await seedDemo(app)).toEqual({ seeded: false, users: 0, companies: 0, documents: 0 });
    expect(await store.lastPosition()).toBe(position);
  }, 60_000);

  it.each(DEMO_USERS.map((user) => [user.email, user] as const))(
    '%s signs in and reaches each of their companies',
    async (email, user) => {
      const login = await request(app.getHttpServer()).post('/api/login').send({ email, password: DEMO_PASSWORD }).expect(200);
      expect(login.body).toMatchObject({
        loginIsAuthenticated: true,
        showEula: false,
        forceChangePassword: false,
        userRole: user.userType === 2 ? 'ADMIN' : 'USER',
      });
      let token: string = login.body.jwtToken;
      const list = await request(app.getHttpServer()).get('/api/company/list').set('authorization', `Bearer ${token}`).expect(200);
      const mine = DEMO_COMPANIES.filter((company) => company.members.some((member) => member.email === email))
        .map((company) => company.key)
        .sort();
      expect(list.body.data.map((item: { companyProfileId: string }) => item.companyProfileId).sort()).toEqual(mine);
      for (const companyId of mine) {
        const chosen = await request(app.getHttpServer())
          .get(`/api/company/choose/${companyId}`)
          .set('authorization', `Bearer ${token}`)
          .expect(200);
        expect(chosen.body.accessRights).toMatch(/1/);
        if (EXPECTED_LANDING[companyId]) expect(chosen.body.landing).toBe(EXPECTED_LANDING[companyId]);
        token = chosen.body.jwtToken;
      }
    },
    60_000,
  );

  it('the platform admin opens a demo company they hold no role in, as the README says, and lands home', async () => {
    const server = app.getHttpServer();
    const admin = DEMO_USERS.find((user) => user.userType === 2)!;
    expect(
      DEMO_COMPANIES.some((company) => company.key === 'teguh-bina' && company.members.some((member) => member.email === admin.email)),
    ).toBe(false);
    const login = await request(server).post('/api/login').send({ email: admin.email, password: DEMO_PASSWORD }).expect(200);
    const chosen = await request(server)
      .get('/api/company/choose/teguh-bina')
      .set('authorization', `Bearer ${login.body.jwtToken}`)
      .expect(200);
    expect(chosen.body).toMatchObject({ selectedCompany: 'teguh-bina', landing: '/article', roles: '', userAssignments: [] });
  }, 60_000);

  const kumarToken = async (): Promise<string> => {
    const server = app.getHttpServer();
    const login = await request(server).post('/api/login').send({ email: 'kumar@teguhbina.my', password: DEMO_PASSWORD }).expect(200);
    return (await request(server).get('/api/company/choose/teguh-bina').set('authorization', `Bearer ${login.body.jwtToken}`).expect(200))
      .body.jwtToken;
  };
  const mainProject = async (token: string): Promise<string> => {
    const projects = await request(app.getHttpServer())
      .get(`/api/projects?range=${encodeURIComponent('[0,49]')}`)
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    return (projects.body as { id: string; code: string }[]).find((p) => p.code === DEMO_BQ_PROJECT)!.id;
  };

  it('the project Kumar meets first (home page and projects list) is the one with the BQ and the plans', async () => {
    const server = app.getHttpServer();
    const token = await kumarToken();
    const home = await request(server).get('/api/project-list-by-user').set('authorization', `Bearer ${token}`).expect(200);
    expect(home.body[0].project.project_code).toBe(DEMO_BQ_PROJECT);
    const list = await request(server)
      .get(`/api/projects?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,24]')}`)
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(list.body[0].code).toBe(DEMO_BQ_PROJECT);
  }, 60_000);

  it('the main project has a priced bill of quantity in three tabs, new and open for edits', async () => {
    const server = app.getHttpServer();
    const token = await kumarToken();
    const bq = await request(server)
      .get(`/api/bill-of-quantity/${await mainProject(token)}`)
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(bq.body).toMatchObject({ status: 'new', editable: true, amount: '1130770.00' });
    expect((bq.body.tabs as { name: string; amount: string }[]).map((t) => [t.name, t.amount])).toEqual([
      ['Preliminaries', '84375.00'],
      ['Substructure', '382335.00'],
      ['Superstructure', '664060.00'],
    ]);
    expect(bq.body.nodes).toHaveLength(DEMO_BQ.reduce((n, tab) => n + tab.rows.length, 0));
    // Five items priced by subcontract build-ups at 10% profit: cost + profit is the imported rate.
    const priced = (
      bq.body.nodes as { title: string; buildUpCode: string | null; buildUpRate: string | null; rate: string | null }[]
    ).filter((n) => n.buildUpCode !== null);
    expect(priced.map((n) => [n.title, n.buildUpCode, n.buildUpRate, n.rate])).toEqual([
      ['B2', 'EXC', '20.00', '22.00'],
      ['C2', 'RC30', '281.82', '310.00'],
      ['C3', 'REBAR', '3136.36', '3450.00'],
      ['E1', 'BRICK', '43.64', '48.00'],
      ['F1', 'ROOF', '59.09', '65.00'],
    ]);
  }, 60_000);

  it("the main project has an approved budget from the BQ's build-ups, against the project's claims", async () => {
    const server = app.getHttpServer();
    const token = await kumarToken();
    const budget = await request(server)
      .get(`/api/projects/${await mainProject(token)}/budget`)
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(budget.body.status).toBe('approved');
    // A line per trade code at the items' cost: quantity x the build-up's cost per unit.
    expect((budget.body.lines as { code: string; budget: string }[]).map((l) => [l.code, l.budget])).toEqual([
      ['EXC', '12400.00'], // 620 m3 x 20.00
      ['RC30', '50727.60'], // 180 m3 x 281.82
      ['REBAR', '131727.12'], // 42 t x 3,136.36
      ['BRICK', '226928.00'], // 5,200 m2 x 43.64
      ['ROOF', '109316.50'], // 1,850 m2 x 59.09
    ]);
    // The warehouse's two progressive claims (18,640.00 invoiced, 98,250.00 waiting for verification), not yet under a trade code; no order.
    expect(budget.body.totals).toEqual({ budget: '531099.22', committed: '0.00', claimed: '116890.00', remaining: '531099.22' });
    expect(budget.body.unallocated).toEqual({ committed: '0.00', claimed: '116890.00' });
  }, 60_000);

  it('the main project has a progress plan waiting for approval, with rows planned and percent complete', async () => {
    const server = app.getHttpServer();
    const token = await kumarToken();
    const plan = await request(server)
      .get(`/api/projects/${await mainProject(token)}/progress-plan`)
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(plan.body).toMatchObject({ status: 'pending', editable: true, canRecord: true });
    const now = app.get<Clock>(CLOCK)().getTime();
    const day = (days: number) => new Date(now + days * 86_400_000).toISOString().slice(0, 10);
    const planned = (
      plan.body.entries as { title: string; plannedStart: string | null; plannedEnd: string | null; percentComplete: string | null }[]
    ).filter((e) => e.plannedStart !== null);
    expect(planned.map((e) => [e.title, e.plannedStart, e.plannedEnd, e.percentComplete])).toEqual([
      ['A', day(-60), day(300), '20.00'],
      ['B', day(-45), day(-10), '100.00'],
      ['C', day(-20), day(25), '60.00'],
      ['D', day(20), day(120), '0.00'],
      ['F', day(150), day(200), '0.00'],
    ]);
  }, 60_000);

  it('the tender in comparison has the quotations of the two sellers invited while it was open', async () => {
    const server = app.getHttpServer();
    const token = await kumarToken();
    const tenders = await request(server)
      .get(`/api/documents/tender?range=${encodeURIComponent('[0,49]')}`)
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    const tender = (tenders.body as { id: string; title: string; status: string }[]).find((t) => t.title === 'Piling works, Block C')!;
    expect(tender.status).toBe('comparison');
    const invitations = await request(server)
      .get(`/api/tendering/tenders/${tender.id}/invitations`)
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(
      (invitations.body.data as { sellerCompanyId: string; quoted: boolean }[]).map((i) => [i.sellerCompanyId, i.quoted]).sort(),
    ).toEqual([
      ['kukuh-jaya', true],
      ['mutiara-supplies', true],
    ]);
    const quotations = await request(server)
      .get(`/api/tendering/tenders/${tender.id}/quotations`)
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(quotations.body.sealed).toBe(false);
    // 1,800 m of spun piles at each seller's rate.
    expect(
      (quotations.body.data as { sellerCompanyId: string; total: string; items: { rate: string }[] }[]).map((q) => [
        q.sellerCompanyId,
        q.items.map((i) => i.rate),
        q.total,
      ]),
    ).toEqual([
      ['kukuh-jaya', ['72.00'], '129600.00'],
      ['mutiara-supplies', ['68.50'], '123300.00'],
    ]);
  }, 60_000);
});
