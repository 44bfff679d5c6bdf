// Tenders from a bill of quantity's items (issue 18), on PGlite and on PostgreSQL: Kumar builds a BQ in the
// office tower (a header, two items, one without a rate), Lim approves it; Kumar picks the items and they
// become the tender's lines (title and description, unit, quantity, the BQ's rate as the buyer's estimate,
// a missing rate as 0 with the include box). Refused: a BQ not approved (409), an id that is not an item
// (a header, an unknown id: 422), another company's project (404), a bad body (400); nothing recorded.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';
import { itAnsweredEveryCallWithoutAServerError, MUTIARA, STORES, TEGUH, type Reply } from '../documents/harness.js';

describe.each(STORES)('tenders from bill of quantity items on %s', (kind) => {
  let running: AuthorityRunning;
  let aminah = '', kumar = '', lim = '', mei = '';
  let project = '', tab = '', header = '', slab = '', waterproofing = '';
  let revision = 0;
  const post = (path: string, token: string, body: Record<string, unknown>, headers?: Record<string, string>) => running.api.call('post', path, { token, body, headers });
  const bq = async (path: string, body: Record<string, unknown>) => {
    const reply = await post(`/api/${path}`, kumar, { project_id: project, revision, ...body });
    expect([reply.status, reply.body.errorCode]).toEqual([reply.status < 300 ? reply.status : 200, undefined]);
    revision = reply.body.revision as number;
    return reply.body as { id: string };
  };
  const expectRefused = (reply: Reply, status: number, code: string) => expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const tenderEvents = async () => Number((await running.sql.query<{ n: string | number }>("SELECT count(*) AS n FROM events WHERE stream_type = 'tender'"))[0]!.n);

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    [aminah, kumar, lim, mei] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH), running.signIn('kumar@teguhbina.my', TEGUH), running.signIn('lim@teguhbina.my', TEGUH), running.signIn('mei@mutiarasupplies.my', MUTIARA),
    ]);
    const list = (await running.api.call('get', '/api/project-list-by-user', { token: kumar })).body as { project: { id: string; project_code: string } }[];
    project = list.find((i) => i.project.project_code === 'TB-MT-A')!.project.id;
    for (const [email, level] of [['kumar@teguhbina.my', 10], ['lim@teguhbina.my', 20]] as const) {
      const given = await running.api.call('post', `/api/projects/${project}/assignments`, { token: aminah, body: { code: 'billOfQuantity', user_id: running.userId(email), workflow_level: level } });
      expect(given.status).toBe(200);
    }
    const first = await post('/api/bq-tab/add', kumar, { project_id: project, name: 'Substructure' });
    tab = first.body.id;
    revision = first.body.revision;
    header = (await bq('bq-item/add', { bq_tab_id: tab, type: 'header', title: 'Concrete' })).id;
    slab = (await bq('bq-item/add', { bq_tab_id: tab, parent_id: header, type: 'item', title: 'Basement slab', description: 'Grade 30, 300 mm', unit: 'm3', quantity: '120', rate: '310.50' })).id;
    waterproofing = (await bq('bq-item/add', { bq_tab_id: tab, parent_id: header, type: 'item', title: 'Waterproofing', description: 'Crystalline', unit: 'm2', quantity: '400' })).id;
  }, 180_000);
  afterAll(async () => running?.stop());

  it('refusals while the BQ is not approved, and for bad bodies; nothing recorded', async () => {
    const before = await tenderEvents();
    expectRefused(await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [slab] }), 409, 'bqNotApproved');
    expectRefused(await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [] }), 400, 'validationFailed');
    expectRefused(await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [slab, slab] }), 400, 'validationFailed');
    expectRefused(await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [slab], items: [] }), 400, 'validationFailed');
    expectRefused(await post('/api/tendering/bq-tenders', kumar, { itemIds: [slab] }), 400, 'validationFailed');
    expectRefused(await post('/api/tendering/bq-tenders', mei, { projectId: project, itemIds: [slab] }), 404, 'bqNotFound');
    expect(await tenderEvents()).toBe(before);
  });

  it('once Lim approves the BQ, picked items become the tender\'s lines; a header or an unknown id is 422 bqItemNotFound', async () => {
    const requested = await post(`/api/bill-of-quantity/${project}/actions/Request_Approve`, kumar, {}, { 'If-Match': String(revision) });
    // An item without a rate is complete for the BQ's approval (§5.3 asks description and unit).
    expect({ status: requested.status, state: requested.body.status }).toEqual({ status: 200, state: 'pendingApproval' });
    const approved = await post(`/api/bill-of-quantity/${project}/actions/Approve`, lim, {}, { 'If-Match': String(requested.body.revision) });
    expect(approved.body.status).toBe('active');
    const before = await tenderEvents();
    const withHeader = await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [slab, header] });
    expectRefused(withHeader, 422, 'bqItemNotFound');
    expect(withHeader.body.fields).toEqual({ itemIds: [`bqItemNotFound: ${header}`] });
    expectRefused(await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: ['no-such-row'] }), 422, 'bqItemNotFound');
    expect(await tenderEvents()).toBe(before);

    const made = await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [waterproofing, slab], title: 'Basement package', tenderType: 'trade' });
    expect({ status: made.status, type: made.body.tenderType, items: made.body.items, state: made.body.status }).toEqual({ status: 201, type: 'trade', items: 2, state: 'new' });
    const tender = await running.api.call('get', `/api/documents/tender/${made.body.id}`, { token: kumar });
    expect({ title: tender.body.title, projectId: tender.body.projectId }).toEqual({ title: 'Basement package', projectId: project });
    // In the order picked; the BQ's rate as the estimate, none as 0 with the include box.
    expect(tender.body.items.map((i: { description: string; unit: string; quantity: string; rate: string; includeZeroRate: boolean; amount: string }) => [i.description, i.unit, i.quantity, i.rate, i.includeZeroRate, i.amount])).toEqual([
      ['Waterproofing: Crystalline', 'm2', '400.000', '0.00', true, '0.00'],
      ['Basement slab: Grade 30, 300 mm', 'm3', '120.000', '310.50', false, '37260.00'],
    ]);
    const untyped = await post('/api/tendering/bq-tenders', kumar, { projectId: project, itemIds: [slab] });
    expect({ status: untyped.status, type: untyped.body.tenderType }).toEqual({ status: 201, type: 'material' });
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
