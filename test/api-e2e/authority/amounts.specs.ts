// Approval levels follow the amount through Teguh Bina's purchase-order manual (level 20 up to RM 10,000,
// 21 up to RM 100,000, 22 up to RM 1,000,000): walked through the documents API.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { purchaseOrderBody, TEGUH } from '../documents/harness.js';
import type { AuthorityRunning } from './harness.js';

const BASE = '/api/documents/purchaseOrder';
const oneItem = (rate: string) =>
  purchaseOrderBody({ sstApplicable: false, items: [{ description: 'Structural steel', unit: 'lot', quantity: '1', rate }] });

export function amountDependentApprovals(running: () => AuthorityRunning): void {
  describe('approval levels that follow the amount (purchase-order manual)', () => {
    let kumar: string, lim: string, aminah: string, farid: string;
    const act = (token: string, id: string, event: string, revision: number) =>
      running().api.call('post', `${BASE}/${id}/actions/${event}`, { token, headers: { 'If-Match': String(revision) } });
    const createAndRequest = async (rate: string, extra: Record<string, unknown> = {}) => {
      const created = await running().api.call('post', BASE, { token: kumar, body: { ...oneItem(rate), ...extra } });
      expect(created.status).toBe(201);
      return { id: created.body.id as string, requested: await act(kumar, created.body.id, 'Request_Approve', 1) };
    };
    beforeAll(async () => {
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      lim = await running().signIn('lim@teguhbina.my', TEGUH);
      aminah = await running().signIn('aminah@teguhbina.my', TEGUH);
      farid = await running().signIn('farid@teguhbina.my', TEGUH);
    });

    it('RM 9,500.00 needs level 20 only: the route names the manual, its version, the amount and the limit; lim approves and it goes to the seller', async () => {
      const { id, requested } = await createAndRequest('9500.00');
      expect(requested.status).toBe(200);
      const seen = await running().api.call('get', `${BASE}/${id}`, { token: lim });
      expect(seen.body.approvalRoute).toMatchObject({
        open: true,
        requiredLevels: [20],
        nextLevel: 20,
        reason: { manual: 'authorityManual', manualVersion: 1, amount: '9500.00', limitApplied: '10000.00' },
      });
      const approved = await act(lim, id, 'Approve', 2);
      expect(approved.body).toMatchObject({ status: 'pendingConfirmation', revision: 3 });
    });

    it('RM 50,000.00 needs levels 20 and 21: lim approves 20, may not also approve 21, farid (given 21 by aminah) completes it', async () => {
      const { id, requested } = await createAndRequest('50000.00');
      expect(requested.status).toBe(200);
      const seen = await running().api.call('get', `${BASE}/${id}`, { token: lim });
      expect(seen.body.approvalRoute).toMatchObject({
        requiredLevels: [20, 21],
        reason: { manual: 'authorityManual', amount: '50000.00', limitApplied: '100000.00' },
      });
      expect((await act(lim, id, 'Approve', 2)).body).toMatchObject({ status: 'new', revision: 3 });
      const twice = await act(lim, id, 'Approve', 3);
      expect(twice.status).toBe(403);
      const given = await running().api.call('post', '/api/company-workflow/assignments', {
        token: aminah,
        body: { code: 'purchaseOrder', user_id: running().userId('farid@teguhbina.my'), workflow_level: 21 },
      });
      expect(given.status).toBe(200);
      const route = await running().api.call('get', `${BASE}/${id}`, { token: farid });
      expect(route.body.approvalRoute.nextLevel).toBe(21);
      expect(route.body.approvalRoute.mayActNext.map((u: { name: string }) => u.name)).toEqual(['Farid bin Hassan']);
      expect((await act(farid, id, 'Approve', 3)).body).toMatchObject({ status: 'pendingConfirmation', revision: 4 });
    });

    it('RM 2,000,000.00 is above every limit: Request_Approve is 422 limitExceeded and nothing is recorded', async () => {
      const { id, requested } = await createAndRequest('2000000.00');
      expect([requested.status, requested.body.errorCode]).toEqual([422, 'limitExceeded']);
      expect((await running().api.call('get', `${BASE}/${id}`, { token: kumar })).body.revision).toBe(1);
    });

    it('a document of a Teguh Bina project takes the project levels: farid (company level 21, none in the project) may not approve there', async () => {
      const list = await running().api.call('get', '/api/project-list-by-user', { token: kumar });
      const project = list.body.find((p: { project: { project_code: string } }) => p.project.project_code === 'TB-MT-A').project;
      const { id, requested } = await createAndRequest('50000.00', { projectId: project.id });
      expect(requested.status).toBe(200);
      expect((await act(lim, id, 'Approve', 2)).status).toBe(200);
      const route = await running().api.call('get', `${BASE}/${id}`, { token: lim });
      expect(route.body.approvalRoute.mayActNext).toEqual([]);
      const refused = await act(farid, id, 'Approve', 3);
      expect([refused.status, refused.body.errorCode]).toEqual([403, 'noAuthority']);
    });
  });
}
