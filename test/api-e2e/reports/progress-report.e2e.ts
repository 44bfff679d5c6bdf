// The developer report's `progress` section over the API: Teguh Bina's project Menara Teguh, Block A gets a BQ
// of a header and two items and a progress plan; the items are planned and their progress recorded through
// the progress plan's routes. Planned and actual percent worked out by hand; as of a time before a record
// and after it, the report differs by exactly that record; rebuilt tables equal the live ones.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ReportReply, ReportRow } from '@binaan/contracts';
import { canonicalJson, SqlEventStore, type JsonValue } from '@binaan/event-store';
import { progressReportProjection } from '../../../apps/api/src/reports/progress/progress-report.projection.js';
import { NotificationReactor } from '../../../apps/api/src/notifications/notification-reactor.js';
import { itAnsweredEveryCallWithoutAServerError, FEATURE_STORES, TEGUH } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';

describe.each(FEATURE_STORES)('progress report over the api on %s', (kind) => {
  let running: AuthorityRunning;
  let aminah = '',
    kumar = '';
  let project = '';
  let revision = 0;
  let trench = '',
    pit = '';
  let beforePit = '';
  const path = () => `/api/projects/${project}/progress-plan`;
  const row = async (nodeId: string, body: Record<string, unknown>) => {
    const reply = await running.api.call('put', `${path()}/nodes/${nodeId}`, {
      token: kumar,
      body,
      headers: { 'If-Match': `"${revision}"` },
    });
    expect(reply.status).toBe(200);
    revision = reply.body.revision as number;
  };
  /** The window: 1 March to today in Malaysia (the suite's clock). */
  const today = () => new Date(running.clock.now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  /** The developer report's `progress` rows, read by Aminah (the reports right). */
  const progress = async (query: Record<string, string> = {}): Promise<ReportRow[]> => {
    const search = new URLSearchParams({ from: '2026-03-01', to: today(), ...query });
    const reply = await running.api.call('get', `/api/reports/developer?${search.toString()}`, { token: aminah });
    expect(reply.status).toBe(200);
    const found = (reply.body as ReportReply).sections.find((s) => s.key === 'progress');
    expect(found).toBeDefined();
    return found!.rows;
  };

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    [aminah, kumar] = await Promise.all([running.signIn('aminah@teguhbina.my', TEGUH), running.signIn('kumar@teguhbina.my', TEGUH)]);
    const list = (await running.api.call('get', '/api/project-list-by-user', { token: kumar })).body as {
      project: { id: string; project_code: string };
    }[];
    project = list.find((i) => i.project.project_code === 'TB-MT-A')!.project.id;
    for (const code of ['billOfQuantity', 'progressPlanning']) {
      for (const [email, level] of [
        ['kumar@teguhbina.my', 10],
        ['lim@teguhbina.my', 20],
      ] as const) {
        expect(
          (
            await running.api.call('post', `/api/projects/${project}/assignments`, {
              token: aminah,
              body: { code, user_id: running.userId(email), workflow_level: level },
            })
          ).status,
        ).toBe(200);
      }
    }
    const bq = (body: Record<string, unknown>, at: string) =>
      running.api.call('post', `/api/${at}`, { token: kumar, body: { project_id: project, ...body } });
    const tab = await bq({ name: 'Substructure' }, 'bq-tab/add');
    let rev = tab.body.revision as number;
    const add = async (body: Record<string, unknown>) => {
      const added = await bq({ revision: rev, bq_tab_id: tab.body.id, ...body }, 'bq-item/add');
      expect(added.status).toBe(201);
      rev = added.body.revision as number;
      return added.body.id as string;
    };
    const header = await add({ type: 'header', title: 'Excavation' });
    trench = await add({ parent_id: header, type: 'item', title: 'Trench', quantity: '3', rate: '10' });
    pit = await add({ parent_id: header, type: 'item', title: 'Pit', quantity: '1', rate: '100' });
    const started = await running.api.call('post', path(), { token: kumar });
    expect(started.status).toBe(201);
    revision = started.body.revision as number;
  }, 300_000);
  afterAll(async () => running?.stop());

  it('two items planned, the trench half done: planned and actual on 2 March', async () => {
    expect(today()).toBe('2026-03-02');
    await row(trench, { plannedStart: '2026-03-01', plannedEnd: '2026-03-04', percentComplete: '50' });
    await row(pit, { plannedStart: '2026-03-01', plannedEnd: '2026-03-10' });
    // 2 March: trench day 2 of 4 = 50, pit day 2 of 10 = 20; planned (50 + 20) / 2 = 35. Actual (50 + 0) / 2 = 25.
    expect(await progress()).toEqual([{ project: 'Menara Teguh, Block A', planned: '35.0', actual: '25.0' }]);
    expect(await progress({ projectId: project })).toEqual([{ project: 'Menara Teguh, Block A', planned: '35.0', actual: '25.0' }]);
    expect(await progress({ projectId: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  it("the pit's progress: as of before it and after it differ by exactly that record", async () => {
    running.clock.advance(60_000);
    beforePit = running.clock.now.toISOString();
    running.clock.advance(60_000);
    await row(pit, { percentComplete: '30' });
    // Actual (50 + 30) / 2 = 40; planned unchanged on the same day.
    expect(await progress()).toEqual([{ project: 'Menara Teguh, Block A', planned: '35.0', actual: '40.0' }]);
    expect(await progress({ asOf: beforePit })).toEqual([{ project: 'Menara Teguh, Block A', planned: '35.0', actual: '25.0' }]);
    expect(await progress({ asOf: running.clock.now.toISOString() })).toEqual(await progress());
  });

  it("the report's tables rebuilt from the log equal the live ones", async () => {
    const store = running.store;
    if (!(store instanceof SqlEventStore)) throw new Error('rebuild needs a SQL store');
    const reactor = running.app.get(NotificationReactor);
    for (;;) {
      const before = await store.lastPosition();
      await reactor.settled();
      if ((await store.lastPosition()) === before) break;
    }
    const snapshot = async () => {
      const tables: Record<string, string[]> = {};
      for (const table of progressReportProjection.tables) {
        const rows = await running.sql.query<{ row: { [column: string]: JsonValue } }>(`SELECT to_jsonb(t) AS row FROM ${table} t`);
        tables[table] = rows.map(({ row }) => canonicalJson(row)).sort();
      }
      return tables;
    };
    const live = await snapshot();
    expect(live.report_progress_plans).toHaveLength(1);
    await store.rebuild();
    expect(await snapshot()).toEqual(live);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
