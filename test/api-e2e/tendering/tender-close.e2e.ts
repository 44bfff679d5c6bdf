// The timer close, on PGlite and on PostgreSQL: a tender with a short close time moves to
// comparison by itself, recorded as the tender machine's Close by `system:tender-close`; not before its
// close time; two jobs scanning at once record one Close; a job started after the close time (a restart)
// closes at start; a manual Close first leaves the timer nothing to do; `store rebuild` gives the same
// due-time read model. The app's own schedule is stopped so each scan here is the test's.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEventStore, type SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../../../apps/api/src/common/principal.js';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { API_CONFIG } from '../../../apps/api/src/store/store.tokens.js';
import { TENDER_CLOSE_ACTOR, TenderCloseJob } from '../../../apps/api/src/tendering/close/tender-close.job.js';
import {
  itAnsweredEveryCallWithoutAServerError,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  tenderBody,
  type Running,
} from '../documents/harness.js';

const MINUTE = 60_000;
const BASE = '/api/tendering/tenders';

describe.each(FEATURE_STORES)('tender timer close on %s', (kind) => {
  let running: Running | undefined;
  const r = () => running!;
  let kumar = '',
    lim = '';
  const revisions = new Map<string, number>();
  const newJob = (config?: Partial<ApiConfig>) =>
    new TenderCloseJob(
      r().store,
      r().app.get<SqlExecutor>(READ_MODELS),
      { ...r().app.get<ApiConfig>(API_CONFIG), ...config },
      () => r().clock.now,
    );

  const act = async (id: string, token: string, event: string) => {
    const reply = await r().api.call('post', `/api/documents/tender/${id}/actions/${event}`, {
      token,
      body: {},
      headers: { 'If-Match': String(revisions.get(id)) },
    });
    if (reply.status === 200) revisions.set(id, reply.body.revision);
    return reply;
  };
  /** An active tender that opens in 6 minutes (5 ahead at least) and closes `closeIn` minutes from now (a short close time: the 30-minute warning, not a refusal). */
  const activeTender = async (closeIn: number) => {
    const later = (minutes: number) => new Date(r().clock.now.getTime() + minutes * MINUTE).toISOString();
    const created = await r().api.call('post', '/api/documents/tender', {
      token: kumar,
      body: tenderBody(r().clock.now, { openAt: later(6), closeAt: later(closeIn) }),
    });
    expect({ status: created.status, code: created.body.errorCode }).toEqual({ status: 201, code: undefined });
    revisions.set(created.body.id, created.body.revision);
    expect((await act(created.body.id, kumar, 'Request_Approve')).status).toBe(200);
    expect((await act(created.body.id, lim, 'Approve')).body.status).toBe('active');
    return created.body.id as string;
  };
  /** Moves the clock; sessions end after 30 idle minutes, so the users sign in again. */
  const advance = async (ms: number) => {
    r().clock.advance(ms);
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    lim = await r().signIn('lim@teguhbina.my', TEGUH);
  };
  const closes = async (id: string) =>
    (await r().store.readStream(`tender-${id}`)).filter(
      (event) => event.type === 'WorkflowStatusChanged' && (event.data as { workflowEvent: string }).workflowEvent === 'Close',
    );
  const status = async (id: string) => (await r().api.call('get', `/api/documents/tender/${id}`, { token: kumar })).body.status as string;

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    // Under NODE_ENV=test the app schedules no scan of its own: each scan below is the test's.
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    lim = await r().signIn('lim@teguhbina.my', TEGUH);
  }, 300_000);
  afterAll(async () => running?.stop());

  it('a tender closing in 20 minutes stays active before its close time, and moves to comparison by itself at it (Close by the system)', async () => {
    const id = await activeTender(20);
    const [due] = await r().sql.query<{ active: boolean; close_at: Date | string }>(
      'SELECT active, close_at FROM tender_close_due WHERE tender_id = $1',
      [id],
    );
    expect(due!.active).toBe(true);
    const job = r().app.get(TenderCloseJob);
    await advance(19 * MINUTE);
    expect((await job.run()).closed).not.toContain(id);
    expect(await status(id)).toBe('active');
    await advance(MINUTE);
    expect((await job.run()).closed).toEqual([id]);
    expect(await status(id)).toBe('comparison');
    const recorded = await closes(id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.metadata.actorUserId).toBe(TENDER_CLOSE_ACTOR);
    expect(recorded[0]!.data).toMatchObject({
      statusBefore: 'active',
      statusAfter: 'comparison',
      actor: { userId: TENDER_CLOSE_ACTOR, companyId: 'system' },
    });
    // The history shows the close, with its time; a second scan finds nothing more to do.
    const history = await r().api.call('get', `/api/documents/tender/${id}/history`, { token: kumar });
    expect(history.body.map((row: { action: string }) => row.action)).toContain('Close');
    expect((await job.run()).closed).toEqual([]);
    expect(await closes(id)).toHaveLength(1);
    // Quotations are refused after it, and the buyer's list is unsealed (the recorded Close opened it).
    expect((await r().api.call('get', `${BASE}/${id}/quotations`, { token: kumar })).body).toMatchObject({
      sealed: false,
      status: 'comparison',
    });
  });

  it('two jobs scanning at once (two hosts) record one Close: the second append is refused by the expected revision', async () => {
    const id = await activeTender(25);
    await advance(26 * MINUTE);
    const runs = await Promise.all([newJob().run(), newJob().run(), newJob().run()]);
    expect(runs.flatMap((run) => run.closed)).toEqual([id]);
    expect(await closes(id)).toHaveLength(1);
    expect(await status(id)).toBe('comparison');
  });

  it('restart: a job started after the close time closes the tender at start; a process without the reactors does not', async () => {
    const id = await activeTender(30);
    await advance(3 * 60 * MINUTE);
    const passive = newJob({ reactors: false, environment: 'production' });
    passive.onApplicationBootstrap();
    expect(passive.started).toBeNull();
    expect(await status(id)).toBe('active');
    // As a production process starts (NODE_ENV=test leaves the schedule to the suites).
    const untimed = newJob();
    untimed.onApplicationBootstrap();
    expect(untimed.started).toBeNull();
    const restarted = newJob({ environment: 'production' });
    restarted.onApplicationBootstrap();
    try {
      expect((await restarted.started)!.closed).toEqual([id]);
    } finally {
      restarted.onApplicationShutdown();
    }
    expect(await status(id)).toBe('comparison');
    expect((await closes(id))[0]!.metadata.actorUserId).toBe(TENDER_CLOSE_ACTOR);
  });

  it('a tender closed by hand before its close time leaves the timer nothing to do', async () => {
    const id = await activeTender(40);
    await advance(2 * MINUTE);
    expect((await act(id, kumar, 'Close')).body.status).toBe('comparison');
    await advance(40 * MINUTE);
    const run = await r().app.get(TenderCloseJob).run();
    expect(run.closed).not.toContain(id);
    const recorded = await closes(id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.metadata.actorUserId).not.toBe(TENDER_CLOSE_ACTOR);
  });

  it('store rebuild gives the same due-time read model', async () => {
    const rows = async () =>
      (await r().sql.query<{ row: unknown }>('SELECT to_jsonb(t) AS row FROM tender_close_due t ORDER BY tender_id')).map(({ row }) =>
        JSON.stringify(row),
      );
    const live = await rows();
    expect(live.length).toBeGreaterThanOrEqual(4);
    const store = r().store;
    if (!(store instanceof SqlEventStore)) throw new Error('rebuild needs a SQL store');
    expect((await store.rebuild()).projections).toContain('tenderCloseDue');
    expect(await rows()).toEqual(live);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
