// Projections whose writes ride in the append's own statement (Projection.inline): on PostgreSQL the
// append and its read model are one statement with no transaction; a refused append writes nothing; the
// table ends as apply (and so a rebuild) leaves it; a projection without inline statements for some
// events takes the transaction. On PGlite (which always takes the transaction) the same results.

import { afterAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { MIGRATIONS_DIR } from '../contract/test-paths.js';
import { WrongExpectedRevision } from '../errors.js';
import { PGliteDatabase } from '../pglite/pglite-database.js';
import { PostgresDatabase } from '../postgres/postgres-database.js';
import { migrate } from './migrate.js';
import type { Projection } from './projections.js';
import type { SqlDatabase } from './sql-database.js';
import { SqlEventStore } from './sql-event-store.js';

const url = process.env.TEST_DATABASE_URL;
const schemas: string[] = [];

/** Per stream: how many events, the last type, and a label given as a parameter. */
const counting: Projection = {
  name: 'counting',
  eventTypes: ['Counted'],
  tables: ['counted'],
  setupSql:
    'CREATE TABLE IF NOT EXISTS counted (stream_id text PRIMARY KEY, events integer NOT NULL, last_revision bigint NOT NULL, label text NOT NULL)',
  async apply(events, db) {
    for (const event of events) {
      await db.query(
        `INSERT INTO counted (stream_id, events, last_revision, label) VALUES ($1, 1, $2, $3)
         ON CONFLICT (stream_id) DO UPDATE SET events = counted.events + 1, last_revision = excluded.last_revision, label = excluded.label`,
        [event.streamId, event.revision, `label ${(event.data as { n: number }).n}`],
      );
    }
  },
  // One event only: two upserts of one row cannot share a statement.
  inline(events) {
    if (events.length !== 1) return null;
    return [
      {
        text: `INSERT INTO counted (stream_id, events, last_revision, label) SELECT stream_id, 1, revision, $1 FROM appended
             ON CONFLICT (stream_id) DO UPDATE SET events = counted.events + 1, last_revision = excluded.last_revision, label = excluded.label`,
        params: [`label ${(events[0]!.data as { n: number }).n}`],
      },
    ];
  },
};

const databases: [string, () => Promise<SqlDatabase>][] = [
  ['PGlite', () => PGliteDatabase.open()],
  ...(url
    ? [
        [
          'PostgreSQL',
          () => {
            const schema = `inline_${randomBytes(5).toString('hex')}`;
            schemas.push(schema);
            return PostgresDatabase.open({ connectionString: url, schema });
          },
        ] as [string, () => Promise<SqlDatabase>],
      ]
    : []),
];

afterAll(async () => {
  if (!url || schemas.length === 0) return;
  const db = await PostgresDatabase.open({ connectionString: url });
  for (const schema of schemas) await db.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
});

describe.each(databases)('inline projection statements on %s', (name, open) => {
  it('write the read model with the append (one statement on PostgreSQL), nothing when refused, as apply would', async () => {
    const db = await open();
    await migrate(db, MIGRATIONS_DIR);
    let transactions = 0;
    const transaction = db.transaction.bind(db);
    db.transaction = (work) => (transactions++, transaction(work));
    const store = await SqlEventStore.open(db, { projections: [counting] });
    try {
      const counted = () =>
        db.query<{ stream_id: string; events: number; last_revision: string | number; label: string }>(
          'SELECT * FROM counted ORDER BY stream_id',
        );
      transactions = 0;
      await store.append({
        streamId: 'tally-1',
        streamType: 'tally',
        expectedRevision: 'no_stream',
        events: [{ type: 'Counted', data: { n: 0 } }],
      });
      await store.append({ streamId: 'tally-1', streamType: 'tally', expectedRevision: 0, events: [{ type: 'Counted', data: { n: 1 } }] });
      expect(transactions).toBe(name === 'PostgreSQL' ? 0 : 2);
      await expect(
        store.append({ streamId: 'tally-1', streamType: 'tally', expectedRevision: 0, events: [{ type: 'Counted', data: { n: 9 } }] }),
      ).rejects.toBeInstanceOf(WrongExpectedRevision);
      // Two events: no inline statements, so the transaction.
      transactions = 0;
      await store.append({
        streamId: 'tally-2',
        streamType: 'tally',
        expectedRevision: 'no_stream',
        events: [
          { type: 'Counted', data: { n: 2 } },
          { type: 'Counted', data: { n: 3 } },
        ],
      });
      expect(transactions).toBe(1);
      const live = (await counted()).map((row) => ({ ...row, last_revision: Number(row.last_revision) }));
      expect(live).toEqual([
        { stream_id: 'tally-1', events: 2, last_revision: 1, label: 'label 1' },
        { stream_id: 'tally-2', events: 2, last_revision: 1, label: 'label 3' },
      ]);
      await store.rebuild();
      expect((await counted()).map((row) => ({ ...row, last_revision: Number(row.last_revision) }))).toEqual(live);
    } finally {
      await store.close();
    }
  });
});
