// A document in an approval round says so in its list row: a draft purchase order and one
// waiting for its approver are both `new`, but only the second carries awaitingLevel 20 and is listed by
// the awaitingApproval filter; once approved (or cancelled) it leaves the round and the filter.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { purchaseOrderBody, TEGUH, type Running } from './harness.js';

const BASE = '/api/documents/purchaseOrder';
type Row = { id: string; status: string; awaitingLevel: number | null };

export function awaitingApproval(running: () => Running): void {
  describe('awaiting approval in the lists', () => {
    let kumar: string, lim: string;
    let draft = '',
      waiting = '',
      cancelled = '';
    const list = async (filter: Record<string, unknown>, token = kumar) => {
      const reply = await running().api.call(
        'get',
        `${BASE}?range=${encodeURIComponent('[0,199]')}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
        { token },
      );
      expect(reply.status).toBe(200);
      return reply.body as Row[];
    };
    const rowOf = async (id: string) => (await list({})).find((r) => r.id === id);
    const act = async (token: string, id: string, event: string, revision: number, body: Record<string, unknown> = {}) => {
      const reply = await running().api.call('post', `${BASE}/${id}/actions/${event}`, {
        token,
        body,
        headers: { 'If-Match': String(revision) },
      });
      expect(reply.status).toBe(200);
      return reply;
    };

    beforeAll(async () => {
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      lim = await running().signIn('lim@teguhbina.my', TEGUH);
      const create = async (title: string) =>
        (await running().api.call('post', BASE, { token: kumar, body: purchaseOrderBody({ title }) })).body.id as string;
      [draft, waiting, cancelled] = [
        await create('Awaiting: draft'),
        await create('Awaiting: requested'),
        await create('Awaiting: cancelled in round'),
      ];
      await act(kumar, waiting, 'Request_Approve', 1);
      await act(kumar, cancelled, 'Request_Approve', 1);
    });

    it('a draft and an order waiting for verify level 1 are both new; only the second says it awaits level 20', async () => {
      expect(await rowOf(draft)).toMatchObject({ status: 'new', awaitingLevel: null });
      expect(await rowOf(waiting)).toMatchObject({ status: 'new', awaitingLevel: 20 });
    });

    it('filter awaitingApproval lists the documents in a round, and only those; false the others', async () => {
      const awaiting = (await list({ awaitingApproval: true })).map((r) => r.id);
      expect(awaiting).toEqual(expect.arrayContaining([waiting, cancelled]));
      expect(awaiting).not.toContain(draft);
      expect((await list({ awaitingApproval: true })).every((r) => r.awaitingLevel !== null)).toBe(true);
      const outside = (await list({ awaitingApproval: false })).map((r) => r.id);
      expect(outside).toContain(draft);
      expect(outside).not.toContain(waiting);
      // Combined with the status tab: new and awaiting.
      expect((await list({ status: 'new', awaitingApproval: true })).map((r) => r.id)).toEqual(
        expect.arrayContaining([waiting, cancelled]),
      );
    });

    it('the approval (last level) and a cancel end the round: the rows no longer await anything', async () => {
      await act(lim, waiting, 'Approve', 2);
      await act(kumar, cancelled, 'Cancel', 2, { remark: 'Ordered elsewhere' });
      expect(await rowOf(waiting)).toMatchObject({ status: 'pendingConfirmation', awaitingLevel: null });
      expect(await rowOf(cancelled)).toMatchObject({ status: 'cancelled', awaitingLevel: null });
      const awaiting = (await list({ awaitingApproval: true })).map((r) => r.id);
      expect(awaiting).not.toContain(waiting);
      expect(awaiting).not.toContain(cancelled);
    });

    it('a filter value other than true or false is 400 validationFailed naming filter.awaitingApproval', async () => {
      const reply = await running().api.call('get', `${BASE}?filter=${encodeURIComponent('{"awaitingApproval":"yes"}')}`, { token: kumar });
      expect([reply.status, reply.body.errorCode, Object.keys(reply.body.fields ?? {})]).toEqual([
        400,
        'validationFailed',
        ['filter.awaitingApproval'],
      ]);
    });

    it('the filter has an index per side, partial on the documents in a round, ending with id', async () => {
      const indexes = await running().sql.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE indexname LIKE 'document_states%awaiting%' AND schemaname = current_schema() ORDER BY indexname`,
      );
      expect(indexes.map((i) => i.indexname)).toEqual(['document_states_own_awaiting', 'document_states_received_awaiting']);
      expect(indexes[0]!.indexdef).toMatch(/\(resource, company_id, created_at, id\) WHERE \(awaiting_level IS NOT NULL\)/);
      expect(indexes[1]!.indexdef).toMatch(
        /\(resource, counterparty_company_id, created_at, id\) INCLUDE \(company_id\) WHERE \(shared_with_counterparty AND \(awaiting_level IS NOT NULL\)\)/,
      );
    });
  });
}
