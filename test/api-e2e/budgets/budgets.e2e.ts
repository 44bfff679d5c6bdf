// The ongoing budget over the API, on PGlite and on PostgreSQL: given the demo company Teguh Bina and its
// project Menara Teguh (Kumar proposes, level 10 on billOfQuantity and ongoingBudget; Lim verifies, level
// 20) with a BQ priced by two build-ups, the budget starts with a line per trade code (the cost of the items
// it prices), lines change with trade codes unique (409 budgetTradeCodeTaken), the project's orders and
// claims count as committed and claimed under the trade code they are allocated to, and the budget goes
// pending -> rejected -> pending -> approved through the ongoingBudget machine with authority.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BudgetView } from '@binaan/contracts';
import { itAnsweredEveryCallWithoutAServerError, MUTIARA, purchaseOrderBody, FEATURE_STORES, TEGUH } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';

describe.each(FEATURE_STORES)('ongoing budget api on %s', (kind) => {
  let running: AuthorityRunning;
  let aminah: string, kumar: string, lim: string, mei: string;
  let project: string;
  let revision: number;
  const path = () => `/api/projects/${project}/budget`;
  const view = async (token = kumar) => {
    const reply = await running.api.call('get', path(), { token });
    expect(reply.status).toBe(200);
    return reply.body as BudgetView;
  };
  const send = async (method: 'post' | 'put' | 'delete', suffix: string, body: Record<string, unknown> | undefined, token = kumar) =>
    running.api.call(method, `${path()}${suffix}`, { token, ...(body ? { body } : {}), headers: { 'If-Match': `"${revision}"` } });

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
    for (const code of ['billOfQuantity', 'ongoingBudget']) {
      for (const [email, level] of [
        ['kumar@teguhbina.my', 10],
        ['lim@teguhbina.my', 20],
      ] as const) {
        const given = await running.api.call('post', `/api/projects/${project}/assignments`, {
          token: aminah,
          body: { code, user_id: running.userId(email), workflow_level: level },
        });
        expect(given.status).toBe(200);
      }
    }
    // A BQ: one tab, build-ups EXC (lines: 2 x 120 = 240) and SUB (total sub 50), items priced by them.
    const bq = (body: Record<string, unknown>, at: string) =>
      running.api.call('post', `/api/${at}`, { token: kumar, body: { project_id: project, ...body } });
    const tab = await bq({ name: 'Substructure' }, 'bq-tab/add');
    let rev = tab.body.revision as number;
    for (const build of [
      {
        code: 'EXC',
        description: 'Excavation',
        lines: [{ category: 'labour', description: 'Labourer', unit: 'day', quantity: '2', rate: '120' }],
        profitPercent: '10',
      },
      { code: 'SUB', description: 'Piling by subcontract', totalSub: '50', lines: [], profitPercent: '5' },
    ])
      rev = (await bq({ revision: rev, ...build }, 'bq-build-up/add')).body.revision as number;
    for (const item of [
      { title: 'Trench', quantity: '3', buildUpCode: 'EXC' },
      { title: 'Piles', quantity: '10', buildUpCode: 'SUB' },
    ]) {
      const added = await bq(
        { revision: rev, bq_tab_id: tab.body.id, type: 'item', description: item.title, unit: 'nr', ...item },
        'bq-item/add',
      );
      expect(added.status).toBe(201);
      rev = added.body.revision as number;
    }
    // A purchase order of the project, approved (pendingConfirmation: committed), total 1,308.57.
    const created = await running.api.call('post', '/api/documents/purchaseOrder', {
      token: kumar,
      body: purchaseOrderBody({ projectId: project }),
    });
    expect(created.status).toBe(201);
    const act = (token: string, event: string, at: number) =>
      running.api.call('post', `/api/documents/purchaseOrder/${created.body.id as string}/actions/${event}`, {
        token,
        body: {},
        headers: { 'If-Match': `"${at}"` },
      });
    const requested = await act(kumar, 'Request_Approve', (created.body.revision as number | undefined) ?? 1);
    expect((await act(lim, 'Approve', requested.body.revision as number)).body.status).toBe('pendingConfirmation');
  }, 300_000);
  afterAll(async () => running?.stop());

  it("before it starts the budget reads empty with the project's orders and claims all unallocated; another company 404", async () => {
    const empty = await view();
    expect(empty).toMatchObject({ status: null, revision: -1, lines: [], editable: false, availableActions: [{ event: 'Create' }] });
    expect(empty.documents.every((d) => d.code === null)).toBe(true);
    expect(empty.totals.committed).toBe(empty.unallocated.committed);
    const other = await running.api.call('get', path(), { token: mei });
    expect([other.status, other.body.errorCode]).toEqual([404, 'budgetNotFound']);
    const noLevel = await running.api.call('post', path(), { token: aminah });
    expect([noLevel.status, noLevel.body.errorCode]).toEqual([403, 'noAuthority']);
  });

  it('starts pending with a line per build-up: the cost of the items it prices, no profit', async () => {
    const started = await running.api.call('post', path(), { token: kumar });
    expect(started.status).toBe(201);
    revision = started.body.revision as number;
    const budget = await view();
    expect(budget).toMatchObject({ status: 'pending', revision, editable: true, readOnlyBecause: null });
    // Those who may not change it read it offered no change, told why with the code a change of theirs is
    // refused with: Lim (a verifier) has no right to change cost plans; Aminah has it, but no level in the project.
    expect(await view(lim)).toMatchObject({ editable: false, readOnlyBecause: 'noAccessRight' });
    expect(await view(aminah)).toMatchObject({ editable: false, readOnlyBecause: 'noAuthority' });
    for (const [token, code] of [
      [lim, 'noAccessRight'],
      [aminah, 'noAuthority'],
    ] as const) {
      const refused = await send('post', '/lines', { code: 'NOT', description: 'Not theirs to add', amount: '1' }, token);
      expect([refused.status, refused.body.errorCode]).toEqual([403, code]);
    }
    expect(budget.lines.map((l) => [l.code, l.description, l.budget])).toEqual([
      ['EXC', 'Excavation', '720.00'],
      ['SUB', 'Piling by subcontract', '500.00'],
    ]);
    expect(budget.totals.budget).toBe('1220.00');
    const again = await running.api.call('post', path(), { token: kumar });
    expect([again.status, again.body.errorCode]).toEqual([409, 'budgetExists']);
  });

  it('lines: add, edit, remove; a trade code is unique within the budget (409 budgetTradeCodeTaken); a stale revision 409', async () => {
    const added = await send('post', '/lines', { code: 'CON', description: 'Concrete', amount: '300' });
    expect(added.status).toBe(201);
    revision = added.body.revision as number;
    const taken = await send('post', '/lines', { code: 'con', description: 'Again', amount: '1' });
    expect([taken.status, taken.body.errorCode]).toEqual([409, 'budgetTradeCodeTaken']);
    const renamed = await send('put', `/lines/${added.body.id as string}`, { code: 'EXC' });
    expect([renamed.status, renamed.body.errorCode]).toEqual([409, 'budgetTradeCodeTaken']);
    const bad = await send('put', `/lines/${added.body.id as string}`, { amount: '-3' });
    expect([bad.status, bad.body.errorCode, Object.keys(bad.body.fields)]).toEqual([400, 'validationFailed', ['amount']]);
    const edited = await send('put', `/lines/${added.body.id as string}`, { amount: '350.5' });
    expect(edited.status).toBe(200);
    revision = edited.body.revision as number;
    const stale = await running.api.call('put', `${path()}/lines/${added.body.id as string}`, {
      token: kumar,
      body: { amount: '1' },
      headers: { 'If-Match': `"${revision - 1}"` },
    });
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
    expect((await view()).lines.find((l) => l.code === 'CON')!.budget).toBe('350.50');
    const removed = await send('delete', `/lines/${added.body.id as string}`, undefined);
    expect(removed.status).toBe(200);
    revision = removed.body.revision as number;
    expect((await view()).lines.map((l) => l.code)).toEqual(['EXC', 'SUB']);
  });

  it('an order of the project allocated to a trade code counts as committed there; remaining = budget - committed', async () => {
    const before = await view();
    const order = before.documents.find((d) => d.measure === 'committed');
    expect(order).toMatchObject({ resource: 'purchaseOrder', status: 'pendingConfirmation', total: '1308.57', code: null });
    const allocated = await send('put', `/allocations/${order!.id}`, { code: 'EXC' });
    expect(allocated.status).toBe(200);
    revision = allocated.body.revision as number;
    const after = await view();
    const exc = after.lines.find((l) => l.code === 'EXC')!;
    expect([exc.committed, exc.remaining]).toEqual([order!.total, ((72000 - Math.round(Number(order!.total) * 100)) / 100).toFixed(2)]);
    expect(after.documents.find((d) => d.id === order!.id)!.code).toBe('EXC');
    expect(after.totals.committed).toBe(before.totals.committed);
    const unknown = await send('put', '/allocations/00000000-0000-4000-8000-000000000000', { code: 'EXC' });
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'budgetDocumentNotFound']);
    const noCode = await send('put', `/allocations/${order!.id}`, { code: 'ZZZ' });
    expect([noCode.status, noCode.body.errorCode]).toEqual([404, 'budgetLineNotFound']);
  });

  it('the machine: Kumar cannot approve (403), Lim rejects with a remark, Kumar resubmits, Lim approves; approved lines are locked', async () => {
    const act = async (token: string, event: string, body: Record<string, unknown> = {}) => {
      const reply = await running.api.call('post', `${path()}/actions/${event}`, { token, body, headers: { 'If-Match': `"${revision}"` } });
      if (reply.status === 200) revision = reply.body.revision as number;
      return reply;
    };
    expect((await view(lim)).availableActions.map((a) => a.event).sort()).toEqual(['Approve', 'Reject']);
    const self = await act(kumar, 'Approve');
    expect(self.status).toBe(403);
    const noRemark = await act(lim, 'Reject');
    expect([noRemark.status, noRemark.body.errorCode]).toEqual([422, 'remarkRequired']);
    expect((await act(lim, 'Reject', { remark: 'Piling too low' })).body.status).toBe('rejected');
    const edited = await send('put', `/lines/${(await view()).lines.find((l) => l.code === 'SUB')!.id}`, { amount: '650' });
    expect(edited.status).toBe(200);
    revision = edited.body.revision as number;
    expect((await act(kumar, 'Resubmit')).body.status).toBe('pending');
    const approved = await act(lim, 'Approve');
    expect([approved.status, approved.body.status, approved.body.availableActions]).toEqual([200, 'approved', []]);
    const locked = await send('post', '/lines', { code: 'NEW', description: '', amount: '1' });
    expect([locked.status, locked.body.errorCode]).toEqual([409, 'budgetNotEditable']);
    expect(await view()).toMatchObject({
      status: 'approved',
      editable: false,
      readOnlyBecause: 'budgetNotEditable',
      totals: { budget: '1370.00' },
    });
    const history = await running.api.call('get', `${path()}/history`, { token: lim });
    expect((history.body as { type: string }[]).filter((e) => e.type === 'WorkflowStatusChanged')).toHaveLength(4);
    const rows = await running.sql.query<{ status: string }>('SELECT status FROM ongoing_budgets WHERE project_id = $1', [project]);
    expect(rows).toEqual([{ status: 'approved' }]);
  });

  it("the company's flat list per status (§2.6 pages): newest first, Content-Range counted to the page's end; another company sees none", async () => {
    const list = (filter: object, token = lim) =>
      running.api.call(
        'get',
        `/api/ongoing-budgets?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,9]')}`,
        { token },
      );
    const approved = await list({ status: 'approved' });
    expect([approved.status, approved.headers['content-range']]).toEqual([200, 'ongoing-budgets 0-0/1']);
    expect(approved.body).toMatchObject([{ projectId: project, projectCode: 'TB-MT-A', status: 'approved' }]);
    expect((await list({ status: 'pending' })).body).toEqual([]);
    expect((await list({}, mei)).body).toEqual([]);
    const bad = await list({ status: 'active' });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'validationFailed']);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
