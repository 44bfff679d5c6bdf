// The approved list of tenderers, on PGlite and on PostgreSQL. Teguh Bina's procurement officer
// (kumar, level 10 on tender) proposes Mutiara Supplies and Kukuh Jaya from the directory; its approver (lim,
// verify levels) approves Mutiara and rejects Kukuh Jaya with a remark; kumar proposes Kukuh Jaya again.
// Every change is an event with its actor; the list is read per status; another company sees nothing of it;
// every refusal has its code and records nothing; store rebuild makes the same table.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEventStore } from '@binaan/event-store';
import {
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  userIdOf,
  type Reply,
  type Running,
  KUKUH,
} from '../documents/harness.js';

const BASE = '/api/tendering/tenderers';
const MINUTE = 60_000;

describe.each(FEATURE_STORES)('approved list of tenderers on %s', (kind) => {
  let running: Running | undefined;
  const r = () => running!;
  let kumar = '',
    lim = '',
    farid = '',
    mei = '';

  const call = (method: 'get' | 'post', path: string, token: string, body?: unknown) => r().api.call(method, path, { token, body });
  const expectRefused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const recorded = async () =>
    Number((await r().sql.query<{ n: string | number }>("SELECT count(*) AS n FROM events WHERE stream_type = 'approvedTenderer'"))[0]!.n);
  const listed = async (token: string, status: string) => {
    const reply = await call('get', `${BASE}?status=${status}`, token);
    expect(reply.status).toBe(200);
    return reply.body.data as {
      companyId: string;
      name: string;
      status: string;
      proposedByName: string;
      decidedByName: string | null;
      remark: string | null;
      note: string | null;
    }[];
  };

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    lim = await r().signIn('lim@teguhbina.my', TEGUH);
    farid = await r().signIn('farid@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
  }, 300_000);
  afterAll(async () => running?.stop());

  it('bad proposals are refused with their codes, and nothing is recorded', async () => {
    expectRefused(await call('post', BASE, kumar, {}), 400, 'validationFailed');
    expectRefused(await call('post', BASE, kumar, { companyId: MUTIARA, status: 'approved' }), 400, 'validationFailed');
    expectRefused(await call('post', BASE, kumar, { companyId: MUTIARA, note: 'x'.repeat(1001) }), 400, 'validationFailed');
    expectRefused(await call('post', BASE, farid, { companyId: MUTIARA }), 403, 'noAuthority');
    expectRefused(await call('post', BASE, kumar, { companyId: TEGUH }), 422, 'inviteeIsOwnCompany');
    expectRefused(await call('post', BASE, kumar, { companyId: 'no-such-company' }), 422, 'unknownCounterparty');
    expectRefused(await call('post', `${BASE}/${MUTIARA}/approve`, lim, {}), 404, 'tendererNotFound');
    expectRefused(await call('post', `${BASE}/${MUTIARA}/reject`, lim, { remark: 'No.' }), 404, 'tendererNotFound');
    expectRefused(await call('get', `${BASE}?status=invited`, kumar), 400, 'validationFailed');
    expectRefused(await call('get', `${BASE}?status=pending&sort=name`, kumar), 400, 'validationFailed');
    expectRefused(await call('get', `${BASE}?status=pending&range=[0,500]`, kumar), 400, 'validationFailed');
    expect(await recorded()).toBe(0);
  });

  it('kumar proposes two directory companies: both pending, with who proposed; proposing one again is 409', async () => {
    const first = await call('post', BASE, kumar, { companyId: MUTIARA, note: 'Good record on Block A' });
    expect({ status: first.status, body: first.body }).toEqual({
      status: 201,
      body: expect.objectContaining({ companyId: MUTIARA, status: 'pending', revision: 0 }),
    });
    r().clock.advance(MINUTE);
    expect((await call('post', BASE, kumar, { companyId: KUKUH })).status).toBe(201);
    const pending = await listed(kumar, 'pending');
    // Newest change first.
    expect(pending.map((t) => [t.companyId, t.name, t.proposedByName, t.note])).toEqual([
      [KUKUH, 'Kukuh Jaya Contractor Sdn Bhd', 'Kumar a/l Rajan', null],
      [MUTIARA, 'Mutiara Supplies Sdn Bhd', 'Kumar a/l Rajan', 'Good record on Block A'],
    ]);
    expect(await listed(kumar, 'approved')).toEqual([]);
    expectRefused(await call('post', BASE, kumar, { companyId: MUTIARA }), 409, 'tendererAlreadyListed');
    expect(await recorded()).toBe(2);
  });

  it('deciding needs a verify level; rejecting needs a remark; nothing is recorded for a refusal', async () => {
    expectRefused(await call('post', `${BASE}/${MUTIARA}/approve`, kumar, {}), 403, 'noAuthority');
    expectRefused(await call('post', `${BASE}/${MUTIARA}/approve`, farid, {}), 403, 'noAuthority');
    const noRemark = await call('post', `${BASE}/${KUKUH}/reject`, lim, {});
    expectRefused(noRemark, 400, 'validationFailed');
    expect(noRemark.body.fields).toEqual({ remark: ['remarkRequired'] });
    expectRefused(await call('post', `${BASE}/${KUKUH}/reject`, lim, { remark: '  ' }), 400, 'validationFailed');
    expectRefused(await call('post', `${BASE}/${MUTIARA}/approve`, lim, { remark: 'ok', extra: 1 }), 400, 'validationFailed');
    expect(await recorded()).toBe(2);
  });

  it('lim approves Mutiara and rejects Kukuh Jaya with a remark: each list shows its own, each event has its actor', async () => {
    r().clock.advance(MINUTE);
    const approved = await call('post', `${BASE}/${MUTIARA}/approve`, lim, { remark: 'Approved for piling' });
    expect({ status: approved.status, state: approved.body.status, revision: approved.body.revision }).toEqual({
      status: 200,
      state: 'approved',
      revision: 1,
    });
    const rejected = await call('post', `${BASE}/${KUKUH}/reject`, lim, { remark: 'No CIDB G7 grade' });
    expect({ status: rejected.status, state: rejected.body.status }).toEqual({ status: 200, state: 'rejected' });
    expect((await listed(kumar, 'approved')).map((t) => [t.companyId, t.decidedByName, t.remark])).toEqual([
      [MUTIARA, 'Lim Wei Ling', 'Approved for piling'],
    ]);
    expect((await listed(kumar, 'rejected')).map((t) => [t.companyId, t.decidedByName, t.remark])).toEqual([
      [KUKUH, 'Lim Wei Ling', 'No CIDB G7 grade'],
    ]);
    expect(await listed(kumar, 'pending')).toEqual([]);
    const limId = await userIdOf(r(), 'lim@teguhbina.my');
    const kumarId = await userIdOf(r(), 'kumar@teguhbina.my');
    const events = await r().store.readStream(`approvedTenderer-${TEGUH}-${MUTIARA}`);
    expect(events.map((e) => [e.type, e.metadata.actorUserId, e.metadata.actorCompanyId])).toEqual([
      ['TendererProposed', kumarId, TEGUH],
      ['TendererApproved', limId, TEGUH],
    ]);
  });

  it('an approved tenderer cannot be approved again; a rejected one cannot be rejected again (409)', async () => {
    expectRefused(await call('post', `${BASE}/${MUTIARA}/approve`, lim, {}), 409, 'tendererWrongStatus');
    expectRefused(await call('post', `${BASE}/${KUKUH}/reject`, lim, { remark: 'Again' }), 409, 'tendererWrongStatus');
    expectRefused(await call('post', `${BASE}/${KUKUH}/approve`, lim, {}), 409, 'tendererWrongStatus');
    expect(await recorded()).toBe(4);
  });

  it('a rejected company may be proposed again: pending, the old decision kept only in its history', async () => {
    r().clock.advance(MINUTE);
    expect((await call('post', BASE, kumar, { companyId: KUKUH, note: 'Now G7' })).status).toBe(201);
    expect((await listed(kumar, 'pending')).map((t) => [t.companyId, t.remark, t.decidedByName, t.note])).toEqual([
      [KUKUH, null, null, 'Now G7'],
    ]);
    expect(await listed(kumar, 'rejected')).toEqual([]);
    expect((await r().store.readStream(`approvedTenderer-${TEGUH}-${KUKUH}`)).map((e) => e.type)).toEqual([
      'TendererProposed',
      'TendererRejected',
      'TendererProposed',
    ]);
  });

  it("another company sees nothing of Teguh Bina's list and cannot decide on it", async () => {
    expect(await listed(mei, 'approved')).toEqual([]);
    expect(await listed(mei, 'pending')).toEqual([]);
    // A decision always acts on the caller's own company's list: Mei (no verify level on tender at Mutiara)
    // is refused, and Teguh Bina's pending Kukuh Jaya stays pending.
    expectRefused(await call('post', `${BASE}/${KUKUH}/approve`, mei, {}), 403, 'noAuthority');
    expect((await listed(kumar, 'pending')).map((t) => t.companyId)).toEqual([KUKUH]);
    expect(await recorded()).toBe(5);
  });

  it('pages: range and hasMore, no count', async () => {
    const first = await call('get', `${BASE}?status=approved&range=[0,0]`, kumar);
    expect({ n: first.body.data.length, hasMore: first.body.hasMore }).toEqual({ n: 1, hasMore: false });
    const empty = await call('get', `${BASE}?status=approved&range=[1,1]`, kumar);
    expect({ n: empty.body.data.length, hasMore: empty.body.hasMore }).toEqual({ n: 0, hasMore: false });
  });

  it('store rebuild gives the same list', async () => {
    const rows = async () =>
      (
        await r().sql.query<{ row: unknown }>('SELECT to_jsonb(t) AS row FROM approved_tenderers t ORDER BY buyer_company_id, company_id')
      ).map(({ row }) => JSON.stringify(row));
    const live = await rows();
    expect(live).toHaveLength(2);
    const store = r().store;
    if (!(store instanceof SqlEventStore)) throw new Error('rebuild needs a SQL store');
    expect((await store.rebuild()).projections).toEqual(expect.arrayContaining(['approvedTenderers']));
    expect(await rows()).toEqual(live);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
