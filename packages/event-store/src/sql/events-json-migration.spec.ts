// Migration 0003 turns the events' data and metadata from jsonb into json. Events recorded before it
// must read back as the same values and still verify (their hashes were computed over those values).

import { describe, expect, it } from '@jest/globals';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../contract/test-paths.js';
import { PGliteDatabase } from '../pglite/pglite-database.js';
import type { JsonValue } from '../types.js';
import { migrate } from './migrate.js';
import { SqlEventStore } from './sql-event-store.js';

const awkward: JsonValue[] = [
  { amount: '120450.00', big: 1e21, small: 1e-7, fraction: 0.1, negative: -0.5, integer: 9007199254740991 },
  { text: 'Tuan Haji Ahmad bin Abdullah — 建筑 — \ud83d\ude00', quote: 'say "hi" \\ back', newline: 'a\nb\tc' },
  { z: 1, a: { y: [1, 2, { b: null, a: true }], x: [] }, '': 'empty key', '0': 'digit key' },
  ['a list at the top', 1, false, null],
  'a bare string',
];

describe('migration 0003 (events data as json)', () => {
  it('keeps every earlier event readable as the same value and its chain verifying', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'binaan-migrations-'));
    try {
      for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => name < '0003'))
        await copyFile(join(MIGRATIONS_DIR, file), join(folder, file));
      const db = await PGliteDatabase.open();
      await migrate(db, folder);
      const [before] = await db.query<{ data_type: string }>(
        `SELECT data_type FROM information_schema.columns WHERE table_name = 'events' AND column_name = 'data'`,
      );
      expect(before?.data_type).toBe('jsonb');
      const store = await SqlEventStore.open(db);
      await store.append({
        streamId: 'old-1',
        streamType: 'test',
        expectedRevision: 'no_stream',
        events: awkward.map((data) => ({ type: 'Recorded', data, metadata: { actorUserId: 'u-1', note: 'ünïcödé' } })),
      });

      const report = await migrate(db, MIGRATIONS_DIR);
      expect(report.applied[0]).toBe('0003_events_json_text.sql');
      const [after] = await db.query<{ data_type: string }>(
        `SELECT data_type FROM information_schema.columns WHERE table_name = 'events' AND column_name = 'data'`,
      );
      expect(after?.data_type).toBe('json');
      const reopened = await SqlEventStore.open(db);
      expect((await reopened.readStream('old-1')).map((event) => event.data)).toEqual(awkward);
      expect(await reopened.verifyStream('old-1')).toMatchObject({ ok: true, eventsChecked: awkward.length });
      await reopened.append({
        streamId: 'old-1',
        streamType: 'test',
        expectedRevision: awkward.length - 1,
        events: [{ type: 'Recorded', data: { after: true } }],
      });
      expect(await reopened.verifyStream('old-1')).toMatchObject({ ok: true, eventsChecked: awkward.length + 1 });
      await reopened.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
