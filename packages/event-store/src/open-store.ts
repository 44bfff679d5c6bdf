// Opens the configured store: KurrentDB when EVENTSTORE_URL is set, PostgreSQL when DATABASE_URL is set,
// otherwise PGlite in DATA_DIR (zero set-up, one process). SQL stores are migrated on open.

import { join } from 'node:path';
import { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store.js';
import { lockDataDir } from './pglite/data-dir-lock.js';
import { PGliteDatabase } from './pglite/pglite-database.js';
import { PostgresDatabase } from './postgres/postgres-database.js';
import { migrate } from './sql/migrate.js';
import type { Projection } from './sql/projections.js';
import { SqlEventStore } from './sql/sql-event-store.js';
import type { SqlDatabase } from './sql/sql-database.js';
import type { EventStore } from './types.js';

export type StoreConfig = {
  /** Folder of versioned SQL migrations (infra/migrations). */
  migrationsDir: string;
  dataDir?: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (default: the connection's search_path). */
  databaseSchema?: string;
  eventStoreUrl?: string;
  projections?: readonly Projection[];
  /** PostgreSQL: the longest wait for a connection, and the statement timeout (see postgres-database.ts). */
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** The clock that stamps recordedAt (tests move it). */
  now?: () => Date;
};

export type OpenedStore = { store: EventStore; sql: SqlEventStore | null };

export async function openSqlDatabase(config: StoreConfig): Promise<SqlDatabase> {
  if (config.databaseUrl) {
    return PostgresDatabase.open({
      connectionString: config.databaseUrl,
      ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
      ...(config.connectTimeoutMs !== undefined ? { connectTimeoutMs: config.connectTimeoutMs } : {}),
      ...(config.statementTimeoutMs !== undefined ? { statementTimeoutMs: config.statementTimeoutMs } : {}),
    });
  }
  const dataDir = config.dataDir ?? './data';
  const lock = lockDataDir(dataDir);
  try {
    return await PGliteDatabase.open(join(dataDir, 'pglite'), lock.release);
  } catch (error) {
    lock.release();
    throw error;
  }
}

export async function openEventStore(config: StoreConfig): Promise<OpenedStore> {
  if (config.eventStoreUrl) {
    return { store: await KurrentDbEventStore.connect(config.eventStoreUrl), sql: null };
  }
  const db = await openSqlDatabase(config);
  try {
    await migrate(db, config.migrationsDir);
    const store = await SqlEventStore.open(db, { ...(config.projections ? { projections: config.projections } : {}), ...(config.now ? { now: config.now } : {}) });
    return { store, sql: store };
  } catch (error) {
    await db.close();
    throw error;
  }
}
