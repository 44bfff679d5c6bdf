// A tender walked from Create to contractAwarded through both approval rounds (activation, contract), with
// approval levels that follow the amount through Teguh Bina's tender manual: a small tender needs level 20
// only, a large one 20, 21 and 22; a later contract round follows the manual as changed. Then the history
// and the replay (?revision=, ?asOf=) checked against what the test did.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { grantCompanyRole, TEGUH, userIdOf, type Reply, type Running } from './harness.js';

const BASE = '/api/documents/tender';
const MINUTE = 60_000;
const DAY = 86_400_000;
const KUMAR = 'Kumar a/l Rajan';
const LIM = 'Lim Wei Ling';
const FARID = 'Farid bin Hassan';
const AMINAH = 'Aminah binti Yusof';

/** A tender body; open and close times ahead of `now`, the expected delivery after the close. */
function tenderBody(now: Date, title: string, items: { description: string; unit: string; quantity: string; rate: string }[]) {
  return {
    title,
    description: 'Open tender, Taman Teguh phase 2',
    openAt: new Date(now.getTime() + DAY).toISOString(),
    closeAt: new Date(now.getTime() + 14 * DAY).toISOString(),
    expectedDeliveryStart: new Date(now.getTime() + 30 * DAY).toISOString().slice(0, 10),
    expectedDeliveryEnd: new Date(now.getTime() + 120 * DAY).toISOString().slice(0, 10),
    items,
  };
}

const events = (reply: Reply) => (reply.body.availableActions as { event: string }[]).map((a) => a.event).sort();
const names = (reply: Reply) => (reply.body.approvalRoute.mayActNext as { name: string }[]).map((u) => u.name);
const approvals = (reply: Reply) =>
  (reply.body.approvalRoute.approvals as { level: number; userName: string }[]).map((a) => [a.level, a.userName]);

export function tenderWalk(running: () => Running): void {
  describe('a tender from Create to contractAwarded, levels by amount (tender manual)', () => {
    let kumar: string, lim: string, aminah: string, farid: string;
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
    const defineManual = (levels: { level: number; limit: string | null }[]) =>
      running().api.call('put', '/api/authority-manuals/tender', { token: aminah, body: { label: 'Tender approval (e2e walk)', levels } });

    beforeAll(async () => {
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      lim = await running().signIn('lim@teguhbina.my', TEGUH);
      aminah = await running().signIn('aminah@teguhbina.my', TEGUH);
      farid = await running().signIn('farid@teguhbina.my', TEGUH);
    });
    afterAll(async () => {
      for (const revert of undo.reverse()) await revert();
    });

    it('aminah defines the tender manual: 20 up to RM 50,000, 21 up to RM 500,000, 22 without limit', async () => {
      const before = await running().api.call('get', '/api/authority-manuals/tender', { token: aminah });
      const previous = before.status === 404 ? 0 : (before.body.manual.version as number);
      const defined = await defineManual([
        { level: 20, limit: '50000' },
        { level: 21, limit: '500000' },
        { level: 22, limit: null },
      ]);
      expect(defined.status).toBe(200);
      expect(defined.body.manual).toMatchObject({
        resource: 'tender',
        version: previous + 1,
        levels: [
          { level: 20, limit: '50000.00' },
          { level: 21, limit: '500000.00' },
          { level: 22, limit: null },
        ],
      });
      manualVersion = previous + 1;
    });

    it('farid is made an approver (role) and given level 21 on tenders by aminah, so three people hold 20, 21 and 22', async () => {
      undo.push(await grantCompanyRole(running(), TEGUH, 'farid@teguhbina.my', { roleId: 'approver' }));
      const faridId = await userIdOf(running(), 'farid@teguhbina.my');
      const assignment = { code: 'tender', user_id: faridId, workflow_level: 21 };
      const given = await running().api.call('post', '/api/company-workflow/assignments', { token: aminah, body: assignment });
      expect(given.status).toBe(200);
      undo.push(async () => {
        expect(
          (await running().api.call('post', '/api/company-workflow/assignments/unassign', { token: aminah, body: assignment })).status,
        ).toBe(200);
      });
    });

    it('a small tender (RM 12,000.00) needs level 20 only: lim alone makes it active', async () => {
      running().clock.advance(MINUTE);
      const small = await running().api.call('post', BASE, {
        token: kumar,
        body: tenderBody(running().clock.now, 'Fencing, Taman Teguh phase 2', [
          { description: 'Hoarding', unit: 'm', quantity: '100', rate: '120.00' },
        ]),
      });
      expect(small.status).toBe(201);
      expect(small.body).toMatchObject({ status: 'new', totals: { subtotal: '12000.00', sst: '0.00', total: '12000.00' } });
      expect((await act(kumar, 'Request_Approve', 1, {}, small.body.id)).body).toMatchObject({ status: 'pendingActivation', revision: 2 });
      const seen = await running().api.call('get', `${BASE}/${small.body.id}`, { token: lim });
      expect(seen.body.approvalRoute).toMatchObject({
        open: true,
        requiredLevels: [20],
        nextLevel: 20,
        approvals: [],
        reason: { manual: 'authorityManual', manualVersion, amount: '12000.00', limitApplied: '50000.00' },
      });
      expect(names(seen)).toEqual([LIM]);
      expect((await act(lim, 'Approve', 2, {}, small.body.id)).body).toMatchObject({ status: 'active', revision: 3 });
    });

    it('kumar (level 10) creates the large tender: RM 750,000.00, no SST on tenders, a TD number; then edits the title', async () => {
      running().clock.advance(MINUTE);
      const created = await running().api.call('post', BASE, {
        token: kumar,
        body: tenderBody(running().clock.now, 'Piling works, Block D', [
          { description: 'Bored piles 600 mm', unit: 'no', quantity: '500', rate: '1200.00' },
          { description: 'Pile caps', unit: 'no', quantity: '100', rate: '1500.00' },
        ]),
      });
      expect(created.status).toBe(201);
      id = created.body.id;
      times.set(1, running().clock.now.toISOString());
      expect(created.body).toMatchObject({
        resource: 'tender',
        companyId: TEGUH,
        status: 'new',
        revision: 1,
        sstApplicable: false,
        totals: { subtotal: '750000.00', sst: '0.00', total: '750000.00' },
      });
      expect(created.body.documentNo).toMatch(/^TD-2026-\d{5}$/);
      expect(events(created)).toEqual(['Cancel', 'Request_Approve']);
      running().clock.advance(MINUTE);
      const edited = await running().api.call('put', `${BASE}/${id}`, {
        token: kumar,
        body: { title: 'Piling works, Block D (bored piles)' },
        headers: { 'If-Match': '1' },
      });
      expect(edited.body).toMatchObject({ revision: 2, title: 'Piling works, Block D (bored piles)' });
      times.set(2, running().clock.now.toISOString());
    });

    it('activation round: RM 750,000.00 is above the 21 limit, so 20, 21 and 22 are required, and the route says why', async () => {
      expect((await act(kumar, 'Request_Approve', 2)).body).toMatchObject({ status: 'pendingActivation', revision: 3 });
      const seen = await read('', lim);
      expect(seen.body.approvalRoute).toMatchObject({
        open: true,
        requiredLevels: [20, 21, 22],
        nextLevel: 20,
        approvals: [],
        reason: { manual: 'authorityManual', manualVersion, amount: '750000.00', limitApplied: null },
      });
      expect(names(seen)).toEqual([LIM]);
      expect(events(seen)).toEqual(['Approve', 'Reject']);
      expect(seen.body.editable).toBe(false);
    });

    it('levels go in order: farid (21) and aminah (22) may not approve level 20 (403 noAuthority); lim approves 20', async () => {
      for (const token of [farid, aminah]) {
        const refused = await act(token, 'Approve', 3);
        expect([refused.status, refused.body.errorCode]).toEqual([403, 'noAuthority']);
      }
      expect((await act(lim, 'Approve', 3)).body).toMatchObject({ status: 'pendingActivation', revision: 4 });
      const seen = await read();
      expect(seen.body.approvalRoute).toMatchObject({ nextLevel: 21, requiredLevels: [20, 21, 22] });
      expect(approvals(seen)).toEqual([[20, LIM]]);
      expect(names(seen)).toEqual([FARID]);
    });

    it('lim holds 21 too but approves one level per round (403); farid approves 21, aminah 22: active', async () => {
      const twice = await act(lim, 'Approve', 4);
      expect(twice.status).toBe(403);
      expect((await act(farid, 'Approve', 4)).body).toMatchObject({ status: 'pendingActivation', revision: 5 });
      expect(names(await read())).toEqual([AMINAH]);
      expect((await act(aminah, 'Approve', 5)).body).toMatchObject({ status: 'active', revision: 6 });
    });

    it('kumar closes it for comparison (remark), shortlists, evaluates and drafts the contract', async () => {
      expect((await act(kumar, 'Close', 6, { remark: 'Closing date reached: 4 bids received' })).body).toMatchObject({
        status: 'comparison',
        revision: 7,
      });
      expect((await act(kumar, 'Shortlist', 7)).body).toMatchObject({ status: 'comparison', revision: 8 });
      expect((await act(kumar, 'Evaluate', 8, { remark: 'Technical evaluation: 2 bidders compliant' })).body).toMatchObject({
        status: 'comparison',
        revision: 9,
      });
      expect((await act(kumar, 'Draft_Contract', 9)).body).toMatchObject({ status: 'draftContract', revision: 10 });
    });

    it('contract round under manual version 1: 20, 21 and 22; a manual changed meanwhile does not change the round', async () => {
      expect((await act(kumar, 'Request_Approve', 10)).body).toMatchObject({ status: 'pendingContractApproval', revision: 11 });
      running().clock.advance(MINUTE);
      const changed = await defineManual([
        { level: 20, limit: '50000' },
        { level: 21, limit: '1000000' },
        { level: 22, limit: null },
      ]);
      expect(changed.body.manual.version).toBe(manualVersion + 1);
      const seen = await read('', lim);
      expect(seen.body.approvalRoute).toMatchObject({
        open: true,
        requiredLevels: [20, 21, 22],
        nextLevel: 20,
        approvals: [],
        reason: { manual: 'authorityManual', manualVersion, amount: '750000.00', limitApplied: null },
      });
    });

    it('lim rejects the draft contract: a remark is needed (422), then draftContractRejected', async () => {
      const noRemark = await act(lim, 'Reject', 11);
      expect([noRemark.status, noRemark.body.errorCode]).toEqual([422, 'remarkRequired']);
      expect((await act(lim, 'Reject', 11, { remark: 'Attach the bill of quantities to the draft contract' })).body).toMatchObject({
        status: 'draftContractRejected',
        revision: 12,
      });
    });

    it('the next contract round follows manual version 2 (21 now covers RM 1,000,000): 20 and 21; lim and farid award the contract', async () => {
      expect((await act(kumar, 'Draft_Contract', 12)).body).toMatchObject({ status: 'draftContract', revision: 13 });
      expect((await act(kumar, 'Request_Approve', 13)).body).toMatchObject({ status: 'pendingContractApproval', revision: 14 });
      const seen = await read('', lim);
      expect(seen.body.approvalRoute).toMatchObject({
        open: true,
        requiredLevels: [20, 21],
        nextLevel: 20,
        reason: { manual: 'authorityManual', manualVersion: manualVersion + 1, amount: '750000.00', limitApplied: '1000000.00' },
      });
      expect((await act(lim, 'Approve', 14)).body).toMatchObject({ status: 'pendingContractApproval', revision: 15 });
      const awarded = await act(farid, 'Approve', 15);
      expect(awarded.body).toMatchObject({ status: 'contractAwarded', revision: 16, availableActions: [] });
      const final = await read();
      expect(final.body).toMatchObject({ status: 'contractAwarded', revision: 16, availableActions: [], editable: false });
      expect(approvals(final)).toEqual([
        [20, LIM],
        [21, FARID],
      ]);
    });

    it('the history: every action, its actor and company, status before and after, remark and level, hashes verified', async () => {
      const history = await running().api.call('get', `${BASE}/${id}/history`, { token: lim });
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
        hash: string;
      };
      const rows = history.body as Row[];
      expect(rows.map((r) => [r.revision, r.action, r.actor.name, r.statusBefore, r.statusAfter, r.remark])).toEqual([
        [0, 'Draft', KUMAR, null, null, null],
        [1, 'Create', KUMAR, null, 'new', null],
        [2, 'Edit', KUMAR, null, null, null],
        [3, 'Request_Approve', KUMAR, 'new', 'pendingActivation', null],
        [4, 'Approve', LIM, 'pendingActivation', 'pendingActivation', null],
        [5, 'Approve', FARID, 'pendingActivation', 'pendingActivation', null],
        [6, 'Approve', AMINAH, 'pendingActivation', 'active', null],
        [7, 'Close', KUMAR, 'active', 'comparison', 'Closing date reached: 4 bids received'],
        [8, 'Shortlist', KUMAR, 'comparison', 'comparison', null],
        [9, 'Evaluate', KUMAR, 'comparison', 'comparison', 'Technical evaluation: 2 bidders compliant'],
        [10, 'Draft_Contract', KUMAR, 'comparison', 'draftContract', null],
        [11, 'Request_Approve', KUMAR, 'draftContract', 'pendingContractApproval', null],
        [12, 'Reject', LIM, 'pendingContractApproval', 'draftContractRejected', 'Attach the bill of quantities to the draft contract'],
        [13, 'Draft_Contract', KUMAR, 'draftContractRejected', 'draftContract', null],
        [14, 'Request_Approve', KUMAR, 'draftContract', 'pendingContractApproval', null],
        [15, 'Approve', LIM, 'pendingContractApproval', 'pendingContractApproval', null],
        [16, 'Approve', FARID, 'pendingContractApproval', 'contractAwarded', null],
      ]);
      expect(rows.filter((r) => r.action === 'Approve').map((r) => [r.revision, r.approvalLevel])).toEqual([
        [4, 20],
        [5, 21],
        [6, 22],
        [15, 20],
        [16, 21],
      ]);
      expect(rows.every((r) => r.actor.companyName === 'Teguh Bina Sdn Bhd')).toBe(true);
      expect(rows.filter((r) => r.revision >= 1).map((r) => [r.revision, r.at])).toEqual([...times.entries()].sort((a, b) => a[0] - b[0]));
      expect(rows.every((r) => r.chainVerified && /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
    });

    it('?revision= and ?asOf= give the tender as it stood: title, status, approvals and round', async () => {
      expect((await read('?revision=1')).body).toMatchObject({
        revision: 1,
        status: 'new',
        title: 'Piling works, Block D',
        editable: true,
      });
      const third = await read('?revision=4');
      expect(third.body).toMatchObject({
        revision: 4,
        status: 'pendingActivation',
        title: 'Piling works, Block D (bored piles)',
        approvalRoute: { open: true, requiredLevels: [20, 21, 22], nextLevel: 21 },
      });
      expect(approvals(third)).toEqual([[20, LIM]]);
      const active = await read(`?asOf=${encodeURIComponent(times.get(6)!)}`);
      expect(active.body).toMatchObject({ revision: 6, status: 'active' });
      expect(approvals(active)).toEqual([
        [20, LIM],
        [21, FARID],
        [22, AMINAH],
      ]);
      const between = new Date(Date.parse(times.get(8)!) + 30_000).toISOString();
      expect((await read(`?asOf=${encodeURIComponent(between)}`)).body).toMatchObject({ revision: 8, status: 'comparison' });
      expect((await read('?revision=11')).body).toMatchObject({
        revision: 11,
        status: 'pendingContractApproval',
        approvalRoute: { open: true, requiredLevels: [20, 21, 22] },
      });
      expect((await read(`?asOf=${encodeURIComponent(times.get(12)!)}`)).body).toMatchObject({
        revision: 12,
        status: 'draftContractRejected',
        approvalRoute: { open: false },
      });
      const beforeCreate = new Date(Date.parse(times.get(1)!) - 1).toISOString();
      expect((await read(`?asOf=${encodeURIComponent(beforeCreate)}`)).status).toBe(404);
    });
  });
}
