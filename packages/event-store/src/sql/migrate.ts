// Applies the versioned SQL files of a folder (`0001_name.sql`, `0002_name.sql`, ...) once each, in
// order, each in its own transaction, under an advisory lock so two instances starting together do not
// race. A file changed after it was applied is refused: a change of schema is a new file.

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StoreConfigurationError } from '../errors.js';
import type { SqlDatabase } from './sql-database.js';

const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;
const MIGRATION_LOCK = 7_310_001;

export type MigrationReport = { applied: string[]; alreadyApplied: number };

export type Migration = { version: number; name: string; file: string; sql: string; checksum: string };

/** The folder's migrations, in the order they apply. */
export async function readMigrations(folder: string): Promise<Migration[]> {
  const files = (await readdir(folder)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return Promise.all(
    files.map(async (file) => {
      const sql = await readFile(join(folder, file), 'utf8');
      const [, version, name] = MIGRATION_FILE.exec(file)!;
      return { version: Number(version), name: name!, file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export async function migrate(db: SqlDatabase, folder: string): Promise<MigrationReport> {
  const migrations = await readMigrations(folder);
  const report: MigrationReport = { applied: [], alreadyApplied: 0 };
  await db.maintenance(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.script(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Map(
      (await tx.query<{ version: number; checksum: string }>('SELECT version, checksum FROM schema_migrations')).map((row) => [
        Number(row.version),
        row.checksum,
      ]),
    );
    for (const migration of migrations) {
      const checksum = applied.get(migration.version);
      if (checksum === migration.checksum) {
        report.alreadyApplied++;
        continue;
      }
      if (checksum !== undefined) {
        throw new StoreConfigurationError(`migration ${migration.file} was changed after it was applied; write a new migration instead`);
      }
      await tx.script(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      report.applied.push(migration.file);
    }
  });
  return report;
}
