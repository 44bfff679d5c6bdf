// SqlEventStore.onAppended: called after each committed append with its events, never for a refused one,
// and a listener that throws does not turn a committed append into a failure.

import { describe, expect, it } from '@jest/globals';
import { MIGRATIONS_DIR } from '../contract/test-paths.js';
import { WrongExpectedRevision } from '../errors.js';
import { PGliteDatabase } from '../pglite/pglite-database.js';
import type { StoredEvent } from '../types.js';
import { migrate } from './migrate.js';
import { SqlEventStore } from './sql-event-store.js';

describe('SqlEventStore.onAppended', () => {
  it('hands each committed append its events, not refused ones; stops when asked; survives a throwing listener', async () => {
    const db = await PGliteDatabase.open();
    await migrate(db, MIGRATIONS_DIR);
    const store = await SqlEventStore.open(db);
    try {
      const seen: (readonly StoredEvent[] | undefined)[] = [];
      const stop = store.onAppended((events) => seen.push(events));
      store.onAppended(() => {
        throw new Error('a broken cache');
      });
      const first = await store.append({
        streamId: 'order-1',
        streamType: 'order',
        expectedRevision: 'no_stream',
        events: [
          { type: 'A', data: {} },
          { type: 'B', data: {} },
        ],
      });
      await expect(
        store.append({ streamId: 'order-1', streamType: 'order', expectedRevision: 0, events: [{ type: 'C', data: {} }] }),
      ).rejects.toBeInstanceOf(WrongExpectedRevision);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.map((e) => [e.type, e.revision, e.globalPosition])).toEqual(
        first.events.map((e) => [e.type, e.revision, e.globalPosition]),
      );
      stop();
      await store.append({ streamId: 'order-1', streamType: 'order', expectedRevision: 1, events: [{ type: 'C', data: {} }] });
      expect(seen).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
