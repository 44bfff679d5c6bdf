// Configuration from the environment, read once at start. Every variable is in the README.

import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export type ApiConfig = {
  port: number;
  host: string;
  /** PGlite's folder when no DATABASE_URL is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  eventStoreUrl: string | undefined;
  migrationsDir: string;
  /** The built ui (ui/dist); served at / when it exists. */
  uiDir: string;
};

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

function port(value: string | undefined): number {
  const parsed = Number(value ?? 3000);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`PORT must be a port number, not "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return {
    port: port(env.PORT),
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? resolve(repositoryRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    migrationsDir: resolve(env.MIGRATIONS_DIR ?? resolve(repositoryRoot, 'infra/migrations')),
    uiDir: resolve(env.UI_DIR ?? resolve(repositoryRoot, 'ui/dist')),
  };
}
