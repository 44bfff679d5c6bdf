// Projections on the SQL stores: a read model added to a store that already has events starts complete
// (rebuilt from the log when the store opens); an unchanged one keeps its rows across restarts.

import { describe, expect, it } from '@jest/globals';
import type { Projection } from '../sql/projections.js';
import type { SqlEventStore } from '../sql/sql-event-store.js';
import type { ContractHarness } from './harness.js';

const counter = (setupSql = 'CREATE TABLE IF NOT EXISTS type_counts (type text PRIMARY KEY, n integer NOT NULL)'): Projection => ({
  name: 'type-counts',
  setupSql,
  tables: ['type_counts'],
  async apply(events, db) {
    for (const event of events) {
      await db.query('INSERT INTO type_counts (type, n) VALUES ($1, 1) ON CONFLICT (type) DO UPDATE SET n = type_counts.n + 1', [
        event.type,
      ]);
    }
  },
});

export function describeProjectionContract(harness: ContractHarness): void {
  if (!harness.projections) return;
  describe('projections', () => {
    it('a projection added to a store with events is filled from the log at open; unchanged, it keeps its rows', async () => {
      const place = await harness.restartable();
      const before = await place.open();
      for (let i = 0; i < 3; i++)
        await before.append({
          streamId: `p-${i}`,
          streamType: 'test',
          expectedRevision: 'no_stream',
          events: [
            { type: 'Opened', data: {} },
            { type: 'Closed', data: {} },
          ],
        });
      await before.close();

      const added = (await place.open({ projections: [counter()] })) as SqlEventStore;
      const counts = async (store: SqlEventStore) =>
        store.db.query<{ type: string; n: number }>('SELECT type, n FROM type_counts ORDER BY type');
      expect(await counts(added)).toEqual([
        { type: 'Closed', n: 3 },
        { type: 'Opened', n: 3 },
      ]);
      await added.append({ streamId: 'p-9', streamType: 'test', expectedRevision: 'no_stream', events: [{ type: 'Opened', data: {} }] });
      await added.close();

      const again = (await place.open({ projections: [counter()] })) as SqlEventStore;
      expect(await counts(again)).toEqual([
        { type: 'Closed', n: 3 },
        { type: 'Opened', n: 4 },
      ]);
      // Kept, not rebuilt: a row only the table knows survives.
      await again.db.query(`INSERT INTO type_counts (type, n) VALUES ('OnlyInTheTable', 1)`);
      await again.close();
      const kept = (await place.open({ projections: [counter()] })) as SqlEventStore;
      expect((await counts(kept)).map((row) => row.type)).toContain('OnlyInTheTable');
      await kept.close();

      // A changed shape is rebuilt: the stray row is gone, the counts come from the log.
      const changed = (await place.open({
        projections: [counter('CREATE TABLE IF NOT EXISTS type_counts (type text PRIMARY KEY, n integer NOT NULL, note text)')],
      })) as SqlEventStore;
      expect(await counts(changed)).toEqual([
        { type: 'Closed', n: 3 },
        { type: 'Opened', n: 4 },
      ]);
      await changed.close();
    }, 120_000);
  });
}
