// Given the demo data seeded into an empty store (as npm start does, on the running app), every demo login
// signs in with the README's password, and choosing each of its companies lands where signed-in-area.md
// §2.3 says; the housing scheme has its bill of quantity. The demo documents are checked in demo-documents.e2e.ts.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore } from '@binaan/event-store';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/demo/demo-data.js';
import { seedDemo } from '../../apps/api/src/demo/demo-seed.js';
import { DEMO_DOCUMENTS } from '../../apps/api/src/demo/demo-documents.js';
import { DEMO_BQ, DEMO_BQ_PROJECT } from '../../apps/api/src/demo/demo-bq.seed.js';
import { EVENT_STORE } from '../../apps/api/src/store/store.tokens.js';
import { pgliteConfig, startApp } from './support.js';

const EXPECTED_LANDING: Record<string, string> = {
  'teguh-bina': '/administration/add-company',
  'kukuh-jaya': '/cidb-administration/company-profile',
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
    expect(await seedDemo(app)).toEqual({ seeded: true, users: DEMO_USERS.length, companies: DEMO_COMPANIES.length, documents: DEMO_DOCUMENTS.length });
    const position = await store.lastPosition();
    expect(await seedDemo(app)).toEqual({ seeded: false, users: 0, companies: 0, documents: 0 });
    expect(await store.lastPosition()).toBe(position);
  }, 60_000);

  it.each(DEMO_USERS.map((user) => [user.email, user] as const))('%s signs in and reaches each of their companies', async (email, user) => {
    const login = await request(app.getHttpServer()).post('/api/login').send({ email, password: DEMO_PASSWORD }).expect(200);
    expect(login.body).toMatchObject({ loginIsAuthenticated: true, showEula: false, forceChangePassword: false, userRole: user.userType === 2 ? 'ADMIN' : 'USER' });
    let token: string = login.body.jwtToken;
    const list = await request(app.getHttpServer()).get('/api/company/list').set('authorization', `Bearer ${token}`).expect(200);
    const mine = DEMO_COMPANIES.filter((company) => company.members.some((member) => member.email === email)).map((company) => company.key).sort();
    expect(list.body.data.map((item: { companyProfileId: string }) => item.companyProfileId).sort()).toEqual(mine);
    for (const companyId of mine) {
      const chosen = await request(app.getHttpServer()).get(`/api/company/choose/${companyId}`).set('authorization', `Bearer ${token}`).expect(200);
      expect(chosen.body.accessRights).toMatch(/1/);
      if (EXPECTED_LANDING[companyId]) expect(chosen.body.landing).toBe(EXPECTED_LANDING[companyId]);
      token = chosen.body.jwtToken;
    }
  }, 60_000);

  it('the housing scheme has a priced bill of quantity in three tabs, new and open for edits (issue 17)', async () => {
    const server = app.getHttpServer();
    const login = await request(server).post('/api/login').send({ email: 'kumar@teguhbina.my', password: DEMO_PASSWORD }).expect(200);
    const token: string = (await request(server).get('/api/company/choose/teguh-bina').set('authorization', `Bearer ${login.body.jwtToken}`).expect(200)).body.jwtToken;
    const projects = await request(server).get(`/api/projects?range=${encodeURIComponent('[0,49]')}`).set('authorization', `Bearer ${token}`).expect(200);
    const housing = (projects.body as { id: string; code: string }[]).find((p) => p.code === DEMO_BQ_PROJECT)!;
    const bq = await request(server).get(`/api/bill-of-quantity/${housing.id}`).set('authorization', `Bearer ${token}`).expect(200);
    expect(bq.body).toMatchObject({ status: 'new', editable: true, amount: '1130770.00' });
    expect((bq.body.tabs as { name: string; amount: string }[]).map((t) => [t.name, t.amount])).toEqual([['Preliminaries', '84375.00'], ['Substructure', '382335.00'], ['Superstructure', '664060.00']]);
    expect(bq.body.nodes).toHaveLength(DEMO_BQ.reduce((n, tab) => n + tab.rows.length, 0));
  }, 60_000);
});
