// The progress plan over the API, on PGlite and on PostgreSQL: given the demo company Teguh Bina and its
// project Menara Teguh (Kumar proposes, level 10 on billOfQuantity and progressPlanning; Lim verifies,
// level 20) with a BQ of a header and two items, the plan starts pending with a row per BQ row, each row
// gets planned dates (end not before start, 422) and percent complete (at most 100, 422), and the plan is
// approved through the progressPlanning machine; approved, the dates are locked and progress is still recorded.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProgressPlanView } from '@binaan/contracts';
import { itAnsweredEveryCallWithoutAServerError, MUTIARA, FEATURE_STORES, TEGUH } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';

describe.each(FEATURE_STORES)('progress plan api on %s', (kind) => {
  let running: AuthorityRunning;
  let aminah: string, kumar: string, lim: string, mei: string;
  let project: string;
  let revision: number;
  let header: string, first: string;
  const path = () => `/api/projects/${project}/progress-plan`;
  const view = async (token = kumar) => (await running.api.call('get', path(), { token })).body as ProgressPlanView;
  const row = (nodeId: string, body: Record<string, unknown>, token = kumar) =>
    running.api.call('put', `${path()}/nodes/${nodeId}`, { token, body, headers: { 'If-Match': `"${revision}"` } });

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    [aminah, kumar, lim, mei] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('lim@teguhbina.my', TEGUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
    ]);
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
    header = await add({ type: 'header', title: 'Excavation' });
    first = await add({ parent_id: header, type: 'item', title: 'Trench', quantity: '3', rate: '10' });
    await add({ parent_id: header, type: 'item', title: 'Pit', quantity: '1', rate: '100' });
  }, 300_000);
  afterAll(async () => running?.stop());

  it('before it starts: the BQ rows with nothing planned; another company 404; without level 10 no start', async () => {
    expect(await view()).toMatchObject({ status: null, revision: -1, editable: false, availableActions: [{ event: 'Create' }] });
    expect((await view()).entries.map((e) => [e.depth, e.type, e.title, e.plannedStart])).toEqual([
      [0, 'header', 'Excavation', null],
      [1, 'item', 'Trench', null],
      [1, 'item', 'Pit', null],
    ]);
    const other = await running.api.call('get', path(), { token: mei });
    expect([other.status, other.body.errorCode]).toEqual([404, 'progressPlanNotFound']);
    const noLevel = await running.api.call('post', path(), { token: aminah });
    expect([noLevel.status, noLevel.body.errorCode]).toEqual([403, 'noAuthority']);
  });

  it('starts pending; a row gets planned dates and percent complete; the rules of §5.3 refuse with their codes', async () => {
    const started = await running.api.call('post', path(), { token: kumar });
    expect(started.status).toBe(201);
    revision = started.body.revision as number;
    const again = await running.api.call('post', path(), { token: kumar });
    expect([again.status, again.body.errorCode]).toEqual([409, 'progressPlanExists']);
    const planned = await row(header, { plannedStart: '2026-12-01', plannedEnd: '2026-12-20', percentComplete: '10' });
    expect(planned.status).toBe(200);
    revision = planned.body.revision as number;
    const backwards = await row(first, { plannedStart: '2026-12-10', plannedEnd: '2026-12-05' });
    expect([backwards.status, backwards.body.errorCode]).toEqual([422, 'progressEndBeforeStart']);
    const over = await row(first, { percentComplete: '101' });
    expect([over.status, over.body.errorCode]).toEqual([422, 'progressPercentOver100']);
    const bad = await row(first, { plannedStart: '2026-02-30', plannedEnd: null });
    expect([bad.status, bad.body.errorCode, Object.keys(bad.body.fields)]).toEqual([400, 'validationFailed', ['plannedStart']]);
    const missing = await row('00000000-0000-4000-8000-000000000000', { percentComplete: '1' });
    expect([missing.status, missing.body.errorCode]).toEqual([404, 'progressNodeNotFound']);
    const stale = await running.api.call('put', `${path()}/nodes/${first}`, {
      token: kumar,
      body: { percentComplete: '1' },
      headers: { 'If-Match': `"${revision - 1}"` },
    });
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
    const second = await row(first, { plannedStart: '2026-12-01', plannedEnd: '2026-12-01' });
    revision = second.body.revision as number;
    expect((await view()).entries.map((e) => [e.title, e.plannedStart, e.plannedEnd, e.percentComplete])).toEqual([
      ['Excavation', '2026-12-01', '2026-12-20', '10.00'],
      ['Trench', '2026-12-01', '2026-12-01', null],
      ['Pit', null, null, null],
    ]);
  });

  it('the machine: Lim approves; the dates are locked, progress is still recorded; history has every event', async () => {
    expect((await view(lim)).availableActions.map((a) => a.event).sort()).toEqual(['Approve', 'Reject']);
    const approved = await running.api.call('post', `${path()}/actions/Approve`, {
      token: lim,
      body: {},
      headers: { 'If-Match': `"${revision}"` },
    });
    expect([approved.status, approved.body.status]).toEqual([200, 'approved']);
    revision = approved.body.revision as number;
    const locked = await row(first, { plannedStart: '2026-12-02', plannedEnd: '2026-12-03' });
    expect([locked.status, locked.body.errorCode]).toEqual([409, 'progressPlanNotEditable']);
    const progress = await row(first, { percentComplete: '55.5' });
    expect(progress.status).toBe(200);
    revision = progress.body.revision as number;
    expect(await view()).toMatchObject({ status: 'approved', editable: false, canRecord: true, revision });
    expect(await view(lim)).toMatchObject({ canRecord: false });
    expect((await view()).entries[1]!.percentComplete).toBe('55.50');
    const reopen = await running.api.call('post', `${path()}/actions/Reopen`, {
      token: kumar,
      body: { remark: 'Piling delayed' },
      headers: { 'If-Match': `"${revision}"` },
    });
    expect(reopen.body.status).toBe('pending');
    const history = (await running.api.call('get', `${path()}/history`, { token: lim })).body as { type: string }[];
    expect(history.map((e) => e.type)).toEqual([
      'ProgressPlanStarted',
      'WorkflowStatusChanged',
      'ProgressPlanned',
      'ProgressRecorded',
      'ProgressPlanned',
      'WorkflowStatusChanged',
      'ProgressRecorded',
      'WorkflowStatusChanged',
    ]);
    expect(await running.sql.query('SELECT status FROM progress_plans WHERE project_id = $1', [project])).toEqual([{ status: 'pending' }]);
  });

  it("the company's flat list per status (§2.6 pages)", async () => {
    const pending = await running.api.call('get', `/api/progress-plans?filter=${encodeURIComponent('{"status":"pending"}')}`, {
      token: kumar,
    });
    expect([pending.status, pending.headers['content-range']]).toEqual([200, 'progress-plans 0-0/1']);
    expect(pending.body).toMatchObject([{ projectId: project, status: 'pending' }]);
    const unknown = await running.api.call('get', `/api/progress-plans?filter=${encodeURIComponent('{"project":"x"}')}`, { token: kumar });
    expect([unknown.status, unknown.body.errorCode]).toEqual([400, 'unknownFilter']);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
