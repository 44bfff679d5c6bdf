// The platform and login activity reports over their own read models, on PGlite: given events recorded at
// chosen times, the figures computed by hand, live and as of a past time (which differs by exactly what came
// after), and as of a time after everything equal to live.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { migrate, PGliteDatabase, SqlEventStore, type JsonValue } from '@binaan/event-store';
import type { ReportSection } from '@binaan/contracts';
import type { ReportQuery, ReportSectionSource } from '../report-section.js';
import { REPORT_SECTIONS } from '../report-sections.js';
import { factsAsOf } from './fact-rows.js';
import { platformReportsProjection } from './platform-reports.projection.js';
import { periodFacts, signInFacts } from './platform-rows.js';
import { factRelation } from './section-support.js';

const MIGRATIONS = fileURLToPath(new URL('../../../../../infra/migrations', import.meta.url));
const at = (iso: string) => new Date(iso);
/** Malaysian days 30 November to 2 December 2026: [29 Nov 16:00Z, 2 Dec 16:00Z). */
const WINDOW = { from: '2026-11-30', to: '2026-12-02', fromAt: at('2026-11-29T16:00:00Z'), toBefore: at('2026-12-02T16:00:00Z') };
const AS_OF = at('2026-12-01T02:30:00Z');

describe('the platform reports', () => {
  let db: PGliteDatabase;
  let store: SqlEventStore;
  let clock = at('2026-11-01T00:00:00Z');

  const record = async (when: string, streamId: string, streamType: string, type: string, data: Record<string, unknown>) => {
    clock = at(when);
    await store.append({ streamId, streamType, expectedRevision: 'any', events: [{ type, data: data as JsonValue }] });
  };
  const section = (sections: readonly ReportSectionSource[], key: string) => sections.find((s) => s.key === key)!;
  const draw = (
    report: 'platform' | 'loginActivity',
    key: string,
    asOf: Date | null,
    now = at('2026-12-02T12:00:00Z'),
  ): Promise<ReportSection> => {
    const query: ReportQuery = { report, companyId: null, ...WINDOW, projectId: null, counterpartyId: null, asOf, now };
    return section(REPORT_SECTIONS[report], key).draw(query, { db, store }, { allRows: false });
  };
  const status = (after: string) => ({ change: { statusAfter: after } });

  beforeAll(async () => {
    db = await PGliteDatabase.open();
    await migrate(db, MIGRATIONS);
    store = await SqlEventStore.open(db, { projections: [platformReportsProjection], now: () => clock });
    // Sign-ins: address a (success 09:00 MY 30 Nov, failure 23:30 MY, success 00:30 MY 1 Dec); address b
    // (a failure 23:00 MY 29 Nov, outside; refused 10:00 MY 1 Dec; success 11:00 MY 1 Dec, after AS_OF).
    await record('2026-11-29T15:00:00Z', 'login-b', 'loginAttempts', 'LoginFailed', { reason: 'incorrectCredentials' });
    await record('2026-11-30T01:00:00Z', 'login-a', 'loginAttempts', 'LoginSucceeded', { userId: 'ua', sessionId: 's1' });
    await record('2026-11-30T15:30:00Z', 'login-a', 'loginAttempts', 'LoginFailed', { reason: 'incorrectCredentials' });
    await record('2026-11-30T16:30:00Z', 'login-a', 'loginAttempts', 'LoginSucceeded', { userId: 'ua', sessionId: 's2' });
    await record('2026-12-01T02:00:00Z', 'login-b', 'loginAttempts', 'LoginRefused', { reason: 'locked' });
    await record('2026-12-01T03:00:00Z', 'login-b', 'loginAttempts', 'LoginSucceeded', { userId: 'ub', sessionId: 's3' });
    // E-mails: sent and not sent on 30 Nov (MY), one sent on 2 Dec.
    await record('2026-11-30T02:00:00Z', 'mail-1', 'mail', 'EmailSent', { to: 'x', subject: 'x', purpose: 'activation', channel: 'smtp' });
    await record('2026-11-30T03:00:00Z', 'mail-2', 'mail', 'EmailNotSent', {
      to: 'x',
      subject: 'x',
      purpose: 'activation',
      channel: 'smtp',
      error: 'refused',
    });
    await record('2026-12-02T10:00:00Z', 'mail-3', 'mail', 'EmailSent', { to: 'x', subject: 'x', purpose: 'invitation', channel: 'smtp' });
    // Companies: c1 (a buyer, basic) submitted, approved 1 Dec 01:00Z, its trial from 02:00Z and a new package
    // (subcontractor advanced) on 2 Dec; c2 (a seller, elite) in progress; a demo company left out.
    await record('2026-11-20T00:00:00Z', 'company-c1', 'company', 'CompanyRegistered', {
      companyId: 'c1',
      name: 'C1',
      registrationNo: '1',
      subscriptionType: 1,
      subscriptionDetailType: 'basic',
      isDemo: false,
    });
    await record('2026-11-21T00:00:00Z', 'company-c1', 'company', 'CompanySubmissionStatusChanged', { status: 2 });
    await record('2026-11-22T00:00:00Z', 'company-c2', 'company', 'CompanyRegistered', {
      companyId: 'c2',
      name: 'C2',
      registrationNo: '2',
      subscriptionType: 2,
      subscriptionDetailType: 'elite',
      isDemo: false,
    });
    await record('2026-11-22T00:00:00Z', 'company-demo', 'company', 'CompanyRegistered', {
      companyId: 'demo',
      name: 'D',
      registrationNo: '3',
      subscriptionType: 1,
      subscriptionDetailType: 'elite',
      isDemo: true,
    });
    await record('2026-12-01T01:00:00Z', 'company-c1', 'company', 'CompanySubmissionStatusChanged', { status: 3 });
    await record('2026-12-01T02:00:00Z', 'subscription-c1', 'subscription', 'SubscriptionPeriodStarted', {
      companyId: 'c1',
      packageId: 'subcontractor-basic',
      billingId: null,
      from: '2026-12-01T02:00:00.000Z',
      to: '2026-12-31T02:00:00.000Z',
      change: 'trial',
    });
    // Bills: a subscription paid 29 Nov 18:00 MY (outside); the November fees billed 1 Dec (RM 15.00, unpaid);
    // c1's package ordered and paid 2 Dec (RM 3,000.00 and SST RM 180.00).
    await record('2026-11-29T09:00:00Z', 'billing-INV-1', 'billing', 'BillingRecorded', {
      kind: 'subscription',
      amounts: { subtotal: 100000, sst: 6000, total: 106000 },
    });
    await record('2026-11-29T10:00:00Z', 'billing-INV-1', 'billing', 'BillingPaid', { paidAt: '2026-11-29T10:00:00.000Z' });
    await record('2026-11-29T10:00:00Z', 'billing-INV-1', 'billing', 'BillingStatusChanged', status('paid'));
    await record('2026-12-01T00:00:00Z', 'billing-INV-2', 'billing', 'BillingRecorded', {
      kind: 'usage',
      period: '2026-11',
      amounts: { subtotal: 1500, sst: 90, total: 1590 },
    });
    await record('2026-12-01T00:00:00Z', 'billing-INV-2', 'billing', 'BillingStatusChanged', status('pendingPayment'));
    await record('2026-12-02T03:00:00Z', 'billing-INV-3', 'billing', 'BillingRecorded', {
      amounts: { subtotal: 300000, sst: 18000, total: 318000 },
    });
    await record('2026-12-02T03:30:00Z', 'billing-INV-3', 'billing', 'BillingStatusChanged', status('paid'));
    await record('2026-12-02T03:30:00Z', 'billing-INV-3', 'billing', 'BillingPaid', { paidAt: '2026-12-02T03:30:00.000Z' });
    await record('2026-12-02T04:00:00Z', 'subscription-c1', 'subscription', 'SubscriptionPeriodStarted', {
      companyId: 'c1',
      packageId: 'subcontractor-advanced',
      billingId: 'INV-3',
      from: '2026-12-02T04:00:00.000Z',
      to: '2027-12-02T04:00:00.000Z',
      change: 'new',
    });
    await record('2026-12-02T04:00:00Z', 'subscription-c1', 'subscription', 'SubscriptionPeriodEnded', {
      companyId: 'c1',
      packageId: 'subcontractor-basic',
      billingId: null,
      from: '2026-12-01T02:00:00.000Z',
      at: '2026-12-02T04:00:00.000Z',
      reason: 'changed',
    });
  }, 60_000);
  afterAll(async () => db.close());

  it('sign-ins per Malaysian day: successes, failures, refusals and the accounts that signed in; as of a past time without the later success', async () => {
    const zero = { signIns: 0, failed: 0, refused: 0, accounts: 0 };
    expect((await draw('loginActivity', 'signIns', null)).rows).toEqual([
      { day: '2026-11-30', signIns: 1, failed: 1, refused: 0, accounts: 1 },
      { day: '2026-12-01', signIns: 2, failed: 0, refused: 1, accounts: 2 },
      { day: '2026-12-02', ...zero },
    ]);
    expect((await draw('loginActivity', 'signIns', AS_OF)).rows[1]).toEqual({
      day: '2026-12-01',
      signIns: 1,
      failed: 0,
      refused: 1,
      accounts: 1,
    });
  });

  it('sign-ins per Malaysian hour of the day', async () => {
    const rows = (await draw('loginActivity', 'signInsByHour', null)).rows;
    expect(rows).toHaveLength(24);
    expect(rows.filter((row) => Number(row.signIns) + Number(row.failed) + Number(row.refused) > 0)).toEqual([
      { hour: '00:00', signIns: 1, failed: 0, refused: 0 },
      { hour: '09:00', signIns: 1, failed: 0, refused: 0 },
      { hour: '10:00', signIns: 0, failed: 0, refused: 1 },
      { hour: '11:00', signIns: 1, failed: 0, refused: 0 },
      { hour: '23:00', signIns: 0, failed: 1, refused: 0 },
    ]);
  });

  it('e-mail delivery per day, with the share the server took', async () => {
    expect((await draw('platform', 'emailDelivery', null)).rows).toEqual([
      { day: '2026-11-30', sent: 1, notSent: 1, deliveryRate: '50.0' },
      { day: '2026-12-01', sent: 0, notSent: 0, deliveryRate: null },
      { day: '2026-12-02', sent: 1, notSent: 0, deliveryRate: '100.0' },
    ]);
    expect((await draw('platform', 'emailDelivery', AS_OF)).rows[2]).toEqual({
      day: '2026-12-02',
      sent: 0,
      notSent: 0,
      deliveryRate: null,
    });
  });

  it('companies by status and package, demo companies left out; as of a past time in the trial', async () => {
    const counts = (section: ReportSection) =>
      section.rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== 0)));
    expect(counts(await draw('platform', 'companiesByStatus', null))).toEqual([
      { status: 'inProgress', supplierElite: 1, total: 1 },
      { status: 'submitted' },
      { status: 'approved', subcontractorAdvanced: 1, total: 1 },
      { status: 'archived' },
    ]);
    expect(counts(await draw('platform', 'companiesByStatus', at('2026-12-01T12:00:00Z')))).toEqual([
      { status: 'inProgress', supplierElite: 1, total: 1 },
      { status: 'submitted' },
      { status: 'approved', subcontractorBasic: 1, total: 1 },
      { status: 'archived' },
    ]);
    // Drawn later without a chosen time: as at the window's end (c1 had its advanced package by then).
    expect(counts(await draw('platform', 'companiesByStatus', null, at('2026-12-07T00:00:00Z')))[2]).toEqual({
      status: 'approved',
      subcontractorAdvanced: 1,
      total: 1,
    });
    expect(counts(await draw('platform', 'companiesByStatus', at('2026-11-30T00:00:00Z')))[1]).toEqual({
      status: 'submitted',
      subcontractorBasic: 1,
      total: 1,
    });
  });

  it("subscriptions and revenue per month: periods started, bills paid in the window before SST and the SST, the month's transaction fees", async () => {
    const november = {
      month: '2026-11',
      newSubscriptions: 0,
      renewals: 0,
      changes: 0,
      trials: 0,
      billsPaid: 0,
      revenue: '0.00',
      sst: '0.00',
      transactionFees: '15.00',
    };
    expect((await draw('platform', 'subscriptionRevenue', null)).rows).toEqual([
      november,
      {
        month: '2026-12',
        newSubscriptions: 1,
        renewals: 0,
        changes: 0,
        trials: 1,
        billsPaid: 1,
        revenue: '3000.00',
        sst: '180.00',
        transactionFees: '0.00',
      },
    ]);
    expect((await draw('platform', 'subscriptionRevenue', AS_OF)).rows).toEqual([
      november,
      {
        month: '2026-12',
        newSubscriptions: 0,
        renewals: 0,
        changes: 0,
        trials: 1,
        billsPaid: 0,
        revenue: '0.00',
        sst: '0.00',
        transactionFees: '0.00',
      },
    ]);
  });

  it('the facts as of a past time are those the streams replayed up to then state', async () => {
    for (const [source, streams] of [
      [signInFacts, ['login-a', 'login-b']],
      [periodFacts, ['subscription-c1']],
    ] as const) {
      const relation = await factRelation<{ fact_id: string; recorded_at: string }>(source, AS_OF, { db, store }, 1, 'true', []);
      const replayed = await factsAsOf<{ fact_id: string; recorded_at: string }>(source, store, streams, AS_OF);
      const kept = (JSON.parse(String(relation.params[0])) as { fact_id: string }[]).map((fact) => fact.fact_id).sort();
      expect(kept).toEqual(replayed.map((fact) => fact.fact_id).sort());
      expect(kept.length).toBeGreaterThan(0);
    }
  });

  it('as of a time after every event, each section equals the live one', async () => {
    for (const report of ['platform', 'loginActivity'] as const) {
      for (const source of REPORT_SECTIONS[report])
        expect(await draw(report, source.key, at('2026-12-02T11:00:00Z'))).toEqual(await draw(report, source.key, null));
    }
  });
});
