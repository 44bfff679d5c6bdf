// "My approvals": the documents waiting for the caller's decision across kinds, oldest first, exactly those
// on which the machine offers the caller Approve (next missing level) or a counterparty's answer.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { MUTIARA, purchaseOrderBody, TEGUH, type Running } from './harness.js';

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
        const id = (await running().api.call('post', BASE, { token: kumar, body: purchaseOrderBody({ title: `Queue order ${i}` }) })).body.id as string;
        ids.push(id);
      }
      // Orders 0 and 2 ask for approval (2 first, so it has waited longer); order 1 stays a draft.
      for (const i of [2, 0]) {
        running().clock.advance(60_000);
        expect((await running().api.call('post', `${BASE}/${ids[i]}/actions/Request_Approve`, { token: kumar, headers: { 'If-Match': '"1"' } })).status).toBe(200);
      }
    });

    it('lists for the approver the orders waiting for level 20, oldest first, and not the draft', async () => {
      const mine = (await queue(lim)).filter((r) => ids.includes(r.id));
      expect(mine.map((r) => [r.id, r.actions, r.nextLevel, r.revision])).toEqual([[ids[2], ['Approve'], 20, 2], [ids[0], ['Approve'], 20, 2]]);
      const all = await queue(lim);
      const times = all.map((r) => r.waitingSince);
      expect([...times].sort()).toEqual(times);
    });

    it('lists nothing of them for the creator, who may not approve them', async () => {
      expect((await queue(kumar)).filter((r) => ids.includes(r.id))).toEqual([]);
    });

    it('moves an approved order to the seller, whose queue offers Confirm; the filter by kind keeps only that kind', async () => {
      expect((await running().api.call('post', `${BASE}/${ids[2]}/actions/Approve`, { token: lim, headers: { 'If-Match': '"2"' } })).body.status).toBe('pendingConfirmation');
      expect((await queue(lim)).map((r) => r.id)).not.toContain(ids[2]);
      const seller = (await queue(mei, '?resource=purchaseOrder')).filter((r) => ids.includes(r.id));
      expect(seller.map((r) => [r.id, r.actions, r.nextLevel])).toEqual([[ids[2], ['Confirm'], null]]);
      expect((await queue(mei, '?resource=invoice')).every((r) => r.resource === 'invoice')).toBe(true);
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
