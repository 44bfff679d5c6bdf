// A progressive claim from Teguh Bina (claimant) to Seri Hartanah (client) walked from Create to closed,
// with approval levels that follow the amount through Teguh Bina's claim manual: a small claim is
// approved at verification (level 20), a larger one needs level 21 after it. Refusals on the way (the
// wrong level, a rejection with its remark, the client's Reject_By_Buyer), then history and replay.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SERI, TEGUH, userIdOf, type Reply, type Running } from './harness.js';

const BASE = '/api/documents/progressiveClaim';
const MINUTE = 60_000;
const KUMAR = 'Kumar a/l Rajan';
const LIM = 'Lim Wei Ling';
const AMINAH = 'Aminah binti Yusof';
const HAFIZ = 'Hafiz bin Omar';

const claimBody = (title: string, items: { description: string; unit: string; quantity: string; rate: string }[]) => ({
  title,
  description: 'Interim valuation, Menara Seri phase 1',
  counterpartyCompanyId: SERI,
  documentDate: '2026-03-02',
  items,
});

const events = (reply: Reply) => (reply.body.availableActions as { event: string }[]).map((a) => a.event).sort();
const names = (reply: Reply) => (reply.body.approvalRoute.mayActNext as { name: string }[]).map((u) => u.name);
const approvals = (reply: Reply) =>
  (reply.body.approvalRoute.approvals as { level: number; userName: string }[]).map((a) => [a.level, a.userName]);

export function progressiveClaimWalk(running: () => Running): void {
  describe('a progressive claim from Create to closed, levels by amount (claim manual)', () => {
    let kumar: string, lim: string, aminah: string, aminahAtSeri: string, hafiz: string;
    let id = '';
    let manualVersion = 0;
    const times = new Map<number, string>();
    const undo: (() => Promise<void>)[] = [];
    const act = async (token: string, event: string, revision: number, body: Record<string, unknown> = {}, documentId = id) => {
      running().clock.advance(MINUTE);
      const reply = await running().api.call('post', `${BASE}/${documentId}/actions/${event}`, {
        token,
        body,
        headers: { 'If-Match': String(revision) },
      });
      if (reply.status === 200 && documentId === id) times.set(reply.body.revision, running().clock.now.toISOString());
      return reply;
    };
    const read = (query = '', token = kumar) => running().api.call('get', `${BASE}/${id}${query}`, { token });
    /** The claim's row in its list: the verify level its open round waits for, or null. */
    const awaiting = async () => {
      const rows = (await running().api.call('get', `${BASE}?range=${encodeURIComponent('[0,199]')}`, { token: kumar })).body as {
        id: string;
        awaitingLevel: number | null;
      }[];
      return rows.find((row) => row.id === id)?.awaitingLevel;
    };
    /** A level given through the authority API by an administrator of the company, taken back after the walk. */
    const assign = async (adminToken: string, email: string, level: number) => {
      const body = { code: 'progressiveClaim', user_id: await userIdOf(running(), email), workflow_level: level };
      expect((await running().api.call('post', '/api/company-workflow/assignments', { token: adminToken, body })).status).toBe(200);
      undo.push(async () => {
        expect((await running().api.call('post', '/api/company-workflow/assignments/unassign', { token: adminToken, body })).status).toBe(
          200,
        );
      });
    };

    beforeAll(async () => {
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      lim = await running().signIn('lim@teguhbina.my', TEGUH);
      aminah = await running().signIn('aminah@teguhbina.my', TEGUH);
      aminahAtSeri = await running().signIn('aminah@teguhbina.my', SERI);
      hafiz = await running().signIn('hafiz@serihartanah.my', SERI);
    });
    afterAll(async () => {
      for (const revert of undo.reverse()) await revert();
    });

    it('aminah defines the claim manual (20 up to RM 20,000, 21 up to RM 200,000, 22 without limit), takes level 21 at Teguh Bina and gives hafiz level 20 at Seri Hartanah', async () => {
      const before = await running().api.call('get', '/api/authority-manuals/progressiveClaim', { token: aminah });
      const previous = before.status === 404 ? 0 : (before.body.manual.version as number);
      const defined = await running().api.call('put', '/api/authority-manuals/progressiveClaim', {
        token: aminah,
        body: {
          label: 'Progressive claim approval (e2e walk)',
          levels: [
            { level: 20, limit: '20000' },
            { level: 21, limit: '200000.00' },
            { level: 22, limit: null },
          ],
        },
      });
      expect(defined.status).toBe(200);
      expect(defined.body.manual).toMatchObject({
        version: previous + 1,
        levels: [
          { level: 20, limit: '20000.00' },
          { level: 21, limit: '200000.00' },
          { level: 22, limit: null },
        ],
      });
      manualVersion = previous + 1;
      await assign(aminah, 'aminah@teguhbina.my', 21);
      await assign(aminahAtSeri, 'hafiz@serihartanah.my', 20);
    });

    it('a small claim (RM 15,000.00) needs level 20 only: lim verifies and it is approved at once', async () => {
      running().clock.advance(MINUTE);
      const small = await running().api.call('post', BASE, {
        token: kumar,
        body: claimBody('Progress claim no. 5: external works', [
          { description: 'External drains', unit: 'lot', quantity: '1', rate: '15000.00' },
        ]),
      });
      expect(small.status).toBe(201);
      expect(small.body).toMatchObject({ status: 'new', sstApplicable: false, totals: { total: '15000.00' } });
      expect((await act(kumar, 'Request_Verify', 1, {}, small.body.id)).body).toMatchObject({ status: 'pendingVerification', revision: 2 });
      const seen = await running().api.call('get', `${BASE}/${small.body.id}`, { token: lim });
      expect(seen.body.approvalRoute).toMatchObject({
        open: true,
        requiredLevels: [20],
        nextLevel: 20,
        reason: { manual: 'authorityManual', manualVersion, amount: '15000.00', limitApplied: '20000.00' },
      });
      expect((await act(lim, 'Approve', 2, {}, small.body.id)).body).toMatchObject({ status: 'approved', revision: 3 });
    });

    it('kumar creates the claim (RM 150,000.00, a PCL number, no SST); the client cannot see it yet', async () => {
      running().clock.advance(MINUTE);
      const created = await running().api.call('post', BASE, {
        token: kumar,
        body: claimBody('Progress claim no. 6: superstructure level 1', [
          { description: 'Level 1 slab', unit: 'lot', quantity: '1', rate: '90000.00' },
          { description: 'Level 1 columns', unit: 'no', quantity: '24', rate: '2500.00' },
        ]),
      });
      expect(created.status).toBe(201);
      id = created.body.id;
      times.set(1, running().clock.now.toISOString());
      expect(created.body).toMatchObject({
        companyId: TEGUH,
        counterpartyCompanyId: SERI,
        status: 'new',
        revision: 1,
        totals: { subtotal: '150000.00', sst: '0.00', total: '150000.00' },
      });
      expect(created.body.documentNo).toMatch(/^PCL-2026-\d{5}$/);
      expect(events(created)).toEqual(['Cancel', 'Request_Verify']);
      expect((await read('', hafiz)).status).toBe(404);
      running().clock.advance(MINUTE);
      const edited = await running().api.call('put', `${BASE}/${id}`, {
        token: kumar,
        body: { title: 'Progress claim no. 6: superstructure, level 1' },
        headers: { 'If-Match': '1' },
      });
      expect(edited.body).toMatchObject({ revision: 2, title: 'Progress claim no. 6: superstructure, level 1' });
      times.set(2, running().clock.now.toISOString());
    });

    it('verification round: RM 150,000.00 is within the 21 limit, so 20 then 21; aminah (21, 22) may not verify (403 noAuthority)', async () => {
      expect((await act(kumar, 'Request_Verify', 2)).body).toMatchObject({ status: 'pendingVerification', revision: 3 });
      const seen = await read('', lim);
      expect(seen.body.approvalRoute).toMatchObject({
        open: true,
        requiredLevels: [20, 21],
        nextLevel: 20,
        approvals: [],
        reason: { manual: 'authorityManual', manualVersion, amount: '150000.00', limitApplied: '200000.00' },
      });
      expect(names(seen)).toEqual([LIM]);
      expect(await awaiting()).toBe(20);
      const refused = await act(aminah, 'Approve', 3);
      expect([refused.status, refused.body.errorCode]).toEqual([403, 'noAuthority']);
    });

    it('lim rejects with a remark; kumar resubmits: a new round, nothing approved yet', async () => {
      expect((await act(lim, 'Reject', 3, { remark: 'Level 1 columns not inspected yet' })).body).toMatchObject({
        status: 'rejected',
        revision: 4,
      });
      expect(await awaiting()).toBeNull();
      expect((await act(kumar, 'Resubmit', 4, { remark: 'Columns inspected on 12 March, report attached' })).body).toMatchObject({
        status: 'pendingVerification',
        revision: 5,
      });
      const seen = await read();
      expect(seen.body.approvalRoute).toMatchObject({ open: true, requiredLevels: [20, 21], nextLevel: 20, approvals: [] });
    });

    it('lim verifies (20): pending approval by level 21; aminah approves (21): approved, and now the client sees it', async () => {
      expect((await act(lim, 'Approve', 5)).body).toMatchObject({ status: 'pendingApproval', revision: 6 });
      const seen = await read();
      expect(seen.body.approvalRoute).toMatchObject({ nextLevel: 21 });
      expect(names(seen)).toEqual([AMINAH]);
      expect(await awaiting()).toBe(21);
      expect((await act(aminah, 'Approve', 6)).body).toMatchObject({ status: 'approved', revision: 7 });
      expect(await awaiting()).toBeNull();
      const client = await read('', hafiz);
      expect(client.status).toBe(200);
      expect(events(client)).toEqual(['Reject_By_Buyer']);
    });

    it('hafiz at Seri Hartanah sends it back (Reject_By_Buyer needs a remark); kumar resubmits and it is approved again', async () => {
      const noRemark = await act(hafiz, 'Reject_By_Buyer', 7);
      expect([noRemark.status, noRemark.body.errorCode]).toEqual([422, 'remarkRequired']);
      expect((await act(hafiz, 'Reject_By_Buyer', 7, { remark: 'Show the retention on the claim and resend' })).body).toMatchObject({
        status: 'rejected',
        revision: 8,
      });
      expect((await act(kumar, 'Resubmit', 8, { remark: 'Retention of 10% shown' })).body).toMatchObject({
        status: 'pendingVerification',
        revision: 9,
      });
      expect((await act(lim, 'Approve', 9)).body).toMatchObject({ status: 'pendingApproval', revision: 10 });
      expect((await act(aminah, 'Approve', 10)).body).toMatchObject({ status: 'approved', revision: 11 });
    });

    it('kumar invoices it; lim (level 20) closes it: final, no actions left', async () => {
      expect((await act(kumar, 'Invoice', 11)).body).toMatchObject({ status: 'invoiced', revision: 12 });
      const closed = await act(lim, 'Close', 12);
      expect(closed.body).toMatchObject({ status: 'closed', revision: 13, availableActions: [] });
      expect((await read()).body).toMatchObject({ status: 'closed', revision: 13, availableActions: [], editable: false });
    });

    it('the history, read by the owner: every action, actor and company, status before and after, remark and level', async () => {
      const history = await running().api.call('get', `${BASE}/${id}/history`, { token: kumar });
      expect(history.status).toBe(200);
      type Row = {
        revision: number;
        at: string;
        action: string;
        actor: { name: string; companyName: string };
        statusBefore: string | null;
        statusAfter: string | null;
        remark: string | null;
        approvalLevel: number | null;
        chainVerified: boolean;
      };
      const rows = history.body as Row[];
      expect(rows.map((r) => [r.revision, r.action, r.actor.name, r.actor.companyName, r.statusBefore, r.statusAfter, r.remark])).toEqual([
        [0, 'Draft', KUMAR, 'Teguh Bina Sdn Bhd', null, null, null],
        [1, 'Create', KUMAR, 'Teguh Bina Sdn Bhd', null, 'new', null],
        [2, 'Edit', KUMAR, 'Teguh Bina Sdn Bhd', null, null, null],
        [3, 'Request_Verify', KUMAR, 'Teguh Bina Sdn Bhd', 'new', 'pendingVerification', null],
        [4, 'Reject', LIM, 'Teguh Bina Sdn Bhd', 'pendingVerification', 'rejected', 'Level 1 columns not inspected yet'],
        [5, 'Resubmit', KUMAR, 'Teguh Bina Sdn Bhd', 'rejected', 'pendingVerification', 'Columns inspected on 12 March, report attached'],
        [6, 'Approve', LIM, 'Teguh Bina Sdn Bhd', 'pendingVerification', 'pendingApproval', null],
        [7, 'Approve', AMINAH, 'Teguh Bina Sdn Bhd', 'pendingApproval', 'approved', null],
        [8, 'Reject_By_Buyer', HAFIZ, 'Seri Hartanah Berhad', 'approved', 'rejected', 'Show the retention on the claim and resend'],
        [9, 'Resubmit', KUMAR, 'Teguh Bina Sdn Bhd', 'rejected', 'pendingVerification', 'Retention of 10% shown'],
        [10, 'Approve', LIM, 'Teguh Bina Sdn Bhd', 'pendingVerification', 'pendingApproval', null],
        [11, 'Approve', AMINAH, 'Teguh Bina Sdn Bhd', 'pendingApproval', 'approved', null],
        [12, 'Invoice', KUMAR, 'Teguh Bina Sdn Bhd', 'approved', 'invoiced', null],
        [13, 'Close', LIM, 'Teguh Bina Sdn Bhd', 'invoiced', 'closed', null],
      ]);
      expect(rows.filter((r) => r.action === 'Approve').map((r) => [r.revision, r.approvalLevel])).toEqual([
        [6, 20],
        [7, 21],
        [10, 20],
        [11, 21],
      ]);
      expect(rows.filter((r) => r.revision >= 1).map((r) => [r.revision, r.at])).toEqual([...times.entries()].sort((a, b) => a[0] - b[0]));
      expect(rows.every((r) => r.chainVerified)).toBe(true);
    });

    it("the history, read by the client: the claims sent to it (without the round's levels), its rejection, the invoice and the close", async () => {
      const history = await running().api.call('get', `${BASE}/${id}/history`, { token: hafiz });
      expect(history.status).toBe(200);
      const rows = history.body as { revision: number; action: string; remark: string | null; approvalLevel: number | null }[];
      expect(rows.map((r) => [r.revision, r.action, r.remark, r.approvalLevel])).toEqual([
        [7, 'Approve', null, null],
        [8, 'Reject_By_Buyer', 'Show the retention on the claim and resend', null],
        [11, 'Approve', null, null],
        [12, 'Invoice', null, null],
        [13, 'Close', null, null],
      ]);
    });

    it('?revision= and ?asOf= give the claim as it stood (the client from the step that sent it the claim)', async () => {
      expect((await read('?revision=1')).body).toMatchObject({
        revision: 1,
        status: 'new',
        title: 'Progress claim no. 6: superstructure level 1',
      });
      expect((await read('?revision=6', hafiz)).status).toBe(404);
      expect((await read('?revision=7', hafiz)).body).toMatchObject({ revision: 7, status: 'approved' });
      expect((await read(`?asOf=${encodeURIComponent(times.get(4)!)}`)).body).toMatchObject({
        revision: 4,
        status: 'rejected',
        title: 'Progress claim no. 6: superstructure, level 1',
        approvalRoute: { open: false },
      });
      const pending = await read('?revision=6');
      expect(pending.body).toMatchObject({
        revision: 6,
        status: 'pendingApproval',
        approvalRoute: { open: true, requiredLevels: [20, 21], nextLevel: 21 },
      });
      expect(approvals(pending)).toEqual([[20, LIM]]);
      const approved = await read(`?asOf=${encodeURIComponent(new Date(Date.parse(times.get(7)!) + 30_000).toISOString())}`);
      expect(approved.body).toMatchObject({ revision: 7, status: 'approved' });
      expect(approvals(approved)).toEqual([
        [20, LIM],
        [21, AMINAH],
      ]);
      expect((await read('?revision=8')).body).toMatchObject({ revision: 8, status: 'rejected' });
      expect((await read('?revision=12')).body).toMatchObject({ revision: 12, status: 'invoiced' });
    });
  });
}
