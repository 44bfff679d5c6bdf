// Requests (spec §2.5 "Requests", §2.6 /request/{projectId}/{material, machine, trade}/{pending,
// rejected}, §5.3 "a request needs at least one item before approval"), on PGlite and on PostgreSQL: Teguh
// Bina's procurement officer (kumar, level 10) drafts a trade request in a project, sends it for approval
// (refused without an item), its approver (lim, verify levels) rejects it with a remark, kumar resubmits, lim
// approves; each step tells the approver or the requester, landing on §2.6's page. The approved request then
// becomes a tender in one step (items, project and kind carried over, the request its source); a request
// not approved cannot, nor can one already tendered. Another company sees none of it. History and replay.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { notificationLink } from '@binaan/contracts';
import { NotificationReactor } from '../../../apps/api/src/notifications/notification-reactor.js';
import { startAuthorityApp } from '../authority/harness.js';
import { itAnsweredEveryCallWithoutAServerError, MUTIARA, FEATURE_STORES, TEGUH, type Reply, type Running } from '../documents/harness.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const ITEMS = [
  { description: 'Tiling works, ground floor lobby', unit: 'm2', quantity: '420', rate: '38.50' },
  { description: 'Skirting tiles', unit: 'm', quantity: '160', rate: '0', includeZeroRate: true },
];

describe.each(FEATURE_STORES)('requests and the tenders made from them on %s', (kind) => {
  let running: Running | undefined;
  const r = () => running!;
  let kumar = '',
    lim = '',
    mei = '',
    farid = '';
  let projectId = '',
    requestId = '',
    tenderId = '';

  const call = (method: 'get' | 'post' | 'put', path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    r().api.call(method, path, { token, body, headers });
  const expectRefused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const act = async (
    token: string,
    event: string,
    revision: number,
    body: Record<string, unknown> = {},
    id = requestId,
    resource = 'tradeRequest',
  ) => {
    r().clock.advance(MINUTE);
    return call('post', `/api/documents/${resource}/${id}/actions/${event}`, token, body, { 'If-Match': String(revision) });
  };
  const tenderEvents = async () =>
    Number((await r().sql.query<{ n: string | number }>("SELECT count(*) AS n FROM events WHERE stream_type = 'tender'"))[0]!.n);
  const requestNotices = async (token: string) => {
    await r().app.get(NotificationReactor).settled();
    const list = await call('get', '/api/application/user-event-list?start=0&length=100', token);
    expect(list.status).toBe(200);
    return (list.body.events as { module: string; src: string; src_id: string; event_data: string }[]).filter(
      (event) => event.module === 'request',
    );
  };
  const later = (ms: number) => new Date(r().clock.now.getTime() + ms).toISOString();

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    lim = await r().signIn('lim@teguhbina.my', TEGUH);
    farid = await r().signIn('farid@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    const [project] = await r().sql.query<{ project_id: string }>(
      'SELECT project_id FROM projects WHERE company_id = $1 ORDER BY project_id LIMIT 1',
      [TEGUH],
    );
    projectId = project!.project_id;
  }, 180_000);
  afterAll(async () => running?.stop());

  it("a request is made inside a project of the company: none, or another company's, is refused and nothing is recorded", async () => {
    const requestEvents = async () =>
      Number((await r().sql.query<{ n: string | number }>("SELECT count(*) AS n FROM events WHERE stream_type LIKE '%Request'"))[0]!.n);
    const before = await requestEvents();
    expectRefused(
      await call('post', '/api/documents/tradeRequest', kumar, { title: 'Tiling, lobby', items: ITEMS }),
      400,
      'validationFailed',
    );
    const [other] = await r().sql.query<{ project_id: string }>('SELECT project_id FROM projects WHERE company_id <> $1 LIMIT 1', [TEGUH]);
    if (other)
      expectRefused(
        await call('post', '/api/documents/tradeRequest', kumar, { title: 'Tiling, lobby', projectId: other.project_id }),
        422,
        'unknownProject',
      );
    else console.log('no other company has a project in the demo data: the other-project refusal was not asked');
    expectRefused(await call('post', '/api/documents/tradeRequest', mei, { title: 'Tiling, lobby', projectId }), 422, 'unknownProject');
    expectRefused(
      await call('post', '/api/documents/tradeRequest', kumar, { title: 'Tiling, lobby', projectId, counterpartyCompanyId: MUTIARA }),
      400,
      'validationFailed',
    );
    expect(await requestEvents()).toBe(before);
  });

  it('kumar drafts a trade request without items: new; asking for approval without an item is 422 itemRequired, nothing recorded', async () => {
    const created = await call('post', '/api/documents/tradeRequest', kumar, { title: 'Tiling, lobby', projectId });
    expect({ status: created.status, state: created.body.status, no: created.body.documentNo }).toEqual({
      status: 201,
      state: 'new',
      no: expect.stringMatching(/^TRQ-\d{4}-\d{5}$/),
    });
    requestId = created.body.id;
    const refused = await act(kumar, 'Request_Approve', created.body.revision);
    expectRefused(refused, 422, 'itemRequired');
    expect(refused.body.fields).toEqual({ items: ['itemRequired'] });
    expect((await r().store.readStream(`tradeRequest-${requestId}`)).length).toBe(created.body.revision + 1);
  });

  it('with items it goes to pendingApproval, and lim (the approver) is told, landing on /request/<project>/trade/pending', async () => {
    const read = await call('get', `/api/documents/tradeRequest/${requestId}`, kumar);
    const edited = await call(
      'put',
      `/api/documents/tradeRequest/${requestId}`,
      kumar,
      { items: ITEMS },
      { 'If-Match': String(read.body.revision) },
    );
    expect({ status: edited.status, total: edited.body.totals.total }).toEqual({ status: 200, total: '16170.00' });
    // A site-team user has no approve level: the machine refuses, nothing recorded.
    const sent = await act(kumar, 'Request_Approve', edited.body.revision);
    expect({ status: sent.status, state: sent.body.status }).toEqual({ status: 200, state: 'pendingApproval' });
    expectRefused(await act(farid, 'Approve', sent.body.revision), 403, 'noAuthority');
    const told = await requestNotices(lim);
    expect(told.map((n) => [n.src, n.src_id, notificationLink(n).path])).toEqual([
      ['pending', requestId, `/request/${projectId}/trade/pending`],
    ]);
    expect(await requestNotices(kumar)).toEqual([]);
  });

  it('a request not approved cannot become a tender (422 requestNotApproved), by the one-step route or a tender naming it; nothing recorded', async () => {
    const before = await tenderEvents();
    const refused = await call('post', `/api/tendering/requests/tradeRequest/${requestId}/tender`, kumar, {});
    expectRefused(refused, 422, 'requestNotApproved');
    expect(refused.body.fields).toEqual({ sourceDocumentId: ['requestNotApproved'] });
    expectRefused(
      await call('post', '/api/documents/tender', kumar, { title: 'Tiling', sourceDocumentId: requestId, items: ITEMS }),
      422,
      'requestNotApproved',
    );
    expect(await tenderEvents()).toBe(before);
  });

  it('lim rejects with a remark (none: 422 remarkRequired); kumar is told on /request/<project>/trade/rejected; resubmitted, lim approves and kumar is told', async () => {
    let revision = (await call('get', `/api/documents/tradeRequest/${requestId}`, kumar)).body.revision as number;
    expectRefused(await act(lim, 'Reject', revision), 422, 'remarkRequired');
    const rejected = await act(lim, 'Reject', revision, { remark: 'Split the skirting into its own line with a rate' });
    expect({ status: rejected.status, state: rejected.body.status }).toEqual({ status: 200, state: 'rejected' });
    expect((await requestNotices(kumar)).map((n) => [n.src, notificationLink(n).path])).toEqual([
      ['rejected', `/request/${projectId}/trade/rejected`],
    ]);
    revision = rejected.body.revision;
    const resubmitted = await act(kumar, 'Resubmit', revision);
    expect(resubmitted.body.status).toBe('pendingApproval');
    const approved = await act(lim, 'Approve', resubmitted.body.revision);
    expect({ status: approved.status, state: approved.body.status }).toEqual({ status: 200, state: 'approved' });
    const kumarTold = await requestNotices(kumar);
    expect(kumarTold.map((n) => n.src).sort()).toEqual(['pending', 'rejected']);
    expect(notificationLink(kumarTold.find((n) => n.src === 'pending')!).path).toBe(`/request/${projectId}/trade/pending`);
    // lim was told twice: the first round and the resubmission.
    expect((await requestNotices(lim)).map((n) => n.src)).toEqual(['pending', 'pending']);
  });

  it('another company cannot see the request, make a tender of it, or read its tenders (404), and its list does not hold it', async () => {
    expectRefused(await call('get', `/api/documents/tradeRequest/${requestId}`, mei), 404, 'documentNotFound');
    expectRefused(await call('get', `/api/documents/tradeRequest/${requestId}/history`, mei), 404, 'documentNotFound');
    expectRefused(await call('post', `/api/tendering/requests/tradeRequest/${requestId}/tender`, mei, {}), 404, 'documentNotFound');
    expectRefused(await call('get', `/api/tendering/requests/tradeRequest/${requestId}/tenders`, mei), 404, 'documentNotFound');
    const list = await call('get', '/api/documents/tradeRequest?range=[0,24]', mei);
    expect({ status: list.status, rows: list.body }).toEqual({ status: 200, rows: [] });
    // The wrong kind in the path is a request it is not.
    expectRefused(await call('post', `/api/tendering/requests/materialRequest/${requestId}/tender`, kumar, {}), 404, 'documentNotFound');
  });

  it('the approved request becomes a tender in one step: items, project and kind (trade) carried over, the request its source', async () => {
    expectRefused(
      await call('post', `/api/tendering/requests/tradeRequest/${requestId}/tender`, kumar, { items: [] }),
      400,
      'validationFailed',
    );
    expectRefused(
      await call('post', `/api/tendering/requests/tradeRequest/${requestId}/tender`, kumar, { tenderType: 'material' }),
      400,
      'validationFailed',
    );
    const made = await call('post', `/api/tendering/requests/tradeRequest/${requestId}/tender`, kumar, {
      openAt: later(DAY),
      closeAt: later(10 * DAY),
      expectedDeliveryStart: later(20 * DAY).slice(0, 10),
    });
    expect({ status: made.status, body: made.body }).toEqual({
      status: 201,
      body: expect.objectContaining({
        success: true,
        resource: 'tender',
        status: 'new',
        tenderType: 'trade',
        sourceDocumentId: requestId,
        items: 2,
        documentNo: expect.stringMatching(/^TD-/),
      }),
    });
    tenderId = made.body.id;
    const tender = await call('get', `/api/documents/tender/${tenderId}`, kumar);
    expect({
      title: tender.body.title,
      projectId: tender.body.projectId,
      tenderType: tender.body.tenderType,
      source: tender.body.sourceDocumentId,
    }).toEqual({ title: 'Tiling, lobby', projectId, tenderType: 'trade', source: requestId });
    expect(
      tender.body.items.map((i: { description: string; unit: string; quantity: string; rate: string; includeZeroRate: boolean }) => [
        i.description,
        i.unit,
        i.quantity,
        i.rate,
        i.includeZeroRate,
      ]),
    ).toEqual([
      ['Tiling works, ground floor lobby', 'm2', '420.000', '38.50', false],
      ['Skirting tiles', 'm', '160.000', '0.00', true],
    ]);
    const tenders = await call('get', `/api/tendering/requests/tradeRequest/${requestId}/tenders`, kumar);
    expect({
      status: tenders.status,
      request: tenders.body.status,
      data: tenders.body.data.map((t: { id: string; status: string }) => [t.id, t.status]),
    }).toEqual({ status: 200, request: 'approved', data: [[tenderId, 'new']] });
  });

  it('a request feeds one live tender: a second is 409 requestAlreadyTendered; once that tender is cancelled, a new one may be made', async () => {
    expectRefused(await call('post', `/api/tendering/requests/tradeRequest/${requestId}/tender`, kumar, {}), 409, 'requestAlreadyTendered');
    const tender = await call('get', `/api/documents/tender/${tenderId}`, kumar);
    const cancelled = await act(kumar, 'Cancel', tender.body.revision, { remark: 'Scope moved to phase 2' }, tenderId, 'tender');
    expect(cancelled.body.status).toBe('cancelled');
    const again = await call('post', `/api/tendering/requests/tradeRequest/${requestId}/tender`, kumar, {});
    expect({ status: again.status, type: again.body.tenderType }).toEqual({ status: 201, type: 'trade' });
    const tenders = await call('get', `/api/tendering/requests/tradeRequest/${requestId}/tenders`, kumar);
    expect(tenders.body.data.map((t: { status: string }) => t.status)).toEqual(['cancelled', 'new']);
  });

  it("the request's history names each step's actor and remark; a replay shows it as it stood", async () => {
    const history = await call('get', `/api/documents/tradeRequest/${requestId}/history`, kumar);
    expect(history.status).toBe(200);
    const rows = (history.body.data ?? history.body) as {
      action: string;
      actor: { name: string | null };
      statusAfter: string | null;
      remark: string | null;
    }[];
    const steps = rows
      .filter((row) => row.statusAfter !== null && row.statusAfter !== undefined)
      .map((row) => [row.action, row.actor.name, row.statusAfter]);
    expect(steps).toEqual([
      ['Create', 'Kumar a/l Rajan', 'new'],
      ['Request_Approve', 'Kumar a/l Rajan', 'pendingApproval'],
      ['Reject', 'Lim Wei Ling', 'rejected'],
      ['Resubmit', 'Kumar a/l Rajan', 'pendingApproval'],
      ['Approve', 'Lim Wei Ling', 'approved'],
    ]);
    expect(rows.find((row) => row.action === 'Reject')!.remark).toBe('Split the skirting into its own line with a rate');
    const created = await call('get', `/api/documents/tradeRequest/${requestId}?revision=1`, kumar);
    expect({ status: created.body.status, items: created.body.items }).toEqual({ status: 'new', items: [] });
  });

  it('material and machine requests become material and machine tenders; a bad tender type is 400', async () => {
    for (const [resource, type] of [
      ['materialRequest', 'material'],
      ['machineRequest', 'machine'],
    ] as const) {
      const created = await call('post', `/api/documents/${resource}`, kumar, {
        title: `${type} for Block C`,
        projectId,
        items: [ITEMS[0]],
      });
      const sent = await act(kumar, 'Request_Approve', created.body.revision, {}, created.body.id, resource);
      const approved = await act(lim, 'Approve', sent.body.revision, {}, created.body.id, resource);
      expect(approved.body.status).toBe('approved');
      const made = await call('post', `/api/tendering/requests/${resource}/${created.body.id}/tender`, kumar, { title: `Tender: ${type}` });
      expect({ status: made.status, type: made.body.tenderType }).toEqual({ status: 201, type });
    }
    expectRefused(await call('post', '/api/documents/tender', kumar, { title: 'x', tenderType: 'furniture' }), 400, 'validationFailed');
  });

  it("the project's requests of the three kinds in one flat list, newest first, a page at a time with no count; another company's project is 404", async () => {
    const path = `/api/tendering/projects/${projectId}/requests`;
    const all = await call('get', `${path}?range=[0,99]`, kumar);
    expect(all.status).toBe(200);
    expect(all.body.hasMore).toBe(false);
    const rows = all.body.data as { id: string; resource: string; documentNo: string; createdAt: string }[];
    // Every request of the project, whatever its kind, as the documents lists give them one kind at a time.
    const perKind = await Promise.all(
      ['materialRequest', 'machineRequest', 'tradeRequest'].map(async (resource) =>
        (
          (await call('get', `/api/documents/${resource}?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ projectId }))}`, kumar))
            .body as { id: string }[]
        ).map((d) => d.id),
      ),
    );
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(perKind.flat()));
    expect(new Set(rows.map((row) => row.resource))).toEqual(new Set(['materialRequest', 'machineRequest', 'tradeRequest']));
    expect(rows.map((row) => row.createdAt)).toEqual([...rows.map((row) => row.createdAt)].sort().reverse());
    expect(rows.map((row) => row.id)).toContain(requestId);
    // Page by page: the same rows in the same order, hasMore until the last.
    const first = await call('get', `${path}?range=[0,0]`, kumar);
    const second = await call('get', `${path}?range=[1,1]`, kumar);
    expect([first.body.data[0].id, second.body.data[0].id]).toEqual([rows[0]!.id, rows[1]!.id]);
    expect(first.body.hasMore).toBe(true);
    expect(first.headers['content-range']).toBeUndefined();
    expectRefused(await call('get', `${path}?range=[0,500]`, kumar), 400, 'validationFailed');
    expectRefused(await call('get', `${path}?sort=x`, kumar), 400, 'validationFailed');
    expectRefused(await call('get', path, mei), 404, 'projectNotFound');
    expectRefused(await call('get', '/api/tendering/projects/no-such-project/requests', kumar), 404, 'projectNotFound');
  });

  it("the tenders list shows each tender's type and filters by it (an unknown type is 400)", async () => {
    const technical = await call('post', '/api/documents/tender', kumar, {
      title: 'Structural peer review',
      tenderType: 'technical',
      projectId,
    });
    expect({ status: technical.status, type: technical.body.tenderType }).toEqual({ status: 201, type: 'technical' });
    const byType = async (type: string) => {
      const list = await call(
        'get',
        `/api/documents/tender?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ tenderType: type }))}`,
        kumar,
      );
      expect(list.status).toBe(200);
      return list.body as { id: string; tenderType: string | null; title: string }[];
    };
    const trade = await byType('trade');
    expect(trade.length).toBe(2);
    expect(new Set(trade.map((t) => t.tenderType))).toEqual(new Set(['trade']));
    expect(trade.map((t) => t.id)).toContain(tenderId);
    expect((await byType('technical')).map((t) => [t.id, t.tenderType])).toEqual([[technical.body.id, 'technical']]);
    expect((await byType('material')).map((t) => t.title)).toEqual(['Tender: material']);
    // An edit changes the type, and the list follows it.
    const edited = await call(
      'put',
      `/api/documents/tender/${technical.body.id}`,
      kumar,
      { tenderType: 'trade' },
      { 'If-Match': String(technical.body.revision) },
    );
    expect(edited.body.tenderType).toBe('trade');
    expect(await byType('technical')).toEqual([]);
    expect((await byType('trade')).length).toBe(3);
    // Its closing time rides on the row (none yet), and follows an edit of it.
    const rowOf = async (id: string) =>
      ((await byType('trade')) as unknown as { id: string; closeAt: string | null }[]).find((row) => row.id === id);
    expect((await rowOf(technical.body.id))?.closeAt).toBeNull();
    const closeAt = later(3 * 24 * 60 * MINUTE);
    const timed = await call(
      'put',
      `/api/documents/tender/${technical.body.id}`,
      kumar,
      { closeAt },
      { 'If-Match': String(edited.body.revision) },
    );
    expect(timed.status).toBe(200);
    expect((await rowOf(technical.body.id))?.closeAt).toBe(closeAt);
    expectRefused(
      await call('get', `/api/documents/tender?filter=${encodeURIComponent('{"tenderType":"furniture"}')}`, kumar),
      400,
      'validationFailed',
    );
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
