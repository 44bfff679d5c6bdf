// Idempotent retries, chain verification against a tampered row, and contention: many concurrent actions
// on one document give 2xx or 409 only, one status event per 2xx, and revisions without gaps.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { MUTIARA, purchaseOrderBody, TEGUH, type Running } from './harness.js';

const BASE = '/api/documents/purchaseOrder';
const CONCURRENT = 50;
const ROUNDS = 20;

export function auditAndContention(running: () => Running): void {
  describe('idempotency, audit verification and contention', () => {
    let kumar: string, lim: string, mei: string;
    const create = async () => (await running().api.call('post', BASE, { token: kumar, body: purchaseOrderBody() })).body.id as string;
    const act = (
      token: string,
      id: string,
      event: string,
      revision: number,
      headers: Record<string, string> = {},
      body: Record<string, unknown> = {},
    ) =>
      running().api.call('post', `${BASE}/${id}/actions/${event}`, { token, body, headers: { 'If-Match': String(revision), ...headers } });

    beforeAll(async () => {
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      lim = await running().signIn('lim@teguhbina.my', TEGUH);
      mei = await running().signIn('mei@mutiarasupplies.my', MUTIARA);
    });

    it('an Idempotency-Key makes a retried action return the first reply, recording it once', async () => {
      const id = await create();
      const first = await act(kumar, id, 'Request_Approve', 1, { 'Idempotency-Key': 'req-1' });
      expect(first.status).toBe(200);
      const retry = await act(kumar, id, 'Request_Approve', 1, { 'Idempotency-Key': 'req-1' });
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      const withoutKey = await act(kumar, id, 'Request_Approve', 1);
      expect(withoutKey.status).toBe(409);
      const reused = await act(kumar, id, 'Cancel', 2, { 'Idempotency-Key': 'req-1' }, { remark: 'x' });
      expect([reused.status, reused.body.errorCode]).toEqual([422, 'idempotencyKeyReused']);
      const events = await running().store.readStream(`purchaseOrder-${id}`);
      expect(events.filter((e) => e.type === 'WorkflowStatusChanged')).toHaveLength(2);
    });

    it('a tampered event row makes /api/audit/verify fail at that revision, and history marks it', async () => {
      const id = await create();
      await act(kumar, id, 'Request_Approve', 1);
      await act(lim, id, 'Reject', 2, {}, { remark: 'Rates too high' });
      const clean = await running().api.call('get', `/api/audit/verify?resource=purchaseOrder&id=${id}`, { token: kumar });
      expect(clean.body).toMatchObject({ ok: true, eventsChecked: 4, firstBadRevision: null });
      // Read once before the change: the timeline and its chain check are kept in process from here on.
      const before = await running().api.call('get', `${BASE}/${id}/history`, { token: kumar });
      expect(before.body.map((r: { chainVerified: boolean }) => r.chainVerified)).toEqual([true, true, true, true]);
      const unchanged = await running().api.call('get', `${BASE}/${id}/history`, {
        token: kumar,
        headers: { 'If-None-Match': before.headers.etag! },
      });
      expect(unchanged.status).toBe(304);
      await running().sql.script(`BEGIN; ALTER TABLE events DISABLE TRIGGER USER;
        UPDATE events SET data = jsonb_set(data::jsonb, '{remark}', '"Approved, no remark"')::json WHERE stream_id = 'purchaseOrder-${id}' AND revision = 3;
        ALTER TABLE events ENABLE TRIGGER USER; COMMIT;`);
      const broken = await running().api.call('get', `/api/audit/verify?resource=purchaseOrder&id=${id}`, { token: kumar });
      expect(broken.status).toBe(200);
      expect(broken.body).toMatchObject({ ok: false, firstBadRevision: 3 });
      const history = await running().api.call('get', `${BASE}/${id}/history`, {
        token: kumar,
        headers: { 'If-None-Match': before.headers.etag! },
      });
      expect(history.status).toBe(200);
      expect(history.body.map((r: { chainVerified: boolean }) => r.chainVerified)).toEqual([true, true, true, false]);
    });

    it(`${CONCURRENT} concurrent approvers on one document: 2xx or 409 only, one status event per 2xx`, async () => {
      const id = await create();
      await act(kumar, id, 'Request_Approve', 1);
      const replies = await Promise.all(Array.from({ length: CONCURRENT }, () => act(lim, id, 'Approve', 2)));
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      const events = await running().store.readStream(`purchaseOrder-${id}`);
      expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
    });

    it(`${ROUNDS} rounds of ${CONCURRENT} concurrent seller actions: status events equal 2xx replies, no revision gap`, async () => {
      const id = await create();
      await act(kumar, id, 'Request_Approve', 1);
      await act(lim, id, 'Approve', 2);
      let revision = 3;
      let ok = 0;
      for (let round = 0; round < ROUNDS; round++) {
        // Mostly the current revision, some stale: every reply must still be 200 or 409.
        const replies = await Promise.all(
          Array.from({ length: CONCURRENT }, (_, i) => act(mei, id, 'View', i % 10 === 9 ? revision - 1 : revision)),
        );
        const statuses = replies.map((r) => r.status);
        expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
        const won = replies.filter((r) => r.status === 200);
        expect(won.length).toBeGreaterThanOrEqual(1);
        ok += won.length;
        revision = Math.max(...won.map((r) => r.body.revision as number));
      }
      const events = await running().store.readStream(`purchaseOrder-${id}`);
      const statusEvents = events.filter((e) => e.type === 'WorkflowStatusChanged');
      expect(statusEvents).toHaveLength(3 + ok);
      expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => i));
      expect(ok).toBe(ROUNDS);
    }, 120_000);

    it('document numbers stay unique and gapless under concurrent creates', async () => {
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => running().api.call('post', BASE, { token: kumar, body: purchaseOrderBody() })),
      );
      expect(replies.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
      const all = await running().api.call(
        'get',
        `${BASE}?range=${encodeURIComponent('[0,199]')}&sort=${encodeURIComponent('["documentNo","ASC"]')}`,
        { token: kumar },
      );
      const numbers = (all.body as { documentNo: string }[]).map((d) => Number(d.documentNo.slice(-5)));
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }, 60_000);
  });
}
