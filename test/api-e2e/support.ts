// Helpers for the api e2e tests: the real application on a real store (PGlite in a temp folder, or the
// run's PostgreSQL database in a schema of its own, with a temp DATA_DIR for secrets and the outbox).

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, type ApiConfig } from '../../apps/api/src/config.js';
import { createApp, type CreateAppOptions } from '../../apps/api/src/create-app.js';

export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** PGlite in a fresh temp DATA_DIR; `env` adds or overrides variables (SMTP_URL, NODE_ENV, ...). */
export async function pgliteConfig(env: NodeJS.ProcessEnv = {}): Promise<ApiConfig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'binaan-e2e-'));
  return loadConfig({ DATA_DIR: dataDir, PORT: '0', ...env });
}

/** The run's PostgreSQL in a schema of its own, with a fresh temp DATA_DIR (secrets, outbox); `env` as above. */
export function postgresConfig(env: NodeJS.ProcessEnv = {}): ApiConfig {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const dataDir = mkdtempSync(join(tmpdir(), 'binaan-e2e-pg-'));
  return loadConfig({
    DATABASE_URL: TEST_DATABASE_URL,
    DATABASE_SCHEMA: `e2e_${randomBytes(5).toString('hex')}`,
    DATA_DIR: dataDir,
    PORT: '0',
    ...env,
  });
}

export async function startApp(config: ApiConfig, options: Omit<CreateAppOptions, 'logger'> = {}): Promise<NestFastifyApplication> {
  const app = await createApp(config, { ...options, logger: false });
  await app.init();
  // supertest calls the server directly (no listen): Fastify must have loaded its plugins and routes first.
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** Removes what a test app left behind: its data folder, and on PostgreSQL its schema. */
export async function removeAppData(config: ApiConfig): Promise<void> {
  await rm(config.dataDir, { recursive: true, force: true });
  if (config.databaseUrl && config.databaseSchema) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${config.databaseSchema}" CASCADE`);
    await client.end();
  }
}
