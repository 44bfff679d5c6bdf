// The hash chain: untouched streams verify; a changed, inserted or removed event is found and named.

import { describe, expect, it } from '@jest/globals';
import type { Projection } from '../sql/projections.js';
import type { EventStore } from '../types.js';
import type { ContractHarness } from './harness.js';

type Fresh = (options?: { projections?: Projection[] }) => Promise<EventStore>;

// Events are append-only (a trigger refuses UPDATE and DELETE); the tamperer is an owner who switches
// the trigger off first, as an attacker with database access could.
const behindTheStoresBack = (statement: string) => `
  BEGIN;
  ALTER TABLE events DISABLE TRIGGER USER;
  ${statement};
  ALTER TABLE events ENABLE TRIGGER USER;
  COMMIT;`;

export function describeIntegrityContract(harness: ContractHarness, fresh: Fresh): void {
  describe('hash chain', () => {
    const fiveEvents = async (store: EventStore) => {
      for (let i = 0; i < 5; i++) {
        await store.append({
          streamId: 'po-1',
          streamType: 'order',
          expectedRevision: i === 0 ? 'no_stream' : i - 1,
          events: [{ type: 'Step', data: { i, amount: '100.00' } }],
        });
      }
    };

    it('an untouched stream verifies', async () => {
      const store = await fresh();
      await fiveEvents(store);
      expect(await store.verifyStream('po-1')).toEqual({ streamId: 'po-1', ok: true, eventsChecked: 5 });
      expect(await store.verifyStream('po-404')).toEqual({ streamId: 'po-404', ok: true, eventsChecked: 0 });
    });

    if (!harness.rawSql) {
      it.skip(`tampering: ${harness.name} offers no way to change a stored event`, () => undefined);
      return;
    }
    const sql = harness.rawSql;

    it('the application cannot update or delete an event', async () => {
      const store = await fresh();
      await fiveEvents(store);
      await expect(sql(store, `UPDATE events SET data = '{}' WHERE stream_id = 'po-1'`)).rejects.toThrow(/append-only/);
      await expect(sql(store, `DELETE FROM events WHERE stream_id = 'po-1'`)).rejects.toThrow(/append-only/);
      expect((await store.verifyStream('po-1')).ok).toBe(true);
    });

    it('reads the log whole when rows were edited to hold characters the store never writes', async () => {
      const store = await fresh();
      await fiveEvents(store);
      // The log-wide reads quote text columns by hand (statements.ts EVENT_JSON_FAST): a quote or a
      // backslash must come back as written, a control character must not cost the page.
      await sql(
        store,
        behindTheStoresBack(`UPDATE events SET type = 'Step"],1,"x\\' WHERE revision = 1;
        UPDATE events SET stream_type = E'order\\ttab' WHERE revision = 3`),
      );
      const page = await store.readAll({ limit: 10 });
      expect(page.events.map((e) => [e.revision, e.type, e.streamType])).toEqual([
        [0, 'Step', 'order'],
        [1, 'Step"],1,"x\\', 'order'],
        [2, 'Step', 'order'],
        [3, 'Step', 'order\ttab'],
        [4, 'Step', 'order'],
      ]);
      expect((await store.verifyStream('po-1')).firstBadRevision).toBe(1);
    });

    it.each([
      [
        'an edited amount',
        `UPDATE events SET data = jsonb_set(data::jsonb, '{amount}', '"900.00"')::json WHERE stream_id = 'po-1' AND revision = 2`,
        2,
        /changed/,
      ],
      [
        'an edited actor',
        `UPDATE events SET metadata = metadata::jsonb || '{"actorUserId":"someone-else"}' WHERE stream_id = 'po-1' AND revision = 1`,
        1,
        /changed/,
      ],
      [
        'an edited time',
        `UPDATE events SET recorded_at = recorded_at - interval '1 day' WHERE stream_id = 'po-1' AND revision = 3`,
        3,
        /changed/,
      ],
      ['a removed event', `DELETE FROM events WHERE stream_id = 'po-1' AND revision = 2`, 2, /missing/],
      ['removed last events', `DELETE FROM events WHERE stream_id = 'po-1' AND revision >= 3`, 3, /missing at the end/],
      [
        'an inserted event',
        `UPDATE events SET revision = revision + 100 WHERE stream_id = 'po-1' AND revision >= 2;
         UPDATE events SET revision = revision - 99 WHERE stream_id = 'po-1' AND revision >= 100;
         INSERT INTO events (event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
           SELECT gen_random_uuid(), stream_id, stream_type, 2, 'Step', '{"i":99}', metadata, recorded_at, hash, hash
           FROM events WHERE stream_id = 'po-1' AND revision = 1`,
        2,
        /changed/,
      ],
    ])('finds %s and names the revision', async (_name, statement, revision, reason) => {
      const store = await fresh();
      await fiveEvents(store);
      await sql(store, behindTheStoresBack(statement));
      const result = await store.verifyStream('po-1');
      expect(result.ok).toBe(false);
      expect(result.firstBadRevision).toBe(revision);
      expect(result.reason).toMatch(reason);
    });
  });
}
