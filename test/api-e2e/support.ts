// Helpers for the api e2e tests: the real application on a real store (PGlite in a temp folder, or the
// run's PostgreSQL database in a schema of its own).

import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig, type ApiConfig } from '../../apps/api/src/config.js';
import { createApp } from '../../apps/api/src/create-app.js';

export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export async function pgliteConfig(): Promise<ApiConfig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'binaan-e2e-'));
  return loadConfig({ DATA_DIR: dataDir, PORT: '0' });
}

export function postgresConfig(): ApiConfig {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  return loadConfig({ DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: `e2e_${randomBytes(5).toString('hex')}`, PORT: '0' });
}

export async function startApp(config: ApiConfig): Promise<NestExpressApplication> {
  const app = await createApp(config, { logger: false });
  await app.init();
  return app;
}
