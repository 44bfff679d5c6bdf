// Approval timers through the real app: a purchase-order manual with a response time on verify level 1 that
// escalates to the next level (and, changed, to a named member); a round opens and keeps the rules it opened
// under; past the due time exactly one reminder is recorded and told to the awaited approver, however many
// sweeps run (one after another, or at once); past the escalation time the document records Escalate and
// the next level's holder may approve the overdue level; a new app on the same store fires nothing again;
// `store rebuild` gives the same read model. The app's own schedule is off (NODE_ENV=test): each sweep is the test's.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ModuleRef } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlEventStore, type EventStore, type SqlDatabase, type StoredEvent } from '@binaan/event-store';
import type { WorkflowStatusChanged } from '@binaan/contracts';
import { ApprovalTimersJob } from '../../../apps/api/src/approval-timers/approval-timers.job.js';
import { ApprovalTimerSweep } from '../../../apps/api/src/approval-timers/approval-timers.sweep.js';
import { APPROVAL_TIMER_ACTOR, approvalTimerStream } from '../../../apps/api/src/approval-timers/approval-timer.events.js';
import { READ_MODELS } from '../../../apps/api/src/common/principal.js';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { seedDemoData } from '../../../apps/api/src/demo/demo-seed.js';
import { DocumentActors } from '../../../apps/api/src/documents/document-actor.js';
import { NotificationReactor } from '../../../apps/api/src/notifications/notification-reactor.js';
import { LookupKeys } from '../../../apps/api/src/personal-data/lookup-keys.js';
import { API_CONFIG, EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { Client } from '../../support/client.js';
import { TestClock } from '../../support/clock.js';
import { DOCUMENTS_START, FEATURE_STORES, purchaseOrderBody, TEGUH } from '../documents/harness.js';
import { pgliteConfig, postgresConfig, removeAppData, startApp } from '../support.js';

const HOUR = 3_600_000;
const BASE = '/api/documents/purchaseOrder';
/** RM 50,000.00 without SST: levels 20 and 21 of Teguh Bina's purchase-order manual. */
const order = purchaseOrderBody({
  sstApplicable: false,
  items: [{ description: 'Structural steel', unit: 'lot', quantity: '1', rate: '50000.00' }],
});

describe.each(FEATURE_STORES)('approval timers on %s', (kind) => {
  let config: ApiConfig;
  let app: NestFastifyApplication;
  let api: Client;
  let store: EventStore;
  let sql: SqlDatabase;
  const clock = new TestClock(DOCUMENTS_START);
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const revisions = new Map<string, number>();

  const signIn = async (name: string) => {
    const login = await api.call('post', '/api/login', { body: { email: `${name}@teguhbina.my`, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const chosen = await api.call('get', `/api/company/choose/${TEGUH}`, { token: login.body.jwtToken });
    tokens[name] = chosen.body.jwtToken as string;
  };
  /** Moves the clock; sessions end after 30 idle minutes, so everyone signs in again. */
  const advance = async (ms: number) => {
    clock.advance(ms);
    for (const name of Object.keys(tokens)) await signIn(name);
  };
  const sweep = () => new ApprovalTimerSweep(store, sql, () => app.get(DocumentActors, { strict: false })).run(clock.now);
  const act = async (name: string, id: string, event: string) => {
    const reply = await api.call('post', `${BASE}/${id}/actions/${event}`, {
      token: tokens[name],
      body: {},
      headers: { 'If-Match': String(revisions.get(id)) },
    });
    if (reply.status === 200) revisions.set(id, reply.body.revision);
    return reply;
  };
  const putManual = async (level20: Record<string, unknown>) => {
    const body = {
      label: 'Purchase order approval',
      levels: [
        { level: 20, limit: '10000.00', ...level20 },
        { level: 21, limit: '100000.00' },
        { level: 22, limit: '1000000.00' },
      ],
      allowSelfApproval: false,
      roleType: 'company',
      roles: ['Approver'],
    };
    const reply = await api.call('put', '/api/authority-manuals/purchaseOrder', { token: tokens.aminah, body });
    expect([reply.status, reply.body.errorCode]).toEqual([200, undefined]);
    return reply.body.manual.version as number;
  };
  const openRound = async () => {
    const created = await api.call('post', BASE, { token: tokens.kumar, body: order });
    expect(created.status).toBe(201);
    revisions.set(created.body.id, created.body.revision);
    expect((await act('kumar', created.body.id, 'Request_Approve')).status).toBe(200);
    return created.body.id as string;
  };
  const timerEvents = async (id: string, level = 20): Promise<StoredEvent[]> => {
    const [round] = (await store.readStream(`purchaseOrder-${id}`)).filter(
      (e) => e.type === 'WorkflowStatusChanged' && (e.data as unknown as WorkflowStatusChanged).requiredLevels !== null,
    );
    return store.readStream(approvalTimerStream(id, round!.revision, level));
  };
  const escalates = async (id: string) =>
    (await store.readStream(`purchaseOrder-${id}`)).filter(
      (e) => e.type === 'WorkflowStatusChanged' && (e.data as unknown as WorkflowStatusChanged).workflowEvent === 'Escalate',
    );
  /** The approval timers' notifications a user has about a document, after the reactor has handled the log. */
  const timerNotices = async (name: string, id: string) => {
    await app.get(NotificationReactor).settled();
    const feed = await api.call('get', '/api/application/user-event-list?start=0&length=100', { token: tokens[name] });
    expect(feed.status).toBe(200);
    return (feed.body.events as { src_id: string; event_data: string; module: string; src: string }[])
      .filter((e) => e.src_id === id)
      .map((e) => ({ ...e, data: JSON.parse(e.event_data) as Record<string, unknown> }))
      .filter((e) => String(e.data.workflow_event).startsWith('Approval'));
  };
  const route = async (name: string, id: string) => (await api.call('get', `${BASE}/${id}`, { token: tokens[name] })).body.approvalRoute;
  const userId = async (name: string) =>
    (await sql.query<{ user_id: string }>('SELECT user_id FROM identity_users WHERE email = $1', [`${name}@teguhbina.my`]))[0]!.user_id;

  beforeAll(async () => {
    config = kind === 'pglite' ? await pgliteConfig({ NODE_ENV: 'test' }) : postgresConfig({ NODE_ENV: 'test' });
    app = await startApp(config, { now: () => clock.now });
    store = app.get<EventStore>(EVENT_STORE);
    await seedDemoData(store, app.get(LookupKeys));
    sql = app.get<SqlDatabase>(READ_MODELS);
    api = new Client(app);
    for (const name of ['kumar', 'lim', 'aminah', 'farid']) await signIn(name);
    ids.farid = await userId('farid');
    ids.aminah = await userId('aminah');
    // Farid holds verify level 2 of purchase orders: the next level after Lim's.
    const given = await api.call('post', '/api/company-workflow/assignments', {
      token: tokens.aminah,
      body: { code: 'purchaseOrder', user_id: ids.farid, workflow_level: 21 },
    });
    expect(given.status).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    if (config) await removeAppData(config);
  });

  it('a round opened under a manual with a response time records its rules, its due and escalation times, and shows the due time', async () => {
    await putManual({ responseHours: 24, escalateTo: { to: 'nextLevel' } });
    const opened = clock.now.getTime();
    const id = (ids.first = await openRound());
    const [, , request] = await store.readStream(`purchaseOrder-${id}`);
    expect(request!.metadata.approvalTimers).toEqual([
      { level: 20, responseHours: 24, escalateAfterHours: 24, escalateTo: { to: 'nextLevel' } },
    ]);
    const [row] = await sql.query<{ level: number; since: Date; due_at: Date; escalate_at: Date; reminded: boolean; escalated: boolean }>(
      'SELECT level, since, due_at, escalate_at, reminded, escalated FROM approval_timer_waits WHERE document_id = $1',
      [id],
    );
    expect({
      ...row,
      since: new Date(row!.since).getTime(),
      due_at: new Date(row!.due_at).getTime(),
      escalate_at: new Date(row!.escalate_at).getTime(),
    }).toEqual({
      level: 20,
      since: opened,
      due_at: opened + 24 * HOUR,
      escalate_at: opened + 48 * HOUR,
      reminded: false,
      escalated: false,
    });
    expect(await route('lim', id)).toMatchObject({ nextLevel: 20, dueAt: new Date(opened + 24 * HOUR).toISOString(), overdueBy: 0 });
    const mine = await api.call('get', '/api/my-approvals?resource=purchaseOrder', { token: tokens.lim });
    expect(mine.body.data.find((r: { id: string }) => r.id === id)).toMatchObject({
      nextLevel: 20,
      dueAt: new Date(opened + 24 * HOUR).toISOString(),
    });
    const list = await api.call('get', `${BASE}?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`, { token: tokens.kumar });
    expect(list.body[0]).toMatchObject({ awaitingLevel: 20, dueAt: new Date(opened + 24 * HOUR).toISOString() });
    // A round whose levels have no response time has no row, and no due time anywhere.
    await putManual({});
    const plain = await openRound();
    expect(await sql.query('SELECT 1 FROM approval_timer_waits WHERE document_id = $1', [plain])).toEqual([]);
    expect(await route('lim', plain)).toMatchObject({ nextLevel: 20, dueAt: null, overdueBy: null });
    // The manual changed twice since the first round opened: that round keeps its rules.
    expect(
      (await sql.query<{ due_at: Date }>('SELECT due_at FROM approval_timer_waits WHERE document_id = $1', [id]))[0]!.due_at,
    ).not.toBeNull();
  });

  it('before the due time nothing is sent; past it exactly one reminder, told to the awaited approver once, however the sweeps run', async () => {
    const id = ids.first!;
    await advance(24 * HOUR - 60_000);
    expect((await sweep()).reminded).not.toContain(id);
    expect(await timerEvents(id)).toEqual([]);
    await advance(2 * 60_000);
    expect((await sweep()).reminded).toEqual([id]);
    expect((await sweep()).reminded).toEqual([]);
    const together = await Promise.all([sweep(), sweep(), sweep()]);
    expect(together.flatMap((run) => run.reminded)).toEqual([]);
    const recorded = await timerEvents(id);
    expect(recorded.map((e) => e.type)).toEqual(['ApprovalReminderSent']);
    expect(recorded[0]!.metadata.actorUserId).toBe(APPROVAL_TIMER_ACTOR);
    expect(recorded[0]!.data).toMatchObject({ documentId: id, level: 20, resource: 'purchaseOrder' });
    const told = await timerNotices('lim', id);
    expect(told.map((n) => [n.module, n.src, n.data.workflow_event, n.data.awaiting_level])).toEqual([
      ['purchaseOrder', 'pendingApproval', 'ApprovalReminderSent', 20],
    ]);
    // Nobody else: not the creator, not the next level's holder (not awaited yet).
    expect(await timerNotices('kumar', id)).toEqual([]);
    expect(await timerNotices('farid', id)).toEqual([]);
    expect((await route('lim', id)).overdueBy).toBe(60_000);
  });

  it('two sweeps at once on a fresh overdue level record one reminder (the second append is refused)', async () => {
    await putManual({ responseHours: 1 });
    const id = await openRound();
    await advance(HOUR + 60_000);
    const runs = await Promise.all([sweep(), sweep()]);
    expect(runs.flatMap((run) => run.reminded)).toEqual([id]);
    expect((await timerEvents(id)).map((e) => e.type)).toEqual(['ApprovalReminderSent']);
    expect((await timerNotices('lim', id)).length).toBe(1);
  });

  it('past the escalation time the document records Escalate to the next level; its holder approves the overdue level', async () => {
    const id = ids.first!;
    await advance(24 * HOUR);
    const runs = await Promise.all([sweep(), sweep(), sweep()]);
    expect(runs.flatMap((run) => run.escalated)).toEqual([id]);
    expect((await sweep()).escalated).toEqual([]);
    const recorded = await escalates(id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.metadata.actorUserId).toBe(APPROVAL_TIMER_ACTOR);
    expect(recorded[0]!.data).toMatchObject({ statusBefore: 'new', statusAfter: 'new', escalation: { level: 20, toUserIds: [ids.farid] } });
    expect((await timerEvents(id)).map((e) => e.type)).toEqual(['ApprovalReminderSent', 'ApprovalEscalated']);
    const told = await timerNotices('farid', id);
    expect(told.map((n) => n.data.workflow_event)).toEqual(['ApprovalEscalated']);
    // The round still waits for level 20 (the lists say so), now in Farid's queue too.
    const list = await api.call('get', `${BASE}?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`, { token: tokens.kumar });
    expect(list.body[0]).toMatchObject({ awaitingLevel: 20 });
    const queue = await api.call('get', '/api/my-approvals?resource=purchaseOrder', { token: tokens.farid });
    expect(queue.body.data.map((r: { id: string }) => r.id)).toContain(id);
    revisions.set(id, recorded[0]!.revision);
    const approved = await act('farid', id, 'Approve');
    expect([approved.status, approved.body.errorCode]).toEqual([200, undefined]);
    expect(await route('kumar', id)).toMatchObject({ nextLevel: 21, approvals: [{ level: 20, userId: ids.farid }], dueAt: null });
    // Level 21 has no response time: the row waits with no due time, and no sweep touches it.
    const [row] = await sql.query<{ level: number; due_at: Date | null }>(
      'SELECT level, due_at FROM approval_timer_waits WHERE document_id = $1',
      [id],
    );
    expect(row).toEqual({ level: 21, due_at: null });
  });

  it('a level escalated to a named member: that member may approve it; a round opened before the change keeps the rules it opened under', async () => {
    const before = await openRound();
    await putManual({ responseHours: 2, escalateAfterHours: 1, escalateTo: { to: 'user', userId: ids.aminah } });
    const id = await openRound();
    await advance(3 * HOUR + 60_000);
    const run = await sweep();
    expect(run.escalated).toEqual([id]);
    expect(run.escalated).not.toContain(before);
    expect((await escalates(id))[0]!.data).toMatchObject({ escalation: { level: 20, toUserIds: [ids.aminah] } });
    expect((await timerNotices('aminah', id)).map((n) => n.data.workflow_event)).toEqual(['ApprovalEscalated']);
    revisions.set(id, (await escalates(id))[0]!.revision);
    expect((await act('aminah', id, 'Approve')).status).toBe(200);
    // The round opened before the change keeps the rules it opened under (1 hour, no escalation): reminded, never escalated.
    const [kept] = await sql.query<{ timers: string; reminded: boolean; escalate_at: Date | null }>(
      'SELECT timers, reminded, escalate_at FROM approval_timer_waits WHERE document_id = $1',
      [before],
    );
    expect({ ...kept, timers: JSON.parse(kept!.timers) }).toEqual({
      timers: [{ level: 20, responseHours: 1, escalateAfterHours: 1, escalateTo: null }],
      reminded: true,
      escalate_at: null,
    });
    expect(await escalates(before)).toEqual([]);
  });

  it('a new app on the same store (a restart) fires nothing again', async () => {
    const reminders = async () =>
      (await sql.query<{ n: string | number }>('SELECT count(*) AS n FROM approval_timer_waits WHERE reminded')).map((r) => Number(r.n));
    const counted = await reminders();
    // As a production process starts: a sweep at start.
    const restarted = new ApprovalTimersJob(
      store,
      sql,
      { ...app.get<ApiConfig>(API_CONFIG), environment: 'production' },
      () => clock.now,
      app.get(ModuleRef),
    );
    restarted.onApplicationBootstrap();
    try {
      expect(await restarted.started).toMatchObject({ reminded: [], escalated: [] });
    } finally {
      await restarted.onApplicationShutdown();
    }
    if (kind === 'postgres') {
      // A second app on the same database and schema (PGlite's folder is one process's).
      const second = await startApp(config, { now: () => clock.now });
      try {
        expect(await second.get(ApprovalTimersJob).run()).toMatchObject({ reminded: [], escalated: [] });
      } finally {
        await second.close();
      }
    }
    expect(await reminders()).toEqual(counted);
  });

  it('store rebuild gives the same read model of waiting levels', async () => {
    const rows = async () =>
      (await sql.query<{ row: unknown }>('SELECT to_jsonb(t) AS row FROM approval_timer_waits t ORDER BY document_id')).map(({ row }) =>
        JSON.stringify(row),
      );
    const live = await rows();
    expect(live.length).toBeGreaterThanOrEqual(3);
    if (!(store instanceof SqlEventStore)) throw new Error('rebuild needs a SQL store');
    expect((await store.rebuild()).projections).toContain('approvalTimerWaits');
    expect(await rows()).toEqual(live);
  });

  it('then no reply was a 500, none showed a stack trace, and every refusal carried an error code', () => {
    expect(api.replies.length).toBeGreaterThan(0);
    expect(api.problems()).toEqual([]);
  });
});
