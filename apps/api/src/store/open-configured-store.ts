import { openEventStore, type OpenedStore } from '@binaan/event-store';
import type { ApiConfig } from '../config.js';
import { allProjections } from '../projections.js';
import { personalDataDeclarations } from '../personal-data/declarations.js';
import { lookupKeysFor, personalDataMasterKeys } from '../personal-data/personal-data-codec.js';

/** The store the configuration names, migrated, with every context's projections. */
export function openConfiguredStore(config: ApiConfig, now?: () => Date): Promise<OpenedStore> {
  return openEventStore({
    migrationsDir: config.migrationsDir,
    dataDir: config.dataDir,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    ...(config.databaseSchema ? { databaseSchema: config.databaseSchema } : {}),
    ...(config.eventStoreUrl ? { eventStoreUrl: config.eventStoreUrl } : {}),
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    projections: allProjections,
    personalData: { declarations: personalDataDeclarations(lookupKeysFor(config)), masterKeys: personalDataMasterKeys(config) },
    ...(now ? { now } : {}),
  });
}
