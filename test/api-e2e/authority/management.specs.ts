// Assignments and manuals managed by the company administrator: each change is an event, the history says
// who gave whom which level and when; callers without administration.authorityManual.update get 403.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { MUTIARA, TEGUH } from '../documents/harness.js';
import type { AuthorityRunning } from './harness.js';

const LIST = '/api/company-workflow/view/workflow-and-assignments-list';

export function assignmentsAndManuals(running: () => AuthorityRunning): void {
  describe('company workflow assignments and authority manuals', () => {
    let aminah: string, kumar: string, mei: string;
    const farid = () => running().userId('farid@teguhbina.my');
    beforeAll(async () => {
      aminah = await running().signIn('aminah@teguhbina.my', TEGUH);
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      mei = await running().signIn('mei@mutiarasupplies.my', MUTIARA);
    });

    it('the spec list gives each code with its assignments (user_id, workflow_level), the chosen company only', async () => {
      const reply = await running().api.call('get', LIST, { token: kumar });
      expect(reply.status).toBe(200);
      const po = reply.body.workflowAssignments.find((g: { code: string }) => g.code === 'purchaseOrder');
      expect(po.assignments).toEqual(
        expect.arrayContaining([
          { user_id: running().userId('kumar@teguhbina.my'), workflow_level: 10 },
          { user_id: running().userId('lim@teguhbina.my'), workflow_level: 20 },
        ]),
      );
      const seller = await running().api.call('get', LIST, { token: mei });
      const sellerUsers = new Set(
        seller.body.workflowAssignments.flatMap((g: { assignments: { user_id: string }[] }) => g.assignments.map((a) => a.user_id)),
      );
      expect(sellerUsers.has(running().userId('mei@mutiarasupplies.my'))).toBe(true);
      for (const email of ['kumar@teguhbina.my', 'lim@teguhbina.my']) expect(sellerUsers.has(running().userId(email))).toBe(false);
    });

    it('kumar (no administration.authorityManual.update) may not assign: 403 noAccessRight', async () => {
      const refused = await running().api.call('post', '/api/company-workflow/assignments', {
        token: kumar,
        body: { code: 'invoice', user_id: farid(), workflow_level: 20 },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe('noAccessRight');
    });

    it('aminah assigns farid level 20 on invoice; twice is 409; a stranger 422; a bad body 400; then unassigns', async () => {
      const body = { code: 'invoice', user_id: farid(), workflow_level: 20 };
      const given = await running().api.call('post', '/api/company-workflow/assignments', { token: aminah, body });
      expect(given.status).toBe(200);
      expect(given.body.workflowAssignments.find((g: { code: string }) => g.code === 'invoice').assignments).toContainEqual({
        user_id: farid(),
        workflow_level: 20,
      });
      const again = await running().api.call('post', '/api/company-workflow/assignments', { token: aminah, body });
      expect([again.status, again.body.errorCode]).toEqual([409, 'levelAlreadyAssigned']);
      const stranger = await running().api.call('post', '/api/company-workflow/assignments', {
        token: aminah,
        body: { ...body, user_id: running().userId('mei@mutiarasupplies.my') },
      });
      expect([stranger.status, stranger.body.errorCode]).toEqual([422, 'userNotCompanyMember']);
      const bad = await running().api.call('post', '/api/company-workflow/assignments', {
        token: aminah,
        body: { code: 'nothing', user_id: farid(), workflow_level: 15 },
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields).sort()).toEqual(['code', 'workflow_level']);
      const removed = await running().api.call('post', '/api/company-workflow/assignments/unassign', { token: aminah, body });
      expect(removed.status).toBe(200);
      expect(removed.body.workflowAssignments.find((g: { code: string }) => g.code === 'invoice').assignments).not.toContainEqual({
        user_id: farid(),
        workflow_level: 20,
      });
      const twice = await running().api.call('post', '/api/company-workflow/assignments/unassign', { token: aminah, body });
      expect([twice.status, twice.body.errorCode]).toEqual([409, 'levelNotAssigned']);
    });

    it('the history names who gave whom which level and when, newest first; kumar may not read it', async () => {
      const history = await running().api.call('get', '/api/company-workflow/history', { token: aminah });
      expect(history.status).toBe(200);
      const [removed, given] = history.body.history;
      expect(removed).toMatchObject({
        eventType: 'WorkflowLevelUnassigned',
        actor: { name: 'Aminah binti Yusof' },
        code: 'invoice',
        userName: 'Farid bin Hassan',
        level: 20,
      });
      expect(given).toMatchObject({ eventType: 'WorkflowLevelAssigned', code: 'invoice', userId: farid(), level: 20 });
      expect(Date.parse(given.at)).not.toBeNaN();
      expect((await running().api.call('get', '/api/company-workflow/history', { token: kumar })).status).toBe(403);
    });

    it('the history pages with its total, newest first: a page at a time gives the same rows as one read', async () => {
      const whole = await running().api.call('get', '/api/company-workflow/history', { token: aminah });
      const total = whole.body.total as number;
      expect(total).toBe(whole.body.history.length);
      expect(total).toBeGreaterThanOrEqual(2);
      expect(whole.headers['content-range']).toBe(`history 0-${total - 1}/${total}`);
      const paged = [];
      for (let from = 0; from < total; from++) {
        const page = await running().api.call(
          'get',
          `/api/company-workflow/history?range=${encodeURIComponent(JSON.stringify([from, from]))}`,
          { token: aminah },
        );
        expect([page.status, page.body.total, page.body.history.length]).toEqual([200, total, 1]);
        paged.push(page.body.history[0]);
      }
      expect(paged).toEqual(whole.body.history);
      const bad = await running().api.call('get', `/api/company-workflow/history?range=${encodeURIComponent('[0,500]')}`, {
        token: aminah,
      });
      expect([bad.status, bad.body.errorCode]).toEqual([400, 'validationFailed']);
    });

    it('a manual is read with its version; aminah changes it (version 2), a stale expectedVersion is 409, kumar is 403, bad levels 400', async () => {
      const seen = await running().api.call('get', '/api/authority-manuals/tender', { token: kumar });
      expect(seen.status).toBe(200);
      expect(seen.body.manual).toMatchObject({
        resource: 'tender',
        version: 1,
        levels: [
          { level: 20, limit: '50000.00' },
          { level: 21, limit: '500000.00' },
          { level: 22, limit: null },
        ],
      });
      const body = {
        label: 'Tender approval (2026)',
        note: 'Board sign-off above RM 1m',
        levels: [
          { level: 20, limit: '60000' },
          { level: 21, limit: '1000000.5' },
        ],
        allowSelfApproval: false,
        roleType: 'company',
        roles: ['Approver'],
        expectedVersion: 1,
      };
      expect((await running().api.call('put', '/api/authority-manuals/tender', { token: kumar, body })).status).toBe(403);
      const changed = await running().api.call('put', '/api/authority-manuals/tender', { token: aminah, body });
      expect(changed.status).toBe(200);
      expect(changed.body.manual).toMatchObject({
        version: 2,
        label: 'Tender approval (2026)',
        levels: [
          { level: 20, limit: '60000.00' },
          { level: 21, limit: '1000000.50' },
        ],
      });
      const stale = await running().api.call('put', '/api/authority-manuals/tender', { token: aminah, body });
      expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
      const bad = await running().api.call('put', '/api/authority-manuals/tender', {
        token: aminah,
        body: {
          label: 'x',
          levels: [
            { level: 21, limit: '1.999' },
            { level: 20, limit: null },
          ],
        },
      });
      expect(bad.status).toBe(400);
      const unknown = await running().api.call('put', '/api/authority-manuals/nothing', {
        token: aminah,
        body: { ...body, expectedVersion: 0 },
      });
      expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'unknownResource']);
      const missing = await running().api.call('get', '/api/authority-manuals/invoice', { token: kumar });
      expect([missing.status, missing.body.errorCode]).toEqual([404, 'manualNotFound']);
      const history = await running().api.call('get', '/api/company-workflow/history', { token: aminah });
      expect(history.body.history[0]).toMatchObject({
        eventType: 'AuthorityManualChanged',
        code: 'tender',
        manualVersion: 2,
        actor: { name: 'Aminah binti Yusof' },
      });
      const all = await running().api.call('get', '/api/authority-manuals', { token: kumar });
      expect(all.body.manuals.map((m: { resource: string }) => m.resource)).toEqual(['progressiveClaim', 'purchaseOrder', 'tender']);
    });
  });
}
