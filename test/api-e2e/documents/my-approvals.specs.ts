// "My approvals": the documents waiting for the caller's decision across kinds, oldest first, exactly those
// on which the machine offers the caller Approve (next missing level) or a counterparty's answer.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { MUTIARA, purchaseOrderBody, TEGUH, userIdOf, type Running } from './harness.js';

const BASE = '/api/documents/purchaseOrder';
type Row = { id: string; resource: string; actions: string[]; nextLevel: number | null; waitingSince: string; revision: number };

export function myApprovals(running: () => Running): void {
  describe('my approvals', () => {
    let kumar: string, lim: string, mei: string;
    const ids: string[] = [];
    const queue = async (token: string, query = '') => {
      const reply = await running().api.call('get', `/api/my-approvals${query}`, { token });
      expect(reply.status).toBe(200);
      return reply.body.data as Row[];
    };

    beforeAll(async () => {
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      lim = await running().signIn('lim@teguhbina.my', TEGUH);
      mei = await running().signIn('mei@mutiarasupplies.my', MUTIARA);
      for (let i = 0; i < 3; i++) {
        const id = (await running().api.call('post', BASE, { token: kumar, body: purchaseOrderBody({ title: `Queue order ${i}` }) })).body
          .id as string;
        ids.push(id);
      }
      // Orders 0 and 2 ask for approval (2 first, so it has waited longer); order 1 stays a draft.
      for (const i of [2, 0]) {
        running().clock.advance(60_000);
        expect(
          (await running().api.call('post', `${BASE}/${ids[i]}/actions/Request_Approve`, { token: kumar, headers: { 'If-Match': '"1"' } }))
            .status,
        ).toBe(200);
      }
    });

    it('lists for the approver the orders waiting for level 20, oldest first, and not the draft', async () => {
      const mine = (await queue(lim)).filter((r) => ids.includes(r.id));
      expect(mine.map((r) => [r.id, r.actions, r.nextLevel, r.revision])).toEqual([
        [ids[2], ['Approve'], 20, 2],
        [ids[0], ['Approve'], 20, 2],
      ]);
      const all = await queue(lim);
      const times = all.map((r) => r.waitingSince);
      expect([...times].sort()).toEqual(times);
    });

    it('lists nothing of them for the creator, who may not approve them', async () => {
      expect((await queue(kumar)).filter((r) => ids.includes(r.id))).toEqual([]);
    });

    it('moves an approved order to the seller, whose queue offers Confirm; the filter by kind keeps only that kind', async () => {
      expect(
        (await running().api.call('post', `${BASE}/${ids[2]}/actions/Approve`, { token: lim, headers: { 'If-Match': '"2"' } })).body.status,
      ).toBe('pendingConfirmation');
      expect((await queue(lim)).map((r) => r.id)).not.toContain(ids[2]);
      const seller = (await queue(mei, '?resource=purchaseOrder')).filter((r) => ids.includes(r.id));
      expect(seller.map((r) => [r.id, r.actions, r.nextLevel])).toEqual([[ids[2], ['Confirm'], null]]);
      expect((await queue(mei, '?resource=invoice')).every((r) => r.resource === 'invoice')).toBe(true);
    });

    it('pages the whole backlog with its total, oldest first: every waiting order once, none cut off', async () => {
      const more: string[] = [];
      for (let i = 0; i < 27; i++) {
        const id = (await running().api.call('post', BASE, { token: kumar, body: purchaseOrderBody({ title: `Backlog order ${i}` }) })).body
          .id as string;
        running().clock.advance(1_000);
        expect(
          (await running().api.call('post', `${BASE}/${id}/actions/Request_Approve`, { token: kumar, headers: { 'If-Match': '"1"' } }))
            .status,
        ).toBe(200);
        more.push(id);
      }
      const first = await running().api.call('get', '/api/my-approvals', { token: lim });
      const total = first.body.total as number;
      expect(total).toBeGreaterThanOrEqual(28);
      expect(first.body.data).toHaveLength(25);
      expect(first.headers['content-range']).toBe(`my-approvals 0-24/${total}`);
      const seen: Row[] = [];
      for (let from = 0; from < total; from += 10) {
        const page = await running().api.call('get', `/api/my-approvals?range=${encodeURIComponent(JSON.stringify([from, from + 9]))}`, {
          token: lim,
        });
        expect(page.body.total).toBe(total);
        seen.push(...(page.body.data as Row[]));
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen.map((r) => r.id)).size).toBe(total);
      // The backlog is in, in the order it asked: the last one asked waits least.
      const order = seen.map((r) => r.id).filter((id) => more.includes(id));
      expect(order).toEqual(more);
      expect(seen.map((r) => r.id)).toContain(ids[0]);
      const times = seen.map((r) => r.waitingSince);
      expect([...times].sort()).toEqual(times);
      const past = await running().api.call('get', `/api/my-approvals?range=${encodeURIComponent(JSON.stringify([total, total + 4]))}`, {
        token: lim,
      });
      expect([past.status, past.body.data, past.body.total]).toEqual([200, [], total]);
      for (const bad of ['[5,1]', '[0,100]', 'x', '[-1,3]']) {
        const refused = await running().api.call('get', `/api/my-approvals?range=${encodeURIComponent(bad)}`, { token: lim });
        expect([refused.status, refused.body.errorCode, Object.keys(refused.body.fields ?? {})]).toEqual([
          400,
          'validationFailed',
          ['range'],
        ]);
      }
    });

    it("follows the authority: the orders leave lim's queue when his level is taken away and come back when given again", async () => {
      const aminah = await running().signIn('aminah@teguhbina.my', TEGUH);
      const body = { code: 'purchaseOrder', user_id: await userIdOf(running(), 'lim@teguhbina.my'), workflow_level: 20 };
      const ordersOf = async () =>
        (await queue(lim, '?resource=purchaseOrder&range=[0,99]')).filter((r) => ids.includes(r.id)).map((r) => r.id);
      expect(await ordersOf()).toEqual([ids[0]]);
      expect((await running().api.call('post', '/api/company-workflow/assignments/unassign', { token: aminah, body })).status).toBe(200);
      try {
        expect(await ordersOf()).toEqual([]);
        // The machine agrees: he may not approve it now.
        expect(
          (await running().api.call('post', `${BASE}/${ids[0]}/actions/Approve`, { token: lim, headers: { 'If-Match': '"2"' } })).status,
        ).toBe(403);
      } finally {
        expect((await running().api.call('post', '/api/company-workflow/assignments', { token: aminah, body })).status).toBe(200);
      }
      expect(await ordersOf()).toEqual([ids[0]]);
    });

    it('refuses an unknown kind (400) and a session without a company (403 companyNotChosen)', async () => {
      const bad = await running().api.call('get', '/api/my-approvals?resource=spaceship', { token: lim });
      expect([bad.status, bad.body.errorCode]).toEqual([400, 'validationFailed']);
      const login = await running().api.call('post', '/api/login', { body: { email: 'lim@teguhbina.my', password: DEMO_PASSWORD } });
      const none = await running().api.call('get', '/api/my-approvals', { token: login.body.jwtToken });
      expect([none.status, none.body.errorCode]).toEqual([403, 'companyNotChosen']);
    });
  });
}
