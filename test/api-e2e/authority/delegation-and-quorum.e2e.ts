// Delegated approval authority and levels that need more than one person, over the API on its own app (it
// changes Teguh Bina's purchase-order manual): Lim lends Farid his level for a week, up to an amount; Farid's
// approval names both; the grant ends by itself, can be revoked, never reaches past what Lim holds, and never
// approves a document Lim made. Then a level that needs all its holders, and one decided by a majority.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FEATURE_STORES, itAnsweredEveryCallWithoutAServerError, purchaseOrderBody, TEGUH } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning } from './harness.js';

const BASE = '/api/documents/purchaseOrder';
const DAY = 86_400_000;
const order = (rate: string) =>
  purchaseOrderBody({ sstApplicable: false, items: [{ description: 'Formwork plywood', unit: 'lot', quantity: '1', rate }] });

describe.each(FEATURE_STORES)('delegation and quorum levels on %s', (kind) => {
  let running: AuthorityRunning | undefined;
  let kumar: string, lim: string, aminah: string, farid: string;
  const api = () => running!.api;
  const id = (email: string) => running!.userId(email);
  const act = (token: string, docId: string, event: string, revision: number, body?: unknown) =>
    api().call('post', `${BASE}/${docId}/actions/${event}`, {
      token,
      headers: { 'If-Match': String(revision) },
      ...(body ? { body } : {}),
    });
  const requested = async (rate: string, by = kumar) => {
    const created = await api().call('post', BASE, { token: by, body: order(rate) });
    expect({ status: created.status, code: created.body.errorCode }).toEqual({ status: 201, code: undefined });
    expect((await act(by, created.body.id, 'Request_Approve', 1)).status).toBe(200);
    return created.body.id as string;
  };
  const route = async (docId: string, token = aminah) => (await api().call('get', `${BASE}/${docId}`, { token })).body.approvalRoute;
  const assign = async (email: string, level: number, remove = false) => {
    const reply = await api().call('post', `/api/company-workflow/assignments${remove ? '/unassign' : ''}`, {
      token: aminah,
      body: { code: 'purchaseOrder', user_id: id(email), workflow_level: level },
    });
    expect([200, 409]).toContain(reply.status);
  };
  const manual = async (levels: unknown[]) => {
    const reply = await api().call('put', '/api/authority-manuals/purchaseOrder', {
      token: aminah,
      body: { label: 'Purchase orders', levels, allowSelfApproval: false },
    });
    expect(reply.status).toBe(200);
    return reply;
  };
  const grant = (token: string, body: Record<string, unknown>) => api().call('post', '/api/authority-delegations', { token, body });
  const week = () => new Date(running!.clock.now.getTime() + 7 * DAY).toISOString();

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    kumar = await running.signIn('kumar@teguhbina.my', TEGUH);
    lim = await running.signIn('lim@teguhbina.my', TEGUH);
    aminah = await running.signIn('aminah@teguhbina.my', TEGUH);
    farid = await running.signIn('farid@teguhbina.my', TEGUH);
    await assign('farid@teguhbina.my', 20, true);
    await manual([
      { level: 20, limit: '10000.00' },
      { level: 21, limit: null },
    ]);
  }, 300_000);
  afterAll(async () => running?.stop());

  describe('delegation', () => {
    let grantId: string;

    it('refuses a grant to oneself, to a stranger, of nothing held, of someone else’s authority without the right, and bad fields', async () => {
      const me = await grant(lim, { toUserId: id('lim@teguhbina.my'), endsAt: week(), reason: 'site visit' });
      expect(me.status).toBe(422);
      expect(me.body.errorCode).toBe('delegateIsDelegator');
      const stranger = await grant(lim, { toUserId: id('ahmad@mutiarasupplies.my'), endsAt: week(), reason: 'site visit' });
      expect(stranger.status).toBe(422);
      expect(stranger.body.errorCode).toBe('userNotCompanyMember');
      const nothing = await grant(kumar, { toUserId: id('farid@teguhbina.my'), endsAt: week(), reason: 'leave' });
      expect(nothing.status).toBe(422);
      expect(nothing.body.errorCode).toBe('nothingToDelegate');
      const othersAuthority = await grant(kumar, {
        fromUserId: id('lim@teguhbina.my'),
        toUserId: id('farid@teguhbina.my'),
        endsAt: week(),
        reason: 'Lim is away',
      });
      expect(othersAuthority.status).toBe(403);
      const bad = await grant(lim, {
        toUserId: id('farid@teguhbina.my'),
        endsAt: 'soon',
        upTo: 'lots',
        resources: ['nonsense'],
        reason: '',
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields).sort()).toEqual(['endsAt', 'reason', 'resources', 'upTo']);
      const long = await grant(lim, {
        toUserId: id('farid@teguhbina.my'),
        endsAt: new Date(running!.clock.now.getTime() + 400 * DAY).toISOString(),
        reason: 'a year away',
      });
      expect(long.status).toBe(400);
      const list = await api().call('get', '/api/authority-delegations', { token: aminah });
      expect(list.body.delegations).toEqual([]);
    });

    it('any member finds the colleagues a grant may name, searched by name, where the members list is closed to them', async () => {
      expect((await api().call('get', '/api/company/members', { token: farid })).status).toBe(403);
      const all = await api().call('get', '/api/authority-delegations/delegates', { token: farid });
      expect(all.status).toBe(200);
      expect(all.body.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['Lim Wei Ling', 'Kumar a/l Rajan']));
      const found = await api().call('get', `/api/authority-delegations/delegates?filter=${encodeURIComponent('{"q":"Lim"}')}`, {
        token: farid,
      });
      expect(found.body.map((m: { name: string }) => m.name)).toEqual(['Lim Wei Ling']);
      expect(found.headers['content-range']).toBe('delegates 0-0/1');
    });

    it('Lim lends Farid his purchase-order level for a week up to RM 8,000; Farid approves an order and the route names both', async () => {
      const given = await grant(lim, {
        toUserId: id('farid@teguhbina.my'),
        resources: ['purchaseOrder'],
        upTo: '8000',
        endsAt: week(),
        reason: 'On site in Kuantan all week',
      });
      expect(given.status).toBe(201);
      expect(given.body.delegation).toMatchObject({
        fromUser: { id: id('lim@teguhbina.my'), name: 'Lim Wei Ling' },
        toUser: { id: id('farid@teguhbina.my') },
        upTo: '8000.00',
        state: 'inForce',
        resources: ['purchaseOrder'],
      });
      grantId = given.body.delegation.id;

      const docId = await requested('5000.00');
      const before = await route(docId);
      expect(before.mayActNext).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            userId: id('farid@teguhbina.my'),
            onBehalfOf: expect.objectContaining({ userId: id('lim@teguhbina.my') }),
          }),
        ]),
      );
      expect(before.reason.delegations).toEqual([expect.objectContaining({ id: grantId, upTo: '8000.00' })]);
      // Farid's queue holds Lim's waiting order, marked as Lim's; an order above the cap stays Lim's alone.
      const aboveCap = await requested('9500.00');
      const queue = await api().call('get', '/api/my-approvals?resource=purchaseOrder&range=[0,99]', { token: farid });
      expect(queue.status).toBe(200);
      const mine = queue.body.data.filter((row: { id: string }) => row.id === docId || row.id === aboveCap);
      expect(mine).toEqual([
        expect.objectContaining({ id: docId, onBehalfOf: { userId: id('lim@teguhbina.my'), name: 'Lim Wei Ling' }, actions: ['Approve'] }),
      ]);
      expect(queue.body.total).toBe(queue.body.data.length);
      const approved = await act(farid, docId, 'Approve', 2);
      expect(approved.status).toBe(200);
      expect(approved.body.status).toBe('pendingConfirmation');
      const after = await route(docId);
      expect(after.approvals).toEqual([
        expect.objectContaining({
          level: 20,
          userId: id('farid@teguhbina.my'),
          onBehalfOf: { userId: id('lim@teguhbina.my'), name: 'Lim Wei Ling' },
        }),
      ]);
      const history = await api().call('get', `${BASE}/${docId}/history`, { token: aminah });
      expect(history.body.at(-1)).toMatchObject({
        action: 'Approve',
        actor: { userId: id('farid@teguhbina.my'), name: 'Farid bin Hassan' },
        onBehalfOf: { userId: id('lim@teguhbina.my'), name: 'Lim Wei Ling' },
      });
    });

    it('past its cap, or on a document its delegator made, a grant does not reach', async () => {
      const above = await requested('9000.00');
      const refused = await act(farid, above, 'Approve', 2);
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe('noAuthority');
      // Kumar makes the orders; given level 20 too, he lends it to Farid without a cap: on Kumar's own order of RM 9,000
      // (above Lim's cap, so only Kumar's grant could reach) Farid may not approve with it.
      await assign('kumar@teguhbina.my', 20);
      const kumars = await grant(kumar, { toUserId: id('farid@teguhbina.my'), endsAt: week(), reason: 'Leave' });
      expect(kumars.status).toBe(201);
      const own = await requested('9000.00');
      const self = await act(farid, own, 'Approve', 2);
      expect(self.status).toBe(403);
      expect(self.body.errorCode).toBe('selfApprovalForbidden');
      expect(
        (
          await api().call('post', `/api/authority-delegations/${kumars.body.delegation.id}/revoke`, {
            token: kumar,
            body: { reason: 'Not needed' },
          })
        ).status,
      ).toBe(200);
      await assign('kumar@teguhbina.my', 20, true);
    });

    it('never past what Lim holds now: when Lim loses level 20 the delegate loses it too', async () => {
      const docId = await requested('4000.00');
      await assign('lim@teguhbina.my', 20, true);
      const refused = await act(farid, docId, 'Approve', 2);
      expect(refused.status).toBe(403);
      await assign('lim@teguhbina.my', 20);
      expect((await act(farid, docId, 'Approve', 2)).status).toBe(200);
    });

    it('ends by itself at its end, and a revoke ends it at once (each an event in the history)', async () => {
      const docId = await requested('2000.00');
      running!.clock.advance(8 * DAY);
      farid = await running!.signIn('farid@teguhbina.my', TEGUH);
      aminah = await running!.signIn('aminah@teguhbina.my', TEGUH);
      kumar = await running!.signIn('kumar@teguhbina.my', TEGUH);
      lim = await running!.signIn('lim@teguhbina.my', TEGUH);
      const ended = await act(farid, docId, 'Approve', 2);
      expect(ended.status).toBe(403);
      const list = await api().call('get', '/api/authority-delegations', { token: lim });
      expect(list.body.delegations.find((d: { id: string }) => d.id === grantId).state).toBe('ended');
      const lateRevoke = await api().call('post', `/api/authority-delegations/${grantId}/revoke`, { token: lim, body: { reason: 'back' } });
      expect(lateRevoke.status).toBe(409);
      expect(lateRevoke.body.errorCode).toBe('delegationEnded');

      const again = await grant(lim, { toUserId: id('farid@teguhbina.my'), endsAt: week(), reason: 'Away again' });
      expect(again.status).toBe(201);
      expect((await route(docId)).mayActNext.map((p: { userId: string }) => p.userId)).toContain(id('farid@teguhbina.my'));
      const stranger = await api().call('post', `/api/authority-delegations/${again.body.delegation.id}/revoke`, {
        token: kumar,
        body: { reason: 'mine now' },
      });
      expect(stranger.status).toBe(404);
      const revoked = await api().call('post', `/api/authority-delegations/${again.body.delegation.id}/revoke`, {
        token: lim,
        body: { reason: 'Back early' },
      });
      expect(revoked.status).toBe(200);
      expect(revoked.body.delegation).toMatchObject({ state: 'revoked', revokeReason: 'Back early' });
      expect((await act(farid, docId, 'Approve', 2)).status).toBe(403);
      const twice = await api().call('post', `/api/authority-delegations/${again.body.delegation.id}/revoke`, {
        token: lim,
        body: { reason: 'x' },
      });
      expect(twice.status).toBe(409);
      const history = await api().call('get', '/api/company-workflow/history', { token: aminah });
      const types = history.body.history
        .filter((row: { code: string }) => row.code === 'delegation')
        .map((row: { eventType: string }) => row.eventType);
      expect(types).toEqual([
        'AuthorityDelegationRevoked',
        'AuthorityDelegated',
        'AuthorityDelegationRevoked',
        'AuthorityDelegated',
        'AuthorityDelegated',
      ]);
    });
  });

  describe('levels that need more than one person', () => {
    it('a manual level with a bad quorum, reject rule, response time or escalation is refused with the field named', async () => {
      const reply = await api().call('put', '/api/authority-manuals/purchaseOrder', {
        token: aminah,
        body: {
          label: 'Purchase orders',
          levels: [
            { level: 20, limit: '10000.00', quorum: 0, rejectRule: 'some', responseHours: 0 },
            { level: 21, limit: null, escalateTo: { to: 'nextLevel' }, responseHours: 24 },
          ],
        },
      });
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.fields).sort()).toEqual([
        'levels[0].quorum',
        'levels[0].rejectRule',
        'levels[0].responseHours',
        'levels[1].escalateTo',
      ]);
    });

    it('"all": the order waits until every holder of level 20 approved; the route shows who approved and who is awaited', async () => {
      await assign('farid@teguhbina.my', 20);
      await manual([
        { level: 20, limit: '10000.00', quorum: 'all' },
        { level: 21, limit: null },
      ]);
      const docId = await requested('1500.00');
      const first = await route(docId);
      const level20 = first.levels[0];
      expect(level20.need).toBe(level20.holders.length);
      expect(level20.need).toBeGreaterThanOrEqual(2);
      expect((await act(lim, docId, 'Approve', 2)).body.status).toBe('new');
      const waiting = await route(docId);
      expect(waiting.levels[0].approvedBy.map((p: { userId: string }) => p.userId)).toEqual([id('lim@teguhbina.my')]);
      expect(waiting.levels[0].awaited.map((p: { userId: string }) => p.userId)).toContain(id('farid@teguhbina.my'));
      expect(waiting.levels[0].awaited.map((p: { userId: string }) => p.userId)).not.toContain(id('lim@teguhbina.my'));
      let revision = 3;
      for (const holder of level20.holders.filter((h: { userId: string }) => h.userId !== id('lim@teguhbina.my'))) {
        const email = holder.userId === id('farid@teguhbina.my') ? 'farid@teguhbina.my' : null;
        const token = email ? farid : await running!.signIn(await emailOf(holder.userId), TEGUH);
        const reply = await act(token, docId, 'Approve', revision);
        expect(reply.status).toBe(200);
        revision += 1;
      }
      expect((await route(docId)).open).toBe(false);
      expect((await api().call('get', `${BASE}/${docId}`, { token: aminah })).body.status).toBe('pendingConfirmation');
    });

    it('"majority": one reject is a vote and the order stays; when more than half the holders reject, it is rejected', async () => {
      await manual([
        { level: 20, limit: '10000.00', rejectRule: 'majority' },
        { level: 21, limit: null },
      ]);
      const docId = await requested('1200.00');
      const holders = (await route(docId)).levels[0].holders as { userId: string }[];
      const voters = holders.filter((h) => h.userId !== id('kumar@teguhbina.my'));
      let revision = 2;
      let status = 'new';
      let votes = 0;
      for (const voter of voters) {
        const token = await running!.signIn(await emailOf(voter.userId), TEGUH);
        const reply = await act(token, docId, 'Reject', revision, { remark: 'Price too high' });
        expect(reply.status).toBe(200);
        revision += 1;
        votes += 1;
        status = reply.body.status;
        if (votes * 2 > holders.length) break;
        expect(status).toBe('new');
        const again = await act(token, docId, 'Reject', revision, { remark: 'Still too high' });
        expect(again.body.errorCode).toBe('alreadyRejectedByActor');
        expect((await route(docId)).levels[0].rejectedBy.length).toBe(votes);
      }
      expect(status).toBe('rejected');
    });
  });

  async function emailOf(userId: string): Promise<string> {
    const [row] = await running!.sql.query<{ email: string }>('SELECT email FROM identity_users WHERE user_id = $1', [userId]);
    return row!.email;
  }

  itAnsweredEveryCallWithoutAServerError(() => running);
});
