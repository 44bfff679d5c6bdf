// The selected project (signed-in-area.md §3 lastSelectedProject per developer / demand / supply), on PGlite
// and on PostgreSQL: kept per user and company across sessions, one ProjectSelected event per pick, what a
// pick may name (a visible project of the chosen company and of the kind), and a stale revision refused;
// and the dashboard's recent activity (GET /api/my-activity).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { itAnsweredEveryCallWithoutAServerError, MUTIARA, purchaseOrderBody, FEATURE_STORES, TEGUH } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';

type Selected = { id: string; name: string; code: string; projectType: number } | null;
type Selection = { active: string | null; developer: Selected; demand: Selected; supply: Selected; revision: number | null };

describe.each(FEATURE_STORES)('project selection api on %s', (kind) => {
  let running: AuthorityRunning;
  let aminah: string, kumar: string, mei: string;
  const ids: Record<string, string> = {};
  const call = (method: 'get' | 'put', path: string, token: string, body?: unknown, ifMatch?: number) =>
    running.api.call(method, path, {
      token,
      ...(body === undefined ? {} : { body }),
      ...(ifMatch === undefined ? {} : { headers: { 'If-Match': `"${ifMatch}"` } }),
    });
  const read = async (token: string) => (await call('get', '/api/project-selection', token)).body as Selection;

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    [aminah, kumar, mei] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
    ]);
    const rows = (await call('get', '/api/projects?range=[0,99]', aminah)).body as { id: string; code: string }[];
    for (const row of rows) ids[row.code] = row.id;
    expect(Object.keys(ids)).toEqual(expect.arrayContaining(['TB-MT-A', 'TB-GB-SA', 'TB-TSK-2']));
  }, 300_000);
  afterAll(async () => running?.stop());

  it('reads nothing selected before the first pick', async () => {
    expect(await read(kumar)).toEqual({ active: null, developer: null, demand: null, supply: null, revision: null });
  });

  it('keeps one project per kind, the last picked active, across a new session; another user and company see their own', async () => {
    const picked = await call('put', '/api/project-selection', kumar, { kind: 'demand', projectId: ids['TB-MT-A'] });
    expect(picked.status).toBe(200);
    expect(picked.body).toMatchObject({
      active: 'demand',
      demand: { id: ids['TB-MT-A'], name: 'Menara Teguh, Block A', code: 'TB-MT-A', projectType: 1 },
      developer: null,
      supply: null,
      revision: 0,
    });
    await call('put', '/api/project-selection', kumar, { kind: 'developer', projectId: ids['TB-TSK-2'] });
    const again = await running.signIn('kumar@teguhbina.my', TEGUH);
    const kept = await read(again);
    expect(kept).toMatchObject({
      active: 'developer',
      developer: { id: ids['TB-TSK-2'], projectType: 3 },
      demand: { id: ids['TB-MT-A'] },
      supply: null,
      revision: 1,
    });
    expect((await call('get', '/api/project-selection', again)).headers.etag).toBe('"1"');
    expect(await read(aminah)).toMatchObject({ active: null, demand: null, developer: null });
    expect(await read(mei)).toMatchObject({ active: null, demand: null });
    // Each pick is an event on the user's selection stream, with who and what.
    const events = await running.store.readStream(`projectSelection-${running.userId('kumar@teguhbina.my')}-${TEGUH}`);
    expect(events.map((e) => [e.type, (e.data as { kind: string }).kind, e.metadata.actorUserId])).toEqual([
      ['ProjectSelected', 'demand', running.userId('kumar@teguhbina.my')],
      ['ProjectSelected', 'developer', running.userId('kumar@teguhbina.my')],
    ]);
  });

  it('clearing the active kind leaves the user in all projects and the other kinds as they were', async () => {
    const cleared = await call('put', '/api/project-selection', kumar, { kind: 'developer', projectId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ active: null, developer: null, demand: { id: ids['TB-MT-A'] } });
  });

  it("refuses a bad body, another company's project, a project of another kind, one the user may not see, and a stale revision, changing nothing", async () => {
    const before = await read(kumar);
    const badKind = await call('put', '/api/project-selection', kumar, { kind: 'owner', projectId: ids['TB-MT-A'] });
    expect([badKind.status, badKind.body.errorCode, badKind.body.fields]).toEqual([
      400,
      'validationFailed',
      { kind: ['projectSelectionKindInvalid'] },
    ]);
    const badId = await call('put', '/api/project-selection', kumar, { kind: 'demand', projectId: 7 });
    expect([badId.status, badId.body.fields]).toEqual([400, { projectId: ['projectIdInvalid'] }]);
    expect((await call('put', '/api/project-selection', kumar, { kind: 'demand', projectId: null, extra: 1 })).status).toBe(400);
    const other = await call('put', '/api/project-selection', mei, { kind: 'demand', projectId: ids['TB-MT-A'] });
    expect([other.status, other.body.errorCode]).toEqual([404, 'projectNotFound']);
    expect((await call('put', '/api/project-selection', kumar, { kind: 'demand', projectId: 'not-an-id' })).status).toBe(404);
    const mismatch = await call('put', '/api/project-selection', kumar, { kind: 'supply', projectId: ids['TB-MT-A'] });
    expect([mismatch.status, mismatch.body.errorCode, mismatch.body.fields]).toEqual([
      422,
      'projectKindMismatch',
      { projectId: ['projectKindMismatch'] },
    ]);
    // A project Kumar has no part in (Aminah's new one): not his to see.
    const created = await running.api.call('post', '/api/projects', {
      token: aminah,
      body: {
        project_name: 'Kilang Nilai',
        project_code: 'TB-KN-1',
        project_type: 1,
        location: 'Nilai, Negeri Sembilan',
        project_short_desc: 'Factory extension',
      },
    });
    expect(created.status).toBe(201);
    const hidden = await call('put', '/api/project-selection', kumar, { kind: 'demand', projectId: created.body.id });
    expect([hidden.status, hidden.body.errorCode]).toEqual([403, 'projectNotVisible']);
    const stale = await call('put', '/api/project-selection', kumar, { kind: 'demand', projectId: ids['TB-MT-A'] }, 0);
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
    expect(await read(kumar)).toEqual(before);
    const fresh = await call('put', '/api/project-selection', kumar, { kind: 'supply', projectId: ids['TB-GB-SA'] }, before.revision!);
    expect([fresh.status, fresh.body.active, fresh.body.supply.id]).toEqual([200, 'supply', ids['TB-GB-SA']]);
  });

  it('answers without a session 401', async () => {
    expect((await running.api.call('get', '/api/project-selection', {})).status).toBe(401);
    expect((await running.api.call('get', '/api/my-activity', {})).status).toBe(401);
  });

  it('my activity (the dashboard): the documents the caller made in the chosen company, the latest change first', async () => {
    const made = await running.api.call('post', '/api/documents/purchaseOrder', {
      token: kumar,
      body: purchaseOrderBody({ title: 'Dashboard activity order', counterpartyCompanyId: MUTIARA, projectId: ids['TB-MT-A'] }),
    });
    expect(made.status).toBe(201);
    const mine = await call('get', '/api/my-activity', kumar);
    expect(mine.status).toBe(200);
    const rows = mine.body.data as { id: string; title: string; projectId: string | null; updatedAt: string; resource: string }[];
    expect(rows[0]).toMatchObject({
      id: made.body.id,
      title: 'Dashboard activity order',
      projectId: ids['TB-MT-A'],
      resource: 'purchaseOrder',
    });
    expect(rows.map((r) => r.updatedAt)).toEqual([...rows.map((r) => r.updatedAt)].sort().reverse());
    // Another user of the company, and a user of another company, see their own only.
    expect(((await call('get', '/api/my-activity', aminah)).body.data as { id: string }[]).some((r) => r.id === made.body.id)).toBe(false);
    expect(((await call('get', '/api/my-activity', mei)).body.data as { id: string }[]).some((r) => r.id === made.body.id)).toBe(false);
    const page = await call('get', `/api/my-activity?range=${encodeURIComponent('[0,0]')}`, kumar);
    expect([page.body.data.length, page.headers['content-range']]).toEqual([1, 'my-activity 0-0/*']);
    const bad = await call('get', `/api/my-activity?range=${encodeURIComponent('[0,99]')}`, kumar);
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'validationFailed']);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
