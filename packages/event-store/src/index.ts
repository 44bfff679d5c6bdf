// @binaan/event-store: the port, its three adapters and the tools around them.
export * from './types.js';
export * from './errors.js';
export { canonicalJson } from './canonical-json.js';
export { GENESIS_HASH, hashEvent, verifyChain } from './hash-chain.js';
export { startCatchUpSubscription, type CheckpointStore, type WakeSource } from './catch-up-subscription.js';
export type { ChangeChannel, QueryOptions, SqlDatabase, SqlExecutor, SqlRow } from './sql/sql-database.js';
export { migrate, type MigrationReport } from './sql/migrate.js';
export type { InlineStatement, Projection, RebuildProgress } from './sql/projections.js';
export { SqlEventStore, type SqlEventStoreOptions } from './sql/sql-event-store.js';
export {
  ChainCheckCache,
  readStreamVersioned,
  streamFingerprint,
  type CachedChainVerification,
  type VersionedStream,
} from './sql/stream-versions.js';
export { PGliteDatabase } from './pglite/pglite-database.js';
export { lockDataDir } from './pglite/data-dir-lock.js';
export { PostgresDatabase, type PostgresOptions } from './postgres/postgres-database.js';
export { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store.js';
export { openEventStore, openSqlDatabase, type OpenedStore, type StoreConfig } from './open-store.js';
export {
  ERASED,
  SEALED_PREFIX,
  SEALED_PREFIXES,
  type PersonalDataCodec,
  type PersonalDataDeclarations,
  type PersonalFields,
} from './personal-data/personal-data.js';
export { FieldPersonalDataCodec } from './personal-data/personal-data-codec.js';
export { SqlPersonalKeyStore, KEY_CACHE_MS, type PersonalKeyStore, type DataKey } from './personal-data/sql-key-store.js';
export { SealingEventStore, personalKeysOf } from './personal-data/sealing-event-store.js';
export { masterKeyFrom, type MasterKey } from './personal-data/field-cipher.js';
export * from './merkle/index.js';
