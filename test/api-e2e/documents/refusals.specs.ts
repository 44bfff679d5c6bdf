// Each refusal kind once: shape (400), rules (422), authority (403), status and revision (409), If-Match
// (428), another company's document (404), unknown resource and event; the catalogue is served.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { purchaseOrderBody, SERI, TEGUH, type Running } from './harness.js';

const BASE = '/api/documents/purchaseOrder';

export function refusals(running: () => Running): void {
  describe('refusals', () => {
    let kumar: string, lim: string, wong: string, aminahAtSeri: string;
    let id = '';
    const act = (token: string, event: string, headers: Record<string, string>, body: Record<string, unknown> = {}) =>
      running().api.call('post', `${BASE}/${id}/actions/${event}`, { token, body, headers });

    beforeAll(async () => {
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      lim = await running().signIn('lim@teguhbina.my', TEGUH);
      wong = await running().signIn('wong@kukuhcontractor.my', 'kukuh-jaya');
      aminahAtSeri = await running().signIn('aminah@teguhbina.my', SERI);
      const created = await running().api.call('post', BASE, { token: kumar, body: purchaseOrderBody() });
      id = created.body.id;
    });

    it.each([
      ['end before start', { startDate: '2026-03-10', endDate: '2026-03-09' }, 422, 'endBeforeStart'],
      ['quantity 0', { items: [{ description: 'Sand', unit: 'ton', quantity: '0', rate: '10.00' }] }, 422, 'quantityNotPositive'],
      [
        'rate 0 without the include box',
        { items: [{ description: 'Free delivery', unit: 'lot', quantity: '1', rate: '0' }] },
        422,
        'zeroRateNotIncluded',
      ],
      ['no counterparty on an order', { counterpartyCompanyId: null }, 422, 'counterpartyRequired'],
      ['the own company as counterparty', { counterpartyCompanyId: TEGUH }, 422, 'counterpartyIsOwnCompany'],
      ['an unknown counterparty', { counterpartyCompanyId: 'no-such-company' }, 422, 'unknownCounterparty'],
      [
        'a quantity that is not a decimal string',
        { items: [{ description: 'Sand', unit: 'ton', quantity: 2.5, rate: '10.00' }] },
        400,
        'validationFailed',
      ],
      ['a date that is not a date', { endDate: '2026-02-30' }, 400, 'validationFailed'],
      ['no title', { title: '' }, 400, 'validationFailed'],
    ])('create with %s: %s %s', async (_label, overrides, status, code) => {
      const reply = await running().api.call('post', BASE, { token: kumar, body: purchaseOrderBody(overrides) });
      expect([reply.status, reply.body.errorCode]).toEqual([status, code]);
    });

    it('rate 0 with the include box is accepted', async () => {
      const reply = await running().api.call('post', BASE, {
        token: kumar,
        body: purchaseOrderBody({
          items: [{ description: 'Free delivery', unit: 'lot', quantity: '1', rate: '0', includeZeroRate: true }],
        }),
      });
      expect(reply.status).toBe(201);
      expect(reply.body.totals).toEqual({ subtotal: '0.00', sst: '0.00', total: '0.00' });
    });

    it('a request needs an item before approval (422 itemRequired)', async () => {
      const empty = await running().api.call('post', BASE, { token: kumar, body: purchaseOrderBody({ items: [] }) });
      expect(empty.status).toBe(201);
      const reply = await running().api.call('post', `${BASE}/${empty.body.id}/actions/Request_Approve`, {
        token: kumar,
        headers: { 'If-Match': '1' },
      });
      expect([reply.status, reply.body.errorCode]).toEqual([422, 'itemRequired']);
    });

    it('If-Match missing is 428, malformed 400, stale 409', async () => {
      expect((await act(kumar, 'Request_Approve', {})).status).toBe(428);
      expect((await act(kumar, 'Request_Approve', { 'If-Match': 'abc' })).body.errorCode).toBe('invalidIfMatch');
      const stale = await act(kumar, 'Request_Approve', { 'If-Match': '0' });
      expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
      expect((await running().api.call('put', `${BASE}/${id}`, { token: kumar, body: { title: 'y' } })).status).toBe(428);
    });

    it('no authority is 403, wrong status 409, missing remark 422, unknown event 400', async () => {
      const noAuthority = await act(lim, 'Cancel', { 'If-Match': '1' }, { remark: 'not needed' });
      expect([noAuthority.status, noAuthority.body.errorCode]).toEqual([403, 'noAuthority']);
      const wrongStatus = await act(kumar, 'Fulfil', { 'If-Match': '1' });
      expect([wrongStatus.status, wrongStatus.body.errorCode]).toEqual([409, 'wrongStatus']);
      const noRemark = await act(kumar, 'Cancel', { 'If-Match': '1' });
      expect([noRemark.status, noRemark.body.errorCode]).toEqual([422, 'remarkRequired']);
      const unknown = await act(kumar, 'Explode', { 'If-Match': '1' });
      expect([unknown.status, unknown.body.errorCode]).toEqual([400, 'unknownEvent']);
      // lim (approver) has no procurement.update: the module refuses before the level check (access.specs.ts has both).
      const notEditable = await running().api.call('put', `${BASE}/${id}`, {
        token: lim,
        body: { title: 'z' },
        headers: { 'If-Match': '1' },
      });
      expect([notEditable.status, notEditable.body.errorCode]).toEqual([403, 'noAccessRight']);
      const fixed = await running().api.call('put', `${BASE}/${id}`, {
        token: kumar,
        body: { counterpartyCompanyId: SERI },
        headers: { 'If-Match': '1' },
      });
      expect(fixed.status).toBe(400);
    });

    it("another company's document is 404 for read, history, action, edit and verify, never 403", async () => {
      for (const token of [wong, aminahAtSeri]) {
        expect((await running().api.call('get', `${BASE}/${id}`, { token })).status).toBe(404);
        expect((await running().api.call('get', `${BASE}/${id}/history`, { token })).status).toBe(404);
        expect(
          (await running().api.call('post', `${BASE}/${id}/actions/Cancel`, { token, body: { remark: 'x' }, headers: { 'If-Match': '1' } }))
            .status,
        ).toBe(404);
        expect(
          (await running().api.call('put', `${BASE}/${id}`, { token, body: { title: 'x' }, headers: { 'If-Match': '1' } })).status,
        ).toBe(404);
        expect((await running().api.call('get', `/api/audit/verify?resource=purchaseOrder&id=${id}`, { token })).status).toBe(404);
        const list = await running().api.call('get', BASE, { token });
        expect(list.body.map((d: { id: string }) => d.id)).not.toContain(id);
      }
      expect((await running().api.call('get', `${BASE}/not-a-uuid`, { token: kumar })).status).toBe(404);
      expect((await running().api.call('get', '/api/documents/user', { token: kumar })).body.errorCode).toBe('unknownDocumentResource');
      expect((await running().api.call('get', BASE)).status).toBe(401);
    });

    it('the catalogue: GET /api/workflows and /api/workflows/<resource>', async () => {
      const all = await running().api.call('get', '/api/workflows', { token: kumar });
      expect(all.body.length).toBeGreaterThanOrEqual(25);
      const one = await running().api.call('get', '/api/workflows/purchaseOrder', { token: kumar });
      expect(one.body).toMatchObject({ resource: 'purchaseOrder', authorityScope: 'project' });
      expect((await running().api.call('get', '/api/workflows/nothing', { token: kumar })).status).toBe(404);
    });
  });
}
