// Opens the configured store: KurrentDB when EVENTSTORE_URL is set, PostgreSQL when DATABASE_URL is set,
// otherwise PGlite in DATA_DIR (zero set-up, one process). SQL stores are migrated on open.

import { join } from 'node:path';
import { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store.js';
import { lockDataDir } from './pglite/data-dir-lock.js';
import { PGliteDatabase } from './pglite/pglite-database.js';
import { schemaSnapshot } from './pglite/schema-snapshot.js';
import { PostgresDatabase } from './postgres/postgres-database.js';
import { migrate } from './sql/migrate.js';
import type { Projection } from './sql/projections.js';
import { SqlEventStore } from './sql/sql-event-store.js';
import type { SqlDatabase } from './sql/sql-database.js';
import type { EventStore } from './types.js';
import { FieldPersonalDataCodec } from './personal-data/personal-data-codec.js';
import type { PersonalDataDeclarations } from './personal-data/personal-data.js';
import { masterKeyFrom } from './personal-data/field-cipher.js';
import { SqlPersonalKeyStore, type PersonalKeyStore } from './personal-data/sql-key-store.js';
import { SealingEventStore } from './personal-data/sealing-event-store.js';

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
  /**
   * Personal fields per event type, sealed with a key per person; `masterKeys[0]` wraps new data keys,
   * the others (after a rotation) still open old ones. On SQL stores the keys live beside the events (their
   * own table, backed up apart); on KurrentDB in the SQL database the configuration names besides
   * (DATABASE_URL, else PGlite in DATA_DIR), never in KurrentDB: destroying a key there forgets the person.
   */
  personalData?: { declarations: PersonalDataDeclarations; masterKeys: readonly string[] };
};

/** `keys`: the persons' data keys (to forget a person), when personal data is sealed. */
export type OpenedStore = { store: EventStore; sql: SqlEventStore | null; keys?: PersonalKeyStore };

/** `seed`: a new PGlite cluster's starting contents (see PGliteDatabase.open). */
export async function openSqlDatabase(config: StoreConfig, seed?: () => Promise<Blob | undefined>): Promise<SqlDatabase> {
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
    return await PGliteDatabase.open(join(dataDir, 'pglite'), lock.release, seed);
  } catch (error) {
    lock.release();
    throw error;
  }
}

export async function openEventStore(config: StoreConfig): Promise<OpenedStore> {
  if (config.eventStoreUrl) {
    const kurrent = await KurrentDbEventStore.connect(config.eventStoreUrl);
    if (!config.personalData) return { store: kurrent, sql: null };
    return openSealedKurrentDb(kurrent, config, config.personalData);
  }
  // A new PGlite store starts from the snapshot of a migrated one when the tests keep one (schema-snapshot.ts).
  const db = await openSqlDatabase(config, () => schemaSnapshot(config.migrationsDir, config.projections ?? []));
  try {
    await migrate(db, config.migrationsDir);
    const keys = config.personalData ? new SqlPersonalKeyStore(db, config.personalData.masterKeys.map(masterKeyFrom)) : undefined;
    const personalData = keys && config.personalData ? new FieldPersonalDataCodec(config.personalData.declarations, keys) : undefined;
    const store = await SqlEventStore.open(db, {
      ...(config.projections ? { projections: config.projections } : {}),
      ...(config.now ? { now: config.now } : {}),
      ...(personalData ? { personalData } : {}),
    });
    return { store, sql: store, ...(keys ? { keys } : {}) };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** KurrentDB with personal data sealed above it, the keys in a SQL database of their own. */
async function openSealedKurrentDb(
  kurrent: KurrentDbEventStore,
  config: StoreConfig,
  personalData: NonNullable<StoreConfig['personalData']>,
): Promise<OpenedStore> {
  let keysDb: SqlDatabase | null = null;
  try {
    keysDb = await openSqlDatabase(config);
    await migrate(keysDb, config.migrationsDir);
    const keys = new SqlPersonalKeyStore(keysDb, personalData.masterKeys.map(masterKeyFrom));
    const db = keysDb;
    return {
      store: new SealingEventStore(kurrent, new FieldPersonalDataCodec(personalData.declarations, keys), () => db.close()),
      sql: null,
      keys,
    };
  } catch (error) {
    await kurrent.close().catch(() => undefined);
    await keysDb?.close().catch(() => undefined);
    throw error;
  }
}
