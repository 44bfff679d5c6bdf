// Tenders from a bill of quantity's items, on PGlite and on PostgreSQL: Kumar builds a BQ in the
// office tower (a header, two items, one without a rate), Lim approves it; Kumar picks the items and they
// become the tender's lines (title and description, unit, quantity, the BQ's rate as the buyer's estimate,
// a missing rate as 0 with the include box). Refused: a BQ not approved (409), an id that is not an item
// (a header, an unknown id: 422), another company's project (404), a bad body (400); nothing recorded.
// Each line keeps its BQ item (bqItemId), the project's BQ rows list the tenders made from them
// (bq_item_tenders); a link is made by that route only (400 by hand, on edit only the tender's own links
// may be kept or dropped), and store rebuild gives the same rows.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEventStore } from '@binaan/event-store';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';
import { itAnsweredEveryCallWithoutAServerError, MUTIARA, FEATURE_STORES, TEGUH, type Reply } from '../documents/harness.js';

/** A tender's own fields for a create by hand (times and project as the BQ tender has them). */
const tenderFields = (t: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(t).filter(
      ([key]) =>
        ['title', 'projectId', 'openAt', 'closeAt', 'expectedDeliveryStart', 'expectedDeliveryEnd', 'tenderType'].includes(key) &&
        t[key] !== null,
    ),
  );

describe.each(FEATURE_STORES)('tenders from bill of quantity items on %s', (kind) => {
  let running: AuthorityRunning;
  let aminah = '',
    kumar = '',
    lim = '',
    mei = '';
  let project = '',
    tab = '',
    header = '',
    slab = '',
    waterproofing = '';
  let revision = 0;
  const post = (path: string, token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    running.api.call('post', path, { token, body, headers });
  const bq = async (path: string, body: Record<string, unknown>) => {
    const reply = await post(`/api/${path}`, kumar, { project_id: project, revision, ...body });
    expect([reply.status, reply.body.errorCode]).toEqual([reply.status < 300 ? reply.status : 200, undefined]);
    revision = reply.body.revision as number;
    return reply.body as { id: string };
  };
  const expectRefused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const tenderEvents = async () =>
    Number((await running.sql.query<{ n: string | number }>("SELECT count(*) AS n FROM events WHERE stream_type = 'tender'"))[0]!.n);

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
    const first = await post('/api/bq-tab/add', kumar, { project_id: project, name: 'Substructure' });
    tab = first.body.id;
    revision = first.body.revision;
    header = (await bq('bq-item/add', { bq_tab_id: tab, type: 'header', title: 'Concrete' })).id;
    slab = (
      await bq('bq-item/add', {
        bq_tab_id: tab,
        parent_id: header,
        type: 'item',
        title: 'Basement slab',
        description: 'Grade 30, 300 mm',
        unit: 'm3',
        quantity: '120',
        rate: '310.50',
      })
    ).id;
    waterproofing = (
      await bq('bq-item/add', {
        bq_tab_id: tab,
        parent_id: header,
        type: 'item',
        title: 'Waterproofing',
        description: 'Crystalline',
        unit: 'm2',
        quantity: '400',
      })
    ).id;
  }, 180_000);
  afterAll(async () => running?.stop());

  it('refusals while the BQ is not approved, and for bad bodies; nothing recorded', async () => {
    const before = await tenderEvents();
    expectRefused(await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [slab] }), 409, 'bqNotApproved');
    expectRefused(await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [] }), 400, 'validationFailed');
    expectRefused(await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [slab, slab] }), 400, 'validationFailed');
    expectRefused(
      await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [slab], items: [] }),
      400,
      'validationFailed',
    );
    expectRefused(await post('/api/tendering/bq-tenders', kumar, { itemIds: [slab] }), 400, 'validationFailed');
    expectRefused(await post('/api/tendering/bq-tenders', mei, { projectId: project, itemIds: [slab] }), 404, 'bqNotFound');
    expect(await tenderEvents()).toBe(before);
  });

  it("once Lim approves the BQ, picked items become the tender's lines; a header or an unknown id is 422 bqItemNotFound", async () => {
    const requested = await post(`/api/bill-of-quantity/${project}/actions/Request_Approve`, kumar, {}, { 'If-Match': String(revision) });
    // An item without a rate is complete for the BQ's approval (§5.3 asks description and unit).
    expect({ status: requested.status, state: requested.body.status }).toEqual({ status: 200, state: 'pendingApproval' });
    const approved = await post(
      `/api/bill-of-quantity/${project}/actions/Approve`,
      lim,
      {},
      { 'If-Match': String(requested.body.revision) },
    );
    expect(approved.body.status).toBe('active');
    const before = await tenderEvents();
    const withHeader = await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [slab, header] });
    expectRefused(withHeader, 422, 'bqItemNotFound');
    expect(withHeader.body.fields).toEqual({ itemIds: [`bqItemNotFound: ${header}`] });
    expectRefused(await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: ['no-such-row'] }), 422, 'bqItemNotFound');
    expect(await tenderEvents()).toBe(before);

    const made = await post('/api/tendering/bq-tenders', kumar, {
      projectId: project,
      itemIds: [waterproofing, slab],
      title: 'Basement package',
      tenderType: 'trade',
    });
    expect({ status: made.status, type: made.body.tenderType, items: made.body.items, state: made.body.status }).toEqual({
      status: 201,
      type: 'trade',
      items: 2,
      state: 'new',
    });
    const tender = await running.api.call('get', `/api/documents/tender/${made.body.id}`, { token: kumar });
    expect({ title: tender.body.title, projectId: tender.body.projectId }).toEqual({ title: 'Basement package', projectId: project });
    // In the order picked; the BQ's rate as the estimate, none as 0 with the include box.
    expect(
      tender.body.items.map(
        (i: { description: string; unit: string; quantity: string; rate: string; includeZeroRate: boolean; amount: string }) => [
          i.description,
          i.unit,
          i.quantity,
          i.rate,
          i.includeZeroRate,
          i.amount,
        ],
      ),
    ).toEqual([
      ['Waterproofing: Crystalline', 'm2', '400.000', '0.00', true, '0.00'],
      ['Basement slab: Grade 30, 300 mm', 'm3', '120.000', '310.50', false, '37260.00'],
    ]);
    const untyped = await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [slab] });
    expect({ status: untyped.status, type: untyped.body.tenderType }).toEqual({ status: 201, type: 'material' });
    basement = { id: made.body.id, documentNo: made.body.documentNo };
    slabOnly = { id: untyped.body.id, documentNo: untyped.body.documentNo };
  });

  let basement = { id: '', documentNo: '' },
    slabOnly = { id: '', documentNo: '' };
  const links = async (token = kumar) => running.api.call('get', `/api/tendering/projects/${project}/bq-item-tenders`, { token });
  const linkRows = async () =>
    (
      await running.sql.query<{ row: unknown }>(
        'SELECT to_jsonb(t) AS row FROM bq_item_tenders t ORDER BY project_id, bq_item_id, tender_id, line_no',
      )
    ).map(({ row }) => JSON.stringify(row));

  it('each line keeps the BQ item it was made from; the BQ row lists the tenders made from it', async () => {
    const tender = await running.api.call('get', `/api/documents/tender/${basement.id}`, { token: kumar });
    expect(tender.body.items.map((i: { lineNo: number; bqItemId?: string }) => [i.lineNo, i.bqItemId])).toEqual([
      [1, waterproofing],
      [2, slab],
    ]);
    const reply = await links();
    expect(reply.status).toBe(200);
    const byItem = new Map(
      (reply.body.data as { bqItemId: string; tenders: { id: string; documentNo: string; status: string; lineNo: number }[] }[]).map(
        (d) => [d.bqItemId, d.tenders.map((t) => [t.id, t.documentNo, t.status, t.lineNo])],
      ),
    );
    expect(byItem.get(waterproofing)).toEqual([[basement.id, basement.documentNo, 'new', 1]]);
    // The slab went into two tenders: as line 2 of the basement package and line 1 of the other.
    expect(byItem.get(slab)).toEqual(
      [
        [basement.id, basement.documentNo, 'new', 2],
        [slabOnly.id, slabOnly.documentNo, 'new', 1],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    expect(byItem.has(header)).toBe(false);
    expect(reply.body.capped).toBe(false);
    // One row's own (what the BQ editor asks for when the project's list is capped): the same links, that row's only.
    const slabs = await running.api.call('get', `/api/tendering/projects/${project}/bq-item-tenders?bqItemId=${slab}`, { token: kumar });
    expect({
      status: slabs.status,
      capped: slabs.body.capped,
      items: slabs.body.data.map((d: { bqItemId: string }) => d.bqItemId),
    }).toEqual({ status: 200, capped: false, items: [slab] });
    expect(slabs.body.data[0].tenders).toEqual(reply.body.data.find((d: { bqItemId: string }) => d.bqItemId === slab).tenders);
    expect(
      (await running.api.call('get', `/api/tendering/projects/${project}/bq-item-tenders?bqItemId=${header}`, { token: kumar })).body.data,
    ).toEqual([]);
    expectRefused(
      await running.api.call('get', `/api/tendering/projects/${project}/bq-item-tenders?bqItemId=`, { token: kumar }),
      400,
      'validationFailed',
    );
    expectRefused(
      await running.api.call('get', `/api/tendering/projects/${project}/bq-item-tenders?bqItemId=${slab}&bqItemId=${header}`, {
        token: kumar,
      }),
      400,
      'validationFailed',
    );
    expectRefused(
      await running.api.call('get', `/api/tendering/projects/${project}/bq-item-tenders?bqItemId=${'x'.repeat(101)}`, { token: kumar }),
      400,
      'validationFailed',
    );
    // Another company's project, or a stray parameter: refused.
    expectRefused(await links(mei), 404, 'projectNotFound');
    expectRefused(
      await running.api.call('get', `/api/tendering/projects/${project}/bq-item-tenders?page=2`, { token: kumar }),
      400,
      'validationFailed',
    );
  });

  it('a BQ link is made only by the BQ route: 400 on a tender made or edited by hand, and on any other kind; nothing recorded', async () => {
    const before = await tenderEvents();
    const line = { description: 'Slab', unit: 'm3', quantity: '1', rate: '1.00', bqItemId: slab };
    const tender = await running.api.call('get', `/api/documents/tender/${basement.id}`, { token: kumar });
    const byHand = await post('/api/documents/tender', kumar, { ...tenderFields(tender.body), items: [line] });
    expectRefused(byHand, 400, 'validationFailed');
    expect(Object.keys(byHand.body.fields)).toEqual(['items[0].bqItemId']);
    const order = await post('/api/documents/purchaseOrder', kumar, { title: 'PO', counterpartyCompanyId: MUTIARA, items: [line] });
    expectRefused(order, 400, 'validationFailed');
    expect(Object.keys(order.body.fields)).toEqual(['items[0].bqItemId']);
    // An edit may not name a BQ item the tender was not made from (the other tender was made from the slab only).
    const other = await running.api.call('get', `/api/documents/tender/${slabOnly.id}`, { token: kumar });
    const stray = await running.api.call('put', `/api/documents/tender/${slabOnly.id}`, {
      token: kumar,
      body: { items: [{ ...line, bqItemId: waterproofing }] },
      headers: { 'If-Match': String(other.body.revision) },
    });
    expectRefused(stray, 400, 'validationFailed');
    expect(await tenderEvents()).toBe(before);
  });

  it('an edit keeps or drops its own links, and the BQ rows follow; store rebuild gives the same rows', async () => {
    const tender = await running.api.call('get', `/api/documents/tender/${basement.id}`, { token: kumar });
    type Line = { description: string; unit: string; quantity: string; rate: string; includeZeroRate: boolean; bqItemId?: string };
    const [water, slabLine] = tender.body.items as Line[];
    const keep = (item: Line) => ({
      description: item.description,
      unit: item.unit,
      quantity: item.quantity,
      rate: item.rate,
      includeZeroRate: item.includeZeroRate,
      ...(item.bqItemId ? { bqItemId: item.bqItemId } : {}),
    });
    // The slab line first now, the waterproofing line's link dropped.
    const edited = await running.api.call('put', `/api/documents/tender/${basement.id}`, {
      token: kumar,
      body: { items: [keep(slabLine!), { ...keep(water!), bqItemId: undefined }] },
      headers: { 'If-Match': String(tender.body.revision) },
    });
    expect(edited.status).toBe(200);
    const after = await running.api.call('get', `/api/documents/tender/${basement.id}`, { token: kumar });
    expect(after.body.items.map((i: Line & { lineNo: number }) => [i.lineNo, i.bqItemId ?? null])).toEqual([
      [1, slab],
      [2, null],
    ]);
    const byItem = new Map(
      ((await links()).body.data as { bqItemId: string; tenders: { id: string; lineNo: number }[] }[]).map((d) => [
        d.bqItemId,
        d.tenders.map((t) => [t.id, t.lineNo]),
      ]),
    );
    expect(byItem.has(waterproofing)).toBe(false);
    expect(byItem.get(slab)).toEqual(
      expect.arrayContaining([
        [basement.id, 1],
        [slabOnly.id, 1],
      ]),
    );
    const live = await linkRows();
    expect(live).toHaveLength(2);
    const store = running.store;
    if (!(store instanceof SqlEventStore)) throw new Error('rebuild needs a SQL store');
    expect((await store.rebuild()).projections).toEqual(expect.arrayContaining(['bqItemTenders']));
    expect(await linkRows()).toEqual(live);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
