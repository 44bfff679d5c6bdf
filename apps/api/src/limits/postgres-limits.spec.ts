// The PostgreSQL adapter's SQL, run on PGlite (always: the same SQL) and on PostgreSQL when
// TEST_DATABASE_URL is set, where two pools stand for two API processes sharing the database.
import { afterAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGliteDatabase, PostgresDatabase, type SqlDatabase } from '@binaan/event-store';
import { PostgresLimits } from './postgres-limits.js';
import { sharedLimitsContract } from './shared-limits.contract.js';

const MIGRATION = fileURLToPath(new URL('../../../../infra/migrations/0004_shared_limits.sql', import.meta.url));
const url = process.env.TEST_DATABASE_URL;
const opened: SqlDatabase[] = [];
const schemas: string[] = [];

afterAll(async () => {
  if (url && schemas.length > 0) {
    const admin = await PostgresDatabase.open({ connectionString: url });
    for (const schema of schemas) await admin.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
  for (const db of opened) await db.close();
});

let shared: SqlDatabase | undefined;

/** One in-memory PGlite with the migration applied (opening one takes seconds here), emptied for each test. */
async function pglite(): Promise<SqlDatabase> {
  if (!shared) {
    shared = await PGliteDatabase.open();
    opened.push(shared);
    await shared.script(await readFile(MIGRATION, 'utf8'));
  }
  await shared.script('TRUNCATE rate_windows, used_once');
  return shared;
}

/** A fresh schema with the migration applied, and `pools` pools on it (each a process of its own). */
async function postgres(pools: number): Promise<PostgresDatabase[]> {
  const schema = `limits_${randomBytes(5).toString('hex')}`;
  schemas.push(schema);
  const dbs: PostgresDatabase[] = [];
  for (let i = 0; i < pools; i++) {
    const db = await PostgresDatabase.open({ connectionString: url!, schema });
    opened.push(db);
    dbs.push(db);
  }
  await dbs[0]!.script(await readFile(MIGRATION, 'utf8'));
  return dbs;
}

sharedLimitsContract('PostgreSQL adapter on PGlite', async () => new PostgresLimits(await pglite()));

async function rows(db: SqlDatabase, table: string): Promise<number> {
  const [row] = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(row!.n);
}

describe('PostgreSQL adapter on PGlite: clean-up', () => {
  it('deletes ended windows and expired marks, and keeps live ones', async () => {
    const db = await pglite();
    const limits = new PostgresLimits(db, 60_000);
    await limits.hit('lookups:old', 1_000, 0);
    await limits.hit('lookups:live', 60_000, 0);
    await limits.claimOnce('altcha:old', 500, 0);
    await limits.claimOnce('altcha:live', 90_000, 0);
    await limits.sweep(1_000);
    expect([await rows(db, 'rate_windows'), await rows(db, 'used_once')]).toEqual([1, 1]);
    expect(await limits.hit('lookups:live', 60_000, 1_000)).toEqual({ count: 2, resetsAtMs: 60_000 });
    expect(await limits.claimOnce('altcha:live', 90_000, 1_000)).toBe(false);
  });
});

const skipped = url ? '' : ' (skipped: needs TEST_DATABASE_URL, which npm test sets)';
(url ? describe : describe.skip)(`PostgreSQL adapter on PostgreSQL${skipped}`, () => {
  sharedLimitsContract('PostgreSQL adapter on PostgreSQL', async () => new PostgresLimits((await postgres(1))[0]!));

  it('two processes (two pools) count in one window and give a mark once between them', async () => {
    const [one, two] = (await postgres(2)).map((db) => new PostgresLimits(db));
    const hits = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? one! : two!).hit('lookups:a', 60_000, 1_000)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(hits.map((hit) => hit.resetsAtMs))).toEqual(new Set([61_000]));
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? one! : two!).claimOnce('altcha:x', 9_000, 1_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
