// A purchase order walked from Create through the buyer's approval round to the seller's Confirm and on
// to fulfilled, by the demo users with the right levels; then its list, history and replay.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { MUTIARA, purchaseOrderBody, TEGUH, type Running } from './harness.js';

const BASE = '/api/documents/purchaseOrder';
const MINUTE = 60_000;

export function purchaseOrderWalk(running: () => Running): void {
  describe('a purchase order from Create to fulfilled', () => {
    let kumar: string, lim: string, mei: string, aminah: string;
    let id = '';
    const times: string[] = [];
    const act = async (token: string, event: string, revision: number, body: Record<string, unknown> = {}) => {
      running().clock.advance(MINUTE);
      return running().api.call('post', `${BASE}/${id}/actions/${event}`, { token, body, headers: { 'If-Match': String(revision) } });
    };

    beforeAll(async () => {
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      lim = await running().signIn('lim@teguhbina.my', TEGUH);
      mei = await running().signIn('mei@mutiarasupplies.my', MUTIARA);
      aminah = await running().signIn('aminah@teguhbina.my', TEGUH);
    });

    it('kumar (level 10) creates it: a number per company, kind and year, exact totals with SST, revision 1', async () => {
      const created = await running().api.call('post', BASE, { token: kumar, body: purchaseOrderBody() });
      expect(created.status).toBe(201);
      id = created.body.id;
      times.push(running().clock.now.toISOString());
      expect(created.body).toMatchObject({
        resource: 'purchaseOrder',
        companyId: TEGUH,
        counterpartyCompanyId: MUTIARA,
        status: 'new',
        revision: 1,
        currency: 'RM',
        sstApplicable: true,
        totals: { subtotal: '1234.50', sst: '74.07', total: '1308.57' },
        editable: true,
      });
      expect(created.body.documentNo).toMatch(/^PO-2026-\d{5}$/);
      expect(created.body.items.map((i: { amount: string }) => i.amount)).toEqual(['1155.00', '79.50']);
      expect(created.headers.etag).toBe('"1"');
      expect(created.body.availableActions.map((a: { event: string }) => a.event).sort()).toEqual(['Cancel', 'Request_Approve']);
    });

    it('the seller cannot see it yet (404), and it is not in the seller list', async () => {
      expect((await running().api.call('get', `${BASE}/${id}`, { token: mei })).status).toBe(404);
      const list = await running().api.call('get', BASE, { token: mei });
      expect(list.body.map((d: { id: string }) => d.id)).not.toContain(id);
    });

    it('kumar edits the title while new (If-Match), then asks for approval', async () => {
      running().clock.advance(MINUTE);
      const edited = await running().api.call('put', `${BASE}/${id}`, {
        token: kumar,
        body: { title: 'Concrete G30 for Block A, level 3' },
        headers: { 'If-Match': '1' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ revision: 2, title: 'Concrete G30 for Block A, level 3' });
      times.push(running().clock.now.toISOString());
      const requested = await act(kumar, 'Request_Approve', 2);
      expect(requested.status).toBe(200);
      expect(requested.body).toMatchObject({ success: true, revision: 3, status: 'new' });
      times.push(running().clock.now.toISOString());
    });

    it('the approval route says level 20 is needed (workflows default, no manual) and lim may act next', async () => {
      const seen = await running().api.call('get', `${BASE}/${id}`, { token: lim });
      expect(seen.status).toBe(200);
      expect(seen.body.availableActions.map((a: { event: string }) => a.event).sort()).toEqual(['Approve', 'Reject']);
      expect(seen.body.approvalRoute).toMatchObject({
        open: true,
        requiredLevels: [20],
        nextLevel: 20,
        approvals: [],
        reason: { manual: 'workflowDefault', amount: '1308.57' },
      });
      expect(seen.body.approvalRoute.mayActNext.map((u: { name: string }) => u.name)).toEqual(['Lim Wei Ling']);
      expect(seen.body.editable).toBe(false);
      const locked = await running().api.call('put', `${BASE}/${id}`, { token: kumar, body: { title: 'x' }, headers: { 'If-Match': '3' } });
      expect(locked.status).toBe(409);
      expect(locked.body.errorCode).toBe('notEditable');
    });

    it('aminah (levels 10, 22) may not approve level 20: 403 noAuthority; lim approves: sent to the seller', async () => {
      const refused = await act(aminah, 'Approve', 3);
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe('noAuthority');
      const approved = await act(lim, 'Approve', 3);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ revision: 4, status: 'pendingConfirmation' });
      times.push(running().clock.now.toISOString());
    });

    it('mei at the seller now sees it, needs a remark to reject, and confirms', async () => {
      const seen = await running().api.call('get', `${BASE}/${id}`, { token: mei });
      expect(seen.status).toBe(200);
      expect(seen.body.availableActions.map((a: { event: string }) => a.event).sort()).toEqual(['Confirm', 'Reject_By_Seller', 'View']);
      const noRemark = await act(mei, 'Reject_By_Seller', 4, { remark: '   ' });
      expect(noRemark.status).toBe(422);
      expect(noRemark.body.errorCode).toBe('remarkRequired');
      const confirmed = await act(mei, 'Confirm', 4, { remark: 'Delivery from 10 March' });
      expect(confirmed.body).toMatchObject({ revision: 5, status: 'accepted' });
      times.push(running().clock.now.toISOString());
    });

    it('kumar marks it fulfilled: final, no actions left', async () => {
      const done = await act(kumar, 'Fulfil', 5);
      expect(done.body).toMatchObject({ revision: 6, status: 'fulfilled', availableActions: [] });
    });

    it('the history shows what was done, by whom, for which company, with verified hashes', async () => {
      const history = await running().api.call('get', `${BASE}/${id}/history`, { token: kumar });
      expect(history.status).toBe(200);
      const rows = history.body as {
        revision: number;
        action: string;
        actor: { name: string; companyName: string };
        statusBefore: string | null;
        statusAfter: string | null;
        remark: string | null;
        approvalLevel: number | null;
        chainVerified: boolean;
        hash: string;
      }[];
      expect(rows.map((r) => [r.revision, r.action, r.actor.name, r.statusBefore, r.statusAfter])).toEqual([
        [0, 'Draft', 'Kumar a/l Rajan', null, null],
        [1, 'Create', 'Kumar a/l Rajan', null, 'new'],
        [2, 'Edit', 'Kumar a/l Rajan', null, null],
        [3, 'Request_Approve', 'Kumar a/l Rajan', 'new', 'new'],
        [4, 'Approve', 'Lim Wei Ling', 'new', 'pendingConfirmation'],
        [5, 'Confirm', 'Tan Mei Hua', 'pendingConfirmation', 'accepted'],
        [6, 'Fulfil', 'Kumar a/l Rajan', 'accepted', 'fulfilled'],
      ]);
      expect(rows[4]!.approvalLevel).toBe(20);
      // Request_Approve leaves the order new: the row says which round it opened and what it waits for.
      expect(history.body[3]).toMatchObject({ requiredLevels: [20], waitingLevel: 20 });
      expect(history.body[4]).toMatchObject({ requiredLevels: null, waitingLevel: null });
      expect(rows[5]!.remark).toBe('Delivery from 10 March');
      expect(rows[5]!.actor.companyName).toBe('Mutiara Supplies Sdn Bhd');
      expect(rows.every((r) => r.chainVerified && /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
    });

    it('the seller sees only what passed between the companies: the sending (without its level), its Confirm, the Fulfil', async () => {
      const history = await running().api.call('get', `${BASE}/${id}/history`, { token: mei });
      expect(history.status).toBe(200);
      const rows = history.body as { revision: number; action: string; remark: string | null; approvalLevel: number | null }[];
      expect(rows.map((r) => [r.revision, r.action, r.approvalLevel])).toEqual([
        [4, 'Approve', null],
        [5, 'Confirm', null],
        [6, 'Fulfil', null],
      ]);
      expect(history.body).toEqual(rows.map(() => expect.objectContaining({ requiredLevels: null, waitingLevel: null })));
      expect((await running().api.call('get', `${BASE}/${id}?revision=3`, { token: mei })).status).toBe(404);
      expect((await running().api.call('get', `${BASE}/${id}?revision=4`, { token: mei })).status).toBe(200);
    });

    it('the replay starts where the history does: revision 0 is the draft as recorded, and every revision listed gives a state', async () => {
      const atDraft = await running().api.call('get', `${BASE}/${id}?revision=0`, { token: kumar });
      expect(atDraft.status).toBe(200);
      // The draft is DocumentDrafted with the Create appended with it: the view is of both (revision 1).
      expect(atDraft.body).toMatchObject({
        id,
        revision: 1,
        status: 'new',
        title: 'Ready-mix concrete G30, Block A',
        totals: { total: '1308.57' },
      });
      const listed = (await running().api.call('get', `${BASE}/${id}/history`, { token: kumar })).body as { revision: number }[];
      expect(listed[0]!.revision).toBe(0);
      for (const { revision } of listed)
        expect([revision, (await running().api.call('get', `${BASE}/${id}?revision=${revision}`, { token: kumar })).status]).toEqual([
          revision,
          200,
        ]);
      // The seller still reads nothing from before the order was sent to it.
      expect((await running().api.call('get', `${BASE}/${id}?revision=0`, { token: mei })).status).toBe(404);
    });

    it('?revision= and ?asOf= give the document as it stood then', async () => {
      const atCreate = await running().api.call('get', `${BASE}/${id}?revision=1`, { token: kumar });
      expect(atCreate.body).toMatchObject({ revision: 1, status: 'new', title: 'Ready-mix concrete G30, Block A' });
      const atRequest = await running().api.call('get', `${BASE}/${id}?asOf=${encodeURIComponent(times[2]!)}`, { token: kumar });
      expect(atRequest.body).toMatchObject({
        revision: 3,
        status: 'new',
        title: 'Concrete G30 for Block A, level 3',
        approvalRoute: { open: true },
      });
      const atApproval = await running().api.call('get', `${BASE}/${id}?asOf=${encodeURIComponent(times[3]!)}`, { token: kumar });
      expect(atApproval.body).toMatchObject({ revision: 4, status: 'pendingConfirmation' });
      const before = await running().api.call('get', `${BASE}/${id}?asOf=2020-01-01T00:00:00Z`, { token: kumar });
      expect(before.status).toBe(404);
      const bad = await running().api.call('get', `${BASE}/${id}?asOf=yesterday`, { token: kumar });
      expect(bad.status).toBe(400);
    });

    it('lists: Content-Range, filters by status, text and counterparty, sorted and paged; the seller sees it too', async () => {
      const list = await running().api.call(
        'get',
        `${BASE}?sort=${encodeURIComponent('["documentNo","ASC"]')}&range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent(JSON.stringify({ status: 'fulfilled', q: 'level 3', counterparty: MUTIARA }))}`,
        { token: kumar },
      );
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      expect(list.body[0]).toMatchObject({ id, status: 'fulfilled', total: '1308.57', revision: 6 });
      expect(list.headers['content-range']).toBe('purchaseOrder 0-0/1');
      expect(list.headers['access-control-expose-headers']).toContain('Content-Range');
      const seller = await running().api.call('get', `${BASE}?filter=${encodeURIComponent(JSON.stringify({ counterparty: TEGUH }))}`, {
        token: mei,
      });
      expect(seller.body.map((d: { id: string }) => d.id)).toContain(id);
      const badSort = await running().api.call('get', `${BASE}?sort=${encodeURIComponent('["password","ASC"]')}`, { token: kumar });
      expect(badSort.status).toBe(400);
    });
  });
}
