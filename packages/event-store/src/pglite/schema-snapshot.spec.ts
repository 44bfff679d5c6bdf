// A new PGlite store from the schema snapshot (PGLITE_SCHEMA_CACHE): made on the first open, by migrate and
// the projections' setup, loaded by the next, and never stale: a changed or added migration or a changed
// projection makes a new file and a store with the new schema. Each store so made is its own cluster.
import { afterAll, describe, expect, it } from '@jest/globals';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../contract/test-paths.js';
import { openEventStore } from '../open-store.js';
import type { Projection } from '../sql/projections.js';
import type { SqlEventStore } from '../sql/sql-event-store.js';
import { snapshotKey } from './schema-snapshot.js';

const folder = mkdtempSync(join(tmpdir(), 'binaan-schema-snapshot-'));
const cache = join(folder, 'snapshots');
const before = process.env.PGLITE_SCHEMA_CACHE;
let stores = 0;

afterAll(() => {
  if (before === undefined) delete process.env.PGLITE_SCHEMA_CACHE;
  else process.env.PGLITE_SCHEMA_CACHE = before;
  rmSync(folder, { recursive: true, force: true });
});

const counting = (columns = 'n integer NOT NULL'): Projection => ({
  name: 'counting',
  eventTypes: ['Counted'],
  tables: ['counted'],
  setupSql: `CREATE TABLE IF NOT EXISTS counted (stream_id text PRIMARY KEY, ${columns})`,
  async apply(events, db) {
    for (const event of events)
      await db.query('INSERT INTO counted (stream_id, n) VALUES ($1, 1) ON CONFLICT (stream_id) DO UPDATE SET n = counted.n + 1', [
        event.streamId,
      ]);
  },
});

async function open(migrationsDir: string, projections: readonly Projection[]): Promise<SqlEventStore> {
  const { sql } = await openEventStore({ migrationsDir, dataDir: join(folder, `store-${++stores}`), projections });
  return sql!;
}

const columns = async (store: SqlEventStore, table: string) =>
  (
    await store.db.query<{ column_name: string }>(
      'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY column_name',
      [table],
    )
  ).map((row) => row.column_name);
const snapshots = () =>
  readdirSync(cache)
    .filter((name) => name.endsWith('.tar'))
    .sort();

describe('a new PGlite store from the schema snapshot', () => {
  it('is made on first open, loaded after, each store its own; a change of migration or projection makes a new one', async () => {
    process.env.PGLITE_SCHEMA_CACHE = cache;
    const projections = [counting()];
    const first = await open(MIGRATIONS_DIR, projections);
    const key = await snapshotKey(MIGRATIONS_DIR, projections);
    expect(snapshots()).toEqual([`${key}.tar`]);
    const made = statSync(join(cache, `${key}.tar`)).mtimeMs;
    await first.append({
      streamId: 'counter-1',
      streamType: 'counter',
      expectedRevision: 'no_stream',
      events: [{ type: 'Counted', data: {} }],
    });

    const second = await open(MIGRATIONS_DIR, projections);
    expect(statSync(join(cache, `${key}.tar`)).mtimeMs).toBe(made);
    expect(snapshots()).toHaveLength(1);
    // Migrated and set up as a store made the long way: every migration recorded, the projection current.
    expect((await second.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'))[0]!.n).toBe(
      readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')).length,
    );
    expect(await columns(second, 'counted')).toEqual(['n', 'stream_id']);
    // Its own cluster: the first store's event and read-model row are not in it.
    expect((await second.stats()).events).toBe(0);
    expect(await second.db.query('SELECT * FROM counted')).toEqual([]);
    expect(await first.db.query('SELECT stream_id, n FROM counted')).toEqual([{ stream_id: 'counter-1', n: 1 }]);
    await Promise.all([first.close(), second.close()]);

    // A migration added: a new snapshot, and the store has its table.
    const migrations = join(folder, 'migrations');
    cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
    writeFileSync(join(migrations, '0999_snapshot_probe.sql'), 'CREATE TABLE snapshot_probe (id int PRIMARY KEY);\n');
    const added = await open(migrations, projections);
    expect(snapshots()).toHaveLength(2);
    expect(await columns(added, 'snapshot_probe')).toEqual(['id']);
    await added.close();

    // The same migration's text changed: another snapshot again, with the changed table.
    writeFileSync(join(migrations, '0999_snapshot_probe.sql'), 'CREATE TABLE snapshot_probe (id int PRIMARY KEY, note text);\n');
    const changed = await open(migrations, projections);
    expect(snapshots()).toHaveLength(3);
    expect(await columns(changed, 'snapshot_probe')).toEqual(['id', 'note']);
    await changed.close();

    // A projection's DDL changed: a new snapshot whose read-model table has the new shape.
    const reshaped = await open(MIGRATIONS_DIR, [counting('n integer NOT NULL, label text')]);
    expect(snapshots()).toHaveLength(4);
    expect(await columns(reshaped, 'counted')).toEqual(['label', 'n', 'stream_id']);
    await reshaped.close();
    // A guard against a hang, not a speed check (five PGlite clusters on a shared 2-core machine).
  }, 240_000);
});
