// Module access rights on the documents routes (signed-in-area.md §6): each call needs the right of the
// resource's module (tenders: tenderManagement; claims: contractManagement; orders: procurement), view to
// read, update to create or edit, approve to approve, checked on the server before the workflow levels.
// Farid (site team at Teguh Bina) has procurement rights but none in tender or contract management.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { grantCompanyRole, TEGUH, type Running } from './harness.js';

const TENDERS = '/api/documents/tender';
const CLAIMS = '/api/documents/progressiveClaim';

const tenderBody = (now: Date) => ({
  title: 'Access check: scaffolding, Block B',
  openAt: new Date(now.getTime() + 86_400_000).toISOString(),
  closeAt: new Date(now.getTime() + 10 * 86_400_000).toISOString(),
  expectedDeliveryStart: new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
  expectedDeliveryEnd: new Date(now.getTime() + 60 * 86_400_000).toISOString().slice(0, 10),
  items: [{ description: 'Scaffolding hire', unit: 'month', quantity: '3', rate: '4000.00' }],
});

export function moduleAccess(running: () => Running): void {
  describe('module access rights on /api/documents/<resource>', () => {
    let kumar: string, lim: string, farid: string;
    let tenderId = '';
    const undo: (() => Promise<void>)[] = [];
    const expectNoAccess = (reply: { status: number; body: { errorCode?: string } }) =>
      expect([reply.status, reply.body.errorCode]).toEqual([403, 'noAccessRight']);

    beforeAll(async () => {
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      lim = await running().signIn('lim@teguhbina.my', TEGUH);
      farid = await running().signIn('farid@teguhbina.my', TEGUH);
      const created = await running().api.call('post', TENDERS, { token: kumar, body: tenderBody(running().clock.now) });
      expect(created.status).toBe(201);
      tenderId = created.body.id;
    });
    afterAll(async () => {
      for (const revert of undo.reverse()) await revert();
    });

    it('farid has no tenderManagement right: list, read, history, create, edit, act and bulk are 403 noAccessRight', async () => {
      const api = running().api;
      expectNoAccess(await api.call('get', TENDERS, { token: farid }));
      expectNoAccess(await api.call('get', `${TENDERS}/${tenderId}`, { token: farid }));
      expectNoAccess(await api.call('get', `${TENDERS}/${tenderId}?revision=1`, { token: farid }));
      expectNoAccess(await api.call('get', `${TENDERS}/${tenderId}/history`, { token: farid }));
      expectNoAccess(await api.call('post', TENDERS, { token: farid, body: tenderBody(running().clock.now) }));
      expectNoAccess(await api.call('put', `${TENDERS}/${tenderId}`, { token: farid, body: { title: 'x' }, headers: { 'If-Match': '1' } }));
      expectNoAccess(
        await api.call('post', `${TENDERS}/${tenderId}/actions/Request_Approve`, { token: farid, headers: { 'If-Match': '1' } }),
      );
      expectNoAccess(
        await api.call('post', `${TENDERS}/actions/Request_Approve`, { token: farid, body: { items: [{ id: tenderId, revision: 1 }] } }),
      );
      // Nothing was recorded by the refused calls.
      expect((await api.call('get', `${TENDERS}/${tenderId}`, { token: kumar })).body.revision).toBe(1);
    });

    it('nor contractManagement (claims), while procurement, which his role has, opens', async () => {
      expectNoAccess(await running().api.call('get', CLAIMS, { token: farid }));
      expect((await running().api.call('get', '/api/documents/purchaseOrder', { token: farid })).status).toBe(200);
    });

    it('kumar (tenderManagement view and update, no approve) creates and requests, but Approve is 403 noAccessRight; lim (approve) gets through', async () => {
      const requested = await running().api.call('post', `${TENDERS}/${tenderId}/actions/Request_Approve`, {
        token: kumar,
        headers: { 'If-Match': '1' },
      });
      expect([requested.status, requested.body.status]).toEqual([200, 'pendingActivation']);
      expectNoAccess(
        await running().api.call('post', `${TENDERS}/${tenderId}/actions/Approve`, { token: kumar, headers: { 'If-Match': '2' } }),
      );
      expectNoAccess(
        await running().api.call('post', `${TENDERS}/actions/Approve`, { token: kumar, body: { items: [{ id: tenderId, revision: 2 }] } }),
      );
      const approved = await running().api.call('post', `${TENDERS}/${tenderId}/actions/Approve`, {
        token: lim,
        headers: { 'If-Match': '2' },
      });
      expect([approved.status, approved.body.status, approved.body.revision]).toEqual([200, 'active', 3]);
    });

    it('given tenderManagement.view in a new role, farid reads at once with the same token; creating still needs update', async () => {
      undo.push(
        await grantCompanyRole(running(), TEGUH, 'farid@teguhbina.my', {
          roleId: 'e2e-tender-reader',
          name: 'Tender reader',
          accessRights: ['tenderManagement.view'],
        }),
      );
      const seen = await running().api.call('get', `${TENDERS}/${tenderId}`, { token: farid });
      expect([seen.status, seen.body.status]).toEqual([200, 'active']);
      expect(seen.body.availableActions).toEqual([]);
      expect((await running().api.call('get', `${TENDERS}/${tenderId}/history`, { token: farid })).status).toBe(200);
      expect((await running().api.call('get', TENDERS, { token: farid })).status).toBe(200);
      expectNoAccess(await running().api.call('post', TENDERS, { token: farid, body: tenderBody(running().clock.now) }));
    });

    it('with tenderManagement.update too the module opens, and the workflow level decides: no level 10, so 403 noAuthority', async () => {
      const draft = await running().api.call('post', TENDERS, { token: kumar, body: tenderBody(running().clock.now) });
      expect(draft.status).toBe(201);
      undo.push(
        await grantCompanyRole(running(), TEGUH, 'farid@teguhbina.my', {
          roleId: 'e2e-tender-editor',
          name: 'Tender editor',
          accessRights: ['tenderManagement.update'],
        }),
      );
      const edit = await running().api.call('put', `${TENDERS}/${draft.body.id}`, {
        token: farid,
        body: { title: 'Renamed by the site' },
        headers: { 'If-Match': '1' },
      });
      expect([edit.status, edit.body.errorCode]).toEqual([403, 'noAuthority']);
      const create = await running().api.call('post', TENDERS, { token: farid, body: tenderBody(running().clock.now) });
      expect([create.status, create.body.errorCode]).toEqual([403, 'noAuthority']);
    });

    it('once the role is taken away, the next call is refused again', async () => {
      await undo.pop()!();
      await undo.pop()!();
      expectNoAccess(await running().api.call('get', `${TENDERS}/${tenderId}`, { token: farid }));
    });

    it('the right is not checked where a better refusal applies: unknown resource 404, no company chosen 403 companyNotChosen, no token 401', async () => {
      const unknown = await running().api.call('get', '/api/documents/nothing', { token: farid });
      expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'unknownDocumentResource']);
      const login = await running().api.call('post', '/api/login', { body: { email: 'farid@teguhbina.my', password: DEMO_PASSWORD } });
      const noCompany = await running().api.call('get', TENDERS, { token: login.body.jwtToken });
      expect([noCompany.status, noCompany.body.errorCode]).toEqual([403, 'companyNotChosen']);
      expect((await running().api.call('get', TENDERS)).status).toBe(401);
    });
  });
}
