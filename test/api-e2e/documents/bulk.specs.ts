// Bulk actions on a selection: each document through the machine one by one, each result reported; a
// selection holds at most 10 items.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { purchaseOrderBody, TEGUH, type Running } from './harness.js';

const BASE = '/api/documents/purchaseOrder';

export function bulkActions(running: () => Running): void {
  describe('bulk actions', () => {
    let kumar: string, lim: string, aminah: string;
    beforeAll(async () => {
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      lim = await running().signIn('lim@teguhbina.my', TEGUH);
      aminah = await running().signIn('aminah@teguhbina.my', TEGUH);
    });

    it('asks approval for three orders, then approves them with one stale revision reported as 409', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await running().api.call('post', BASE, { token: kumar, body: purchaseOrderBody() })).body.id);
      const requested = await running().api.call('post', `${BASE}/actions/Request_Approve`, {
        token: kumar,
        body: { items: ids.map((id) => ({ id, revision: 1 })) },
      });
      expect(requested.status).toBe(200);
      expect(requested.body.results.map((r: { ok: boolean; revision: number }) => [r.ok, r.revision])).toEqual([
        [true, 2],
        [true, 2],
        [true, 2],
      ]);
      const approved = await running().api.call('post', `${BASE}/actions/Approve`, {
        token: lim,
        body: { items: ids.map((id, i) => ({ id, revision: i === 1 ? 1 : 2 })) },
      });
      expect(
        approved.body.results.map((r: { ok: boolean; status?: string; httpStatus?: number; errorCode?: string }) =>
          r.ok ? r.status : `${r.httpStatus} ${r.errorCode}`,
        ),
      ).toEqual(['pendingConfirmation', '409 wrongExpectedRevision', 'pendingConfirmation']);
      // aminah may approve in procurement (access right) but holds 10 and 22, not the level 20 that is next.
      const noAuthority = await running().api.call('post', `${BASE}/actions/Approve`, {
        token: aminah,
        body: { items: [{ id: ids[1], revision: 2 }] },
      });
      expect(noAuthority.body.results[0]).toMatchObject({ ok: false, httpStatus: 403, errorCode: 'noAuthority' });
    });

    it('refuses a selection of more than 10 items (422 tooManyItemsSelected) and an empty one (400)', async () => {
      const items = Array.from({ length: 11 }, () => ({ id: '00000000-0000-4000-8000-000000000000', revision: 1 }));
      const tooMany = await running().api.call('post', `${BASE}/actions/Approve`, { token: lim, body: { items } });
      expect([tooMany.status, tooMany.body.errorCode]).toEqual([422, 'tooManyItemsSelected']);
      expect((await running().api.call('post', `${BASE}/actions/Approve`, { token: lim, body: { items: [] } })).status).toBe(400);
    });
  });
}
