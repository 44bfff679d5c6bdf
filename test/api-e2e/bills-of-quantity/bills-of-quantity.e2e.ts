// Bills of quantity over the API, on PGlite and on PostgreSQL: given the demo company Teguh Bina and its
// project Menara Teguh (Kumar proposes, level 10 on billOfQuantity; Lim verifies, level 20), the tree
// operations at the spec's paths, amounts rolled up, per-node concurrency (409 only for a real conflict),
// the §5.3 rules with their codes, approval through the machine, history, replay, changes since and the
// live stream; refusals: 403 (right, authority), another company 404, stale 409.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { itAnsweredEveryCallWithoutAServerError, MUTIARA, FEATURE_STORES, TEGUH } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';

type Node = { id: string; parentId: string | null; order: number; type: string; title: string; amount: string; quantity: string | null };

describe.each(FEATURE_STORES)('bills of quantity api on %s', (kind) => {
  let running: AuthorityRunning;
  let aminah: string, kumar: string, lim: string, farid: string, mei: string;
  let project: string;
  let tab: string;
  let revision: number;
  const post = async (path: string, token: string, body: Record<string, unknown>) =>
    running.api.call('post', `/api/${path}`, { token, body: { project_id: project, ...body } });
  /** A change by Kumar on the latest revision; the reply's revision becomes the latest. */
  const change = async (path: string, body: Record<string, unknown>, status = 200) => {
    const reply = await post(path, kumar, { revision, ...body });
    expect([reply.status, reply.body.errorCode]).toEqual([status, undefined]);
    revision = reply.body.revision as number;
    return reply.body as { id: string; revision: number; nodes: Node[]; removed: string[]; amount: string; created?: [string, string][] };
  };
  const view = async (token = kumar, query = '') =>
    (await running.api.call('get', `/api/bill-of-quantity/${project}${query}`, { token })).body as {
      status: string | null;
      revision: number;
      amount: string;
      nodes: Node[];
      tabs: { id: string; amount: string }[];
      availableActions: { event: string }[];
    };
  const rows = (nodes: Node[]) => nodes.map((n) => `${n.order} ${n.type} ${n.title} ${n.amount}`);

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    [aminah, kumar, lim, farid, mei] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('lim@teguhbina.my', TEGUH),
      running.signIn('farid@teguhbina.my', TEGUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
    ]);
    const list = (await running.api.call('get', '/api/project-list-by-user', { token: kumar })).body as {
      project: { id: string; project_code: string };
    }[];
    project = list.find((i) => i.project.project_code === 'TB-MT-A')!.project.id;
    for (const [email, level] of [
      ['kumar@teguhbina.my', 10],
      ['lim@teguhbina.my', 20],
    ] as const) {
      const given = await running.api.call('post', `/api/projects/${project}/assignments`, {
        token: aminah,
        body: { code: 'billOfQuantity', user_id: running.userId(email), workflow_level: level },
      });
      expect(given.status).toBe(200);
    }
  }, 300_000);
  afterAll(async () => running?.stop());

  it('before any tab: the BQ reads empty, a row is refused with "Please create at least one tab first"', async () => {
    expect(await view()).toMatchObject({ status: null, revision: -1, tabs: [], nodes: [], amount: '0.00' });
    const refused = await post('bq-item/add', kumar, { type: 'item', title: 'Early' });
    expect([refused.status, refused.body.errorCode, refused.body.errorMessage]).toEqual([
      422,
      'bqTabRequired',
      'Please create at least one tab first.',
    ]);
  });

  it('refusals: no right 403, no level 403, another company 404, not a uuid 404', async () => {
    expect((await post('bq-tab/add', farid, { name: 'Preliminaries' })).body.errorCode).toBe('noAccessRight');
    const noLevel = await post('bq-tab/add', aminah, { name: 'Preliminaries' });
    expect([noLevel.status, noLevel.body.errorCode]).toEqual([403, 'noAuthority']);
    // The view tells each of them the same before they try: editable false, and why.
    expect(await view(kumar)).toMatchObject({ editable: true, readOnlyBecause: null });
    expect(await view(aminah)).toMatchObject({ editable: false, readOnlyBecause: 'noAuthority' });
    const other = await running.api.call('get', `/api/bill-of-quantity/${project}`, { token: mei });
    expect([other.status, other.body.errorCode]).toEqual([404, 'bqNotFound']);
    expect((await running.api.call('post', '/api/bq-tab/add', { token: mei, body: { project_id: project, name: 'X' } })).status).toBe(404);
    expect((await running.api.call('get', '/api/bill-of-quantity/not-a-project', { token: kumar })).status).toBe(404);
  });

  it('the first tab starts the BQ (the machine Create, level 10): new', async () => {
    const reply = await post('bq-tab/add', kumar, { name: 'Substructure' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      revision: 2,
      tabs: [{ name: 'Substructure', order: 0, amount: '0.00' }],
      amount: '0.00',
    });
    tab = reply.body.id as string;
    revision = reply.body.revision as number;
    expect(await view()).toMatchObject({ status: 'new', revision: 2, availableActions: [{ event: 'Request_Approve' }] });
    const taken = await post('bq-tab/add', kumar, { revision, name: 'substructure' });
    expect([taken.status, taken.body.errorCode]).toEqual([409, 'bqTabNameTaken']);
  });

  let header: string, trench: string, pit: string;
  it('rows: add, update, amounts rolled up to the header, the tab and the BQ', async () => {
    header = (await change('bq-item/add', { bq_tab_id: tab, type: 'header', title: 'Excavation' }, 201)).id;
    trench = (
      await change(
        'bq-item/add',
        {
          bq_tab_id: tab,
          parent_id: header,
          type: 'item',
          title: 'Trench',
          description: 'Trench n.e. 1.5 m deep',
          unit: 'm3',
          quantity: '10',
          rate: '2.5',
        },
        201,
      )
    ).id;
    const added = await change(
      'bq-item/add',
      { bq_tab_id: tab, parent_id: header, type: 'item', title: 'Pit', quantity: '3', rate: '100' },
      201,
    );
    pit = added.id;
    expect(rows(added.nodes)).toEqual(['1 item Pit 300.00', '0 header Excavation 325.00']);
    expect(added.amount).toBe('325.00');
    const updated = await change('bq-item/update', { bq_tab_id: tab, id: trench, quantity: '20.5' });
    expect(updated.nodes.find((n) => n.id === trench)).toMatchObject({ quantity: '20.500', amount: '51.25' });
    const bq = await view();
    expect(rows(bq.nodes)).toEqual(['0 header Excavation 351.25', '0 item Trench 51.25', '1 item Pit 300.00']);
    expect(bq.tabs[0]!.amount).toBe('351.25');
    const bad = await post('bq-item/update', kumar, { revision, bq_tab_id: tab, id: trench, quantity: '-1', rate: 'abc' });
    expect([bad.status, bad.body.errorCode, Object.keys(bad.body.fields).sort()]).toEqual([400, 'validationFailed', ['quantity', 'rate']]);
    const priced = await post('bq-item/update', kumar, { revision, bq_tab_id: tab, id: header, quantity: '1' });
    expect([priced.status, priced.body.errorCode]).toEqual([422, 'bqHeaderNotPriced']);
  });

  it('the tree operations at the spec paths: move, duplicate ("Copy of"), indent, outdent, promote and demote header, delete', async () => {
    await change('bq-item/move', { bq_tab_id: tab, id: pit, direction: 'up' });
    const copy = await change('bq-item/duplicate', { bq_tab_id: tab, id: header });
    expect(copy.created).toHaveLength(3);
    let bq = await view();
    expect(rows(bq.nodes)).toEqual([
      '0 header Excavation 351.25',
      '0 item Pit 300.00',
      '1 item Trench 51.25',
      '1 header Copy of Excavation 351.25',
      '0 item Pit 300.00',
      '1 item Trench 51.25',
    ]);
    expect(bq.amount).toBe('702.50');
    // Promote the copy's Pit, put the Trench under it, then back out and demote.
    const [, copyPit, copyTrench] = copy.created!.map(([, to]) => to);
    await change('bq-item/promote-header', { bq_tab_id: tab, id: copyPit });
    await change('bq-item/indent', { bq_tab_id: tab, id: copyTrench });
    bq = await view();
    expect(rows(bq.nodes).slice(3)).toEqual(['1 header Copy of Excavation 51.25', '0 header Pit 51.25', '0 item Trench 51.25']);
    const hasRows = await post('bq-item/demote-header', kumar, { revision, bq_tab_id: tab, id: copyPit });
    expect([hasRows.status, hasRows.body.errorCode]).toEqual([409, 'bqHeaderHasChildren']);
    await change('bq-item/outdent', { bq_tab_id: tab, id: copyTrench });
    await change('bq-item/demote-header', { bq_tab_id: tab, id: copyPit });
    const deleted = await change('bq-item/delete', { bq_tab_id: tab, id: copy.id });
    expect(deleted.removed).toEqual([copy.id]);
    bq = await view();
    expect(rows(bq.nodes)).toEqual(['0 header Excavation 351.25', '0 item Pit 300.00', '1 item Trench 51.25']);
    const cannot = await post('bq-item/outdent', kumar, { revision, bq_tab_id: tab, id: header });
    expect([cannot.status, cannot.body.errorCode]).toEqual([409, 'bqCannotOutdent']);
  });

  it('two editors: a change on an older revision goes through unless its row changed meanwhile (then 409 with the current revision)', async () => {
    const base = revision;
    const limView = await running.api.call('post', '/api/bq-item/update', {
      token: kumar,
      body: { project_id: project, revision: base, bq_tab_id: tab, id: pit, title: 'Pit (by the first editor)' },
    });
    expect(limView.status).toBe(200);
    const other = await post('bq-item/update', kumar, { revision: base, bq_tab_id: tab, id: trench, title: 'Trench (second editor)' });
    expect(other.status).toBe(200);
    const stale = await post('bq-item/update', kumar, { revision: base, bq_tab_id: tab, id: pit, title: 'Pit (second editor)' });
    expect([stale.status, stale.body.errorCode, stale.body.revision, stale.body.changed]).toEqual([
      409,
      'wrongExpectedRevision',
      base + 2,
      [pit],
    ]);
    const missing = await post('bq-item/update', kumar, { bq_tab_id: tab, id: pit, title: 'x' });
    expect([missing.status, missing.body.errorCode]).toEqual([428, 'revisionRequired']);
    // The second editor catches up with the changes since its revision.
    const since = await running.api.call('get', `/api/bill-of-quantity/${project}/changes?since=${base}`, { token: lim });
    expect(since.body).toMatchObject({ revision: base + 2, more: false });
    expect(since.body.changes.map((c: { type: string; data: { nodeId: string } }) => [c.type, c.data.nodeId])).toEqual([
      ['BqNodeUpdated', pit],
      ['BqNodeUpdated', trench],
    ]);
    revision = base + 2;
  });

  it('build-ups (§5.3): total sub needs trade code and description, trade codes unique, a rate over a build-up only for a total sub', async () => {
    const line = { category: 'labour', description: 'Labourer', unit: 'day', quantity: '2', rate: '120' };
    const needs = await post('bq-build-up/add', kumar, {
      revision,
      code: 'EXC',
      description: '',
      totalSub: '12.00',
      lines: [line],
      profitPercent: '10',
    });
    expect([needs.status, needs.body.errorCode]).toEqual([422, 'totalSubNeedsTradeCode']);
    await change('bq-build-up/add', {
      code: 'EXC',
      description: 'Excavation by subcontract',
      totalSub: '12.00',
      lines: [line],
      profitPercent: '10',
    });
    await change('bq-build-up/add', { code: 'LAB', description: 'Own labour', lines: [line], profitPercent: '10' });
    const taken = await post('bq-build-up/add', kumar, { revision, code: 'lab', description: 'Again', lines: [], profitPercent: '0' });
    expect([taken.status, taken.body.errorCode]).toEqual([409, 'tradeCodeTaken']);
    await change('bq-item/update', { bq_tab_id: tab, id: trench, buildUpCode: 'EXC', rate: '13' });
    await change('bq-item/update', { bq_tab_id: tab, id: pit, buildUpCode: 'LAB' });
    const notTotalSub = await post('bq-item/update', kumar, { revision, bq_tab_id: tab, id: pit, rate: '99' });
    expect([notTotalSub.status, notTotalSub.body.errorCode]).toEqual([422, 'tradeCodeOfRateEditedNotTotalSub']);
    const bq = (await view()) as unknown as { buildUps: { code: string; lines: unknown[] }[] };
    expect(bq.buildUps.map((b) => [b.code, b.lines.length])).toEqual([
      ['EXC', 0],
      ['LAB', 1],
    ]);
  });

  it("a build-up names one of the company's active profit parameters, recorded as it stood; unknown, another company's and inactive ones are refused", async () => {
    const unique = `${Date.now().toString(36)}${kind.slice(0, 2)}`.toUpperCase();
    const parameter = async (token: string, code: string, description: string) => {
      const created = await running.api.call('post', '/api/company-setups/profit-parameters', { token, body: { code, description } });
      expect(created.status).toBe(201);
      return created.body.item.id as string;
    };
    const picked = await parameter(aminah, `PP-${unique}`, 'Profit on own labour');
    const inactive = await parameter(aminah, `PX-${unique}`, 'Withdrawn');
    expect(
      (
        await running.api.call('post', `/api/company-setups/profit-parameters/${inactive}/actions/Deactivate`, {
          token: aminah,
          body: { reason: 'No longer used' },
        })
      ).status,
    ).toBe(200);
    const theirs = await parameter(mei, `PM-${unique}`, "Another company's");
    const labour = {
      code: 'LAB',
      description: 'Own labour',
      lines: [{ category: 'labour', description: 'Labourer', unit: 'day', quantity: '2', rate: '120' }],
      profitPercent: '10',
    };

    await change('bq-build-up/update', { ...labour, profitParameterId: picked });
    const pickedAsItStood = { id: picked, code: `PP-${unique}`, description: 'Profit on own labour' };
    const buildUps = async () => ((await view()) as unknown as { buildUps: { code: string; profitParameter?: unknown }[] }).buildUps;
    expect((await buildUps()).find((b) => b.code === 'LAB')!.profitParameter).toEqual(pickedAsItStood);

    for (const [id, status, code] of [
      [theirs, 404, 'profitParameterNotFound'],
      ['no-such-parameter', 404, 'profitParameterNotFound'],
      [inactive, 422, 'profitParameterInactive'],
    ] as const) {
      const refused = await post('bq-build-up/update', kumar, { revision, ...labour, profitParameterId: id });
      expect([refused.status, refused.body.errorCode, refused.body.fields]).toEqual([status, code, { profitParameterId: [code] }]);
      const added = await post('bq-build-up/add', kumar, { revision, ...labour, code: `NEW-${unique}`, profitParameterId: id });
      expect([added.status, added.body.errorCode]).toEqual([status, code]);
    }
    expect((await buildUps()).find((b) => b.code === 'LAB')!.profitParameter).toEqual(pickedAsItStood);

    // Renamed afterwards, the parameter does not change what the build-up recorded (the view nor the history).
    const renamed = await running.api.call('put', `/api/company-setups/profit-parameters/${picked}`, {
      token: aminah,
      body: { code: `PR-${unique}`, description: 'Renamed' },
    });
    expect(renamed.status).toBe(200);
    expect((await buildUps()).find((b) => b.code === 'LAB')!.profitParameter).toEqual(pickedAsItStood);
    const history = (await running.api.call('get', `/api/bill-of-quantity/${project}/history`, { token: kumar })).body as {
      type: string;
      data: { code: string; profitParameter?: unknown };
    }[];
    expect(history.filter((e) => e.type === 'BqBuildUpSaved' && e.data.code === 'LAB').at(-1)!.data.profitParameter).toEqual(
      pickedAsItStood,
    );

    // Deactivated after the pick, the build-up keeps it on an edit; "none" takes it away.
    expect(
      (await running.api.call('post', `/api/company-setups/profit-parameters/${picked}/actions/Deactivate`, { token: aminah, body: {} }))
        .status,
    ).toBe(200);
    await change('bq-build-up/update', { ...labour, profitPercent: '12', profitParameterId: picked });
    expect((await buildUps()).find((b) => b.code === 'LAB')!.profitParameter).toEqual({
      id: picked,
      code: `PR-${unique}`,
      description: 'Renamed',
    });
    await change('bq-build-up/update', { ...labour, profitParameterId: null });
    expect((await buildUps()).find((b) => b.code === 'LAB')!.profitParameter).toBeNull();
  });

  it('a flat import (one event, levels to a tree) and its errors by row and field', async () => {
    const bad = await post('bq-item/import', kumar, {
      revision,
      bq_tab_id: tab,
      rows: [
        { level: 2, type: 'item', title: 'Orphan' },
        { level: 1, type: 'item', title: 'x', quantity: 'many' },
      ],
    });
    expect([bad.status, bad.body.errorCode, Object.keys(bad.body.fields).sort()]).toEqual([
      422,
      'bqImportInvalid',
      ['rows[0].level', 'rows[1].quantity'],
    ]);
    const imported = await change(
      'bq-item/import',
      {
        bq_tab_id: tab,
        rows: [
          { level: 1, type: 'header', title: 'Concrete', description: null, unit: null, quantity: null, rate: null },
          { level: 2, type: 'item', title: 'Blinding', description: 'Lean concrete blinding', unit: 'm3', quantity: '4', rate: '250' },
        ],
      },
      201,
    );
    expect(imported.created).toHaveLength(2);
    expect(rows(imported.nodes)).toEqual(['1 header Concrete 1000.00', '0 item Blinding 1000.00']);
  });

  it('approval (§5.3 complete items first), then read only; Farid approves with the authority Lim lent him: active; the flat list by status', async () => {
    const incomplete = await running.api.call('post', `/api/bill-of-quantity/${project}/actions/Request_Approve`, {
      token: kumar,
      headers: { 'If-Match': String(revision) },
    });
    expect([incomplete.status, incomplete.body.errorCode]).toEqual([422, 'bqItemIncomplete']);
    expect(incomplete.body.fields[pit]).toEqual(['description', 'unit']);
    await change('bq-item/update', { bq_tab_id: tab, id: pit, description: 'Pit n.e. 2 m deep', unit: 'm3' });
    const stale = await running.api.call('post', `/api/bill-of-quantity/${project}/actions/Request_Approve`, {
      token: kumar,
      headers: { 'If-Match': String(revision - 1) },
    });
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
    const requested = await running.api.call('post', `/api/bill-of-quantity/${project}/actions/Request_Approve`, {
      token: kumar,
      headers: { 'If-Match': String(revision) },
    });
    expect(requested.body).toMatchObject({ success: true, status: 'pendingApproval', revision: revision + 1 });
    revision += 1;
    const locked = await post('bq-item/update', kumar, { revision, bq_tab_id: tab, id: pit, title: 'Late' });
    expect([locked.status, locked.body.errorCode]).toEqual([409, 'bqNotEditable']);
    const notApprover = await running.api.call('post', `/api/bill-of-quantity/${project}/actions/Approve`, {
      token: kumar,
      headers: { 'If-Match': String(revision) },
    });
    expect(notApprover.status).toBe(403);
    // Lim, away, lends Farid his BQ approvals: Farid approves with Lim's level in the project, and the BQ's
    // history names both.
    const faridId = (
      await running.sql.query<{ user_id: string }>("SELECT user_id FROM identity_users WHERE email = 'farid@teguhbina.my'")
    )[0]!.user_id;
    const lent = await running.api.call('post', '/api/authority-delegations', {
      token: lim,
      body: {
        toUserId: faridId,
        resources: ['billOfQuantity'],
        endsAt: new Date(running.clock.now.getTime() + 86_400_000).toISOString(),
        reason: 'On site',
      },
    });
    expect(lent.status).toBe(201);
    const approved = await running.api.call('post', `/api/bill-of-quantity/${project}/actions/Approve`, {
      token: farid,
      headers: { 'If-Match': String(revision) },
    });
    expect(approved.body).toMatchObject({ status: 'active' });
    const limId = (await running.sql.query<{ user_id: string }>("SELECT user_id FROM identity_users WHERE email = 'lim@teguhbina.my'"))[0]!
      .user_id;
    const [recorded] = await running.sql.query<{ data: { onBehalfOf?: string; workflowEvent: string } }>(
      "SELECT data FROM events WHERE stream_id = $1 AND type = 'WorkflowStatusChanged' ORDER BY revision DESC LIMIT 1",
      [`billOfQuantity-${project}`],
    );
    expect(recorded?.data).toMatchObject({ workflowEvent: 'Approve', onBehalfOf: limId });
    revision += 1;
    const list = await running.api.call('get', '/api/bills-of-quantity?filter={"status":"active"}&range=[0,24]', { token: kumar });
    expect(list.headers['content-range']).toBe('bills-of-quantity 0-0/1');
    expect(list.body).toEqual([
      expect.objectContaining({ projectId: project, projectCode: 'TB-MT-A', status: 'active', amount: (await view()).amount }),
    ]);
    expect(
      (await running.api.call('get', '/api/bills-of-quantity?filter={"status":"rejected"}', { token: kumar })).headers['content-range'],
    ).toBe('bills-of-quantity */0');
    expect((await running.api.call('get', '/api/bills-of-quantity?filter={"owner":1}', { token: kumar })).status).toBe(400);
  });

  it('history with the chain verified; the BQ as it stood at a revision', async () => {
    const history = await running.api.call('get', `/api/bill-of-quantity/${project}/history`, { token: lim });
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(revision + 1);
    expect(history.body.every((row: { chainVerified: boolean; userId: string | null }) => row.chainVerified && row.userId !== null)).toBe(
      true,
    );
    expect(history.body.slice(0, 3).map((row: { type: string }) => row.type)).toEqual(['BqStarted', 'WorkflowStatusChanged', 'BqTabAdded']);
    const then = await view(kumar, '?revision=2');
    expect(then).toMatchObject({ status: 'new', revision: 2, nodes: [], amount: '0.00' });
  });

  it('live: a second user sees a change as it is recorded (server-sent events)', async () => {
    await running.api
      .call('post', `/api/bill-of-quantity/${project}/actions/Reopen`, {
        token: kumar,
        headers: { 'If-Match': String(revision) },
        body: { remark: 'Revise quantities' },
      })
      .then((r) => {
        expect(r.body).toMatchObject({ status: 'new' });
        revision = r.body.revision as number;
      });
    const server = running.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const abort = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/bill-of-quantity/${project}/live?since=${revision}`, {
      headers: { authorization: `Bearer ${lim}` },
      signal: abort.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const received = (async () => {
      let text = '';
      while (!text.includes('event: change')) text += new TextDecoder().decode((await reader.read()).value);
      return text;
    })();
    await change('bq-item/update', { bq_tab_id: tab, id: trench, title: 'Trench (seen live)' });
    const text = await received;
    abort.abort();
    expect(text).toContain(`id: ${revision}`);
    expect(JSON.parse(/data: (.*)\n/.exec(text)![1]!)).toMatchObject({
      revision,
      type: 'BqNodeUpdated',
      data: { nodeId: trench, changes: { title: 'Trench (seen live)' } },
    });
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
