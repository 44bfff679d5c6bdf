// The documents suites' application: the real app on PGlite and on PostgreSQL, the demo data seeded
// through its events, a test clock, demo users signed in with their company chosen, and a client that
// keeps every reply (so a suite can check none was a 500 or showed a stack).
import { expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore, SqlDatabase } from '@binaan/event-store';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { READ_MODELS } from '../../../apps/api/src/common/principal.js';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { seedDemoData } from '../../../apps/api/src/demo/demo-seed.js';
import { LookupKeys } from '../../../apps/api/src/personal-data/lookup-keys.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { Client } from '../../support/client.js';
import { TestClock } from '../../support/clock.js';
import { pgliteConfig, postgresConfig, removeAppData, startApp, TEST_DATABASE_URL } from '../support.js';

export type StoreKind = 'pglite' | 'postgres';
/** Both stores: for the suites whose subject is the store, or the API as a whole (documents, identity, certificates, ...). */
export const STORES: StoreKind[] = ['pglite'];
if (TEST_DATABASE_URL) STORES.push('postgres');
else console.log('documents api e2e on PostgreSQL did not run: TEST_DATABASE_URL is not set (npm test sets it).');

/**
 * A feature's own suite (tendering, projects, plans, BQ, notifications, authority, ...): on PostgreSQL, the
 * production store, in npm test. Its code runs on PGlite in the suites on both stores (the same API over the same
 * SQL: PGlite is PostgreSQL built for WebAssembly), in the store contract tests and in the browser suite, whose
 * server is on PGlite. Run on both, each feature suite's app set up twice, these 27 files took a quarter of
 * jest's time in npm test for what the other suites already cover. E2E_STORES=both
 * runs them on both stores; without TEST_DATABASE_URL they run on PGlite.
 */
export const FEATURE_STORES: StoreKind[] = process.env.E2E_STORES === 'both' ? STORES : TEST_DATABASE_URL ? ['postgres'] : ['pglite'];

export const TEGUH = 'teguh-bina';
export const MUTIARA = 'mutiara-supplies';
export const SERI = 'seri-hartanah';
export const KUKUH = 'kukuh-jaya';
/** An id of the right shape that names nothing (a 404 where a real one would answer). */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Where the suites' clock starts (documents, tendering, notifications). */
export const DOCUMENTS_START = '2026-03-02T01:00:00.000Z';
/** The tendering context's routes. */
export const TENDERING_API = '/api/tendering';

export type Reply = Response;

export type Running = {
  app: NestFastifyApplication;
  api: Client;
  store: EventStore;
  sql: SqlDatabase;
  clock: TestClock;
  kind: StoreKind;
  /** A company token for a demo user: signed in, company chosen. */
  signIn(email: string, companyId: string): Promise<string>;
  stop(): Promise<void>;
};

/** `env`: more settings (e.g. SMTP_URL for a suite that reads the mail). */
export async function startDocumentsApp(kind: StoreKind, env: Record<string, string> = {}): Promise<Running> {
  const config: ApiConfig =
    kind === 'pglite' ? await pgliteConfig({ NODE_ENV: 'test', ...env }) : postgresConfig({ NODE_ENV: 'test', ...env });
  const clock = new TestClock(DOCUMENTS_START);
  const app = await startApp(config, { now: () => clock.now });
  const store = app.get<EventStore>(EVENT_STORE);
  await seedDemoData(store, app.get(LookupKeys));
  const api = new Client(app);
  return {
    app,
    api,
    store,
    clock,
    kind,
    sql: app.get<SqlDatabase>(READ_MODELS),
    async signIn(email, companyId) {
      const login = await api.call('post', '/api/login', { body: { email, password: DEMO_PASSWORD } });
      expect(login.status).toBe(200);
      const chosen = await api.call('get', `/api/company/choose/${companyId}`, { token: login.body.jwtToken });
      expect(chosen.status).toBe(200);
      return chosen.body.jwtToken as string;
    },
    async stop() {
      await app.close();
      await removeAppData(config);
    },
  };
}

/** A purchase order body: two items, SST applies (subtotal 1,234.50, SST 74.07, total 1,308.57). */
export function purchaseOrderBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Ready-mix concrete G30, Block A',
    description: 'Pour for level 3 slab',
    counterpartyCompanyId: MUTIARA,
    startDate: '2026-03-10',
    endDate: '2026-03-20',
    items: [
      { description: 'Concrete G30', unit: 'm3', quantity: '10.5', rate: '110.00' },
      { description: 'Pump hire', unit: 'day', quantity: '1', rate: '79.50' },
    ],
    ...overrides,
  };
}

export function itAnsweredEveryCallWithoutAServerError(running: () => Running | undefined): void {
  it('then no reply was a 500, none showed a stack trace, and every refusal carried an error code', () => {
    const api = running()!.api;
    expect(api.replies.length).toBeGreaterThan(0);
    expect(api.problems()).toEqual([]);
  });
}

/** A demo user's id, from the identity read model. */
export async function userIdOf(running: Running, email: string): Promise<string> {
  const [row] = await running.sql.query<{ user_id: string }>('SELECT user_id FROM identity_users WHERE email = $1', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.user_id;
}

/**
 * Gives a user a company role (defined first when `accessRights` is given), as the company's users screen
 * records it: CompanyRoleDefined and CompanyUserAssigned on the company stream. Returns the undo.
 */
export async function grantCompanyRole(
  running: Running,
  companyId: string,
  email: string,
  role: { roleId: string; name?: string; accessRights?: string[] },
): Promise<() => Promise<void>> {
  const userId = await userIdOf(running, email);
  const streamId = `company-${companyId}`;
  const metadata = { actorUserId: 'system:e2e', correlationId: 'e2e-grant' };
  await running.store.append({
    streamId,
    streamType: 'company',
    expectedRevision: 'stream_exists',
    events: [
      ...(role.accessRights
        ? [
            {
              type: 'CompanyRoleDefined',
              data: { roleId: role.roleId, name: role.name ?? role.roleId, accessRights: role.accessRights },
              metadata,
            },
          ]
        : []),
      { type: 'CompanyUserAssigned', data: { userId, roleId: role.roleId, isSiteTeam: false }, metadata },
    ],
  });
  return async () => {
    await running.store.append({
      streamId,
      streamType: 'company',
      expectedRevision: 'stream_exists',
      events: [{ type: 'CompanyUserUnassigned', data: { userId, roleId: role.roleId }, metadata }],
    });
  };
}

/**
 * A tender body that may ask for activation at `now`: one item (rate 0, include box ticked), opens in 10
 * minutes, closes in 2 days, delivery expected from 5 days on (spec §5.3's times and order).
 */
export function tenderBody(now: Date, overrides: Record<string, unknown> = {}) {
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  return {
    title: 'Piling works, Block D',
    items: [{ description: 'Spun piles 300 mm', unit: 'm', quantity: '1800', rate: '0', includeZeroRate: true }],
    openAt: later(10),
    closeAt: later(2 * 24 * 60),
    expectedDeliveryStart: later(5 * 24 * 60).slice(0, 10),
    ...overrides,
  };
}
