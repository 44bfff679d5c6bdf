// A new PGlite store as the migrations and the projections' setup leave it, kept in a file and loaded into
// each new store instead of running them again: the tests open over a hundred new PGlite stores, and a new
// one opened as the API opens it took 2.0 s of CPU, 1.4 s from the snapshot (README, CI time). Only when
// PGLITE_SCHEMA_CACHE names a folder (jest.config.js sets it; npm start does not; set empty, it is off).
//
// Never stale: the file is named by a hash of everything that made it (each migration's name and text, the
// PGlite append functions, each projection's name and setup hash as projection_versions records it, and
// SNAPSHOT_FORMAT for this code's own shape), so a change to any of them makes a new file. The store opened
// from it still runs migrate and the projections' setup as any store does: they find everything done and
// check it (a migration's checksum, a projection's setup hash), so a snapshot that did not match would be
// refused or rebuilt, not trusted. The folder's name should carry the PGlite version (the test config's
// does): a dump is PGlite's own data layout.

import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { migrate, readMigrations } from '../sql/migrate.js';
import { PGLITE_APPEND_FUNCTIONS } from '../sql/pglite-append-functions.js';
import { setupHash, type Projection } from '../sql/projections.js';
import { SqlEventStore } from '../sql/sql-event-store.js';
import { PGliteDatabase } from './pglite-database.js';

/** Raise when what a snapshot holds changes other than through the texts hashed below. */
const SNAPSHOT_FORMAT = 1;

/** The snapshot for these migrations and projections, made on first use; undefined when PGLITE_SCHEMA_CACHE is unset. */
export async function schemaSnapshot(
  migrationsDir: string,
  projections: readonly Projection[],
  folder = process.env.PGLITE_SCHEMA_CACHE,
): Promise<Blob | undefined> {
  if (!folder) return undefined;
  const file = join(folder, `${await snapshotKey(migrationsDir, projections)}.tar`);
  const kept = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (kept) return new Blob([kept]);
  const dump = await makeSnapshot(migrationsDir, projections);
  // Written whole (a rename), so parallel processes never read half a file; two making it at once both win.
  await mkdir(folder, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  await removeOldSnapshots(folder);
  return dump;
}

/** Each change of schema leaves a file (tens of MB) in the temp folder: those made over two days ago go (remade if still wanted). */
async function removeOldSnapshots(folder: string): Promise<void> {
  const before = Date.now() - 2 * 24 * 3600_000;
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    const made = await stat(path).then(
      (info) => info.mtimeMs,
      () => Date.now(),
    );
    if (made < before) await rm(path, { force: true });
  }
}

export async function snapshotKey(migrationsDir: string, projections: readonly Projection[]): Promise<string> {
  const hash = createHash('sha256').update(`binaan-pglite-schema-${SNAPSHOT_FORMAT}\u0000`);
  for (const migration of await readMigrations(migrationsDir)) hash.update(`${migration.file}\u0000${migration.sql}\u0000`);
  hash.update(`${PGLITE_APPEND_FUNCTIONS}\u0000`);
  for (const projection of projections) hash.update(`${projection.name}\u0000${setupHash(projection)}\u0000`);
  return hash.digest('hex');
}

/** By the same code a store opens with: a fresh cluster (the cached initdb), migrated, the projections set up. */
async function makeSnapshot(migrationsDir: string, projections: readonly Projection[]): Promise<Blob> {
  const db = await PGliteDatabase.open();
  let store: SqlEventStore | undefined;
  try {
    await migrate(db, migrationsDir);
    store = await SqlEventStore.open(db, { projections });
    return await db.dump();
  } finally {
    await (store ? store.close() : db.close());
  }
}
