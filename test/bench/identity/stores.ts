// Where the API keeps its data during the bench: PGlite in a temp DATA_DIR (the default), or a
// PostgreSQL database made for this run (and dropped after it) with a schema of its own.

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type StoreName = 'PGlite' | 'PostgreSQL';

/** The server where the bench makes its database (it connects to this URL's database only to create and drop). */
export const POSTGRES_ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export type BenchStore = {
  name: StoreName;
  /** Environment for loadConfig. */
  env: NodeJS.ProcessEnv;
  info: string;
  cleanUp(): Promise<void>;
};

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, application_name: 'binaan-bench-login' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function prepareStore(name: StoreName): Promise<BenchStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'binaan-bench-login-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (name === 'PGlite') {
    return { name, env: { DATA_DIR: dataDir, PORT: '0' }, info: `PGlite in ${dataDir}`, cleanUp: removeDir };
  }
  const database = `binaan_bench_login_${process.pid}_${randomBytes(3).toString('hex')}`;
  const schema = `login_${randomBytes(4).toString('hex')}`;
  const settings = await onAdmin(async (client) => {
    await client.query(`CREATE DATABASE ${database}`);
    const values: string[] = [];
    for (const setting of ['server_version', 'synchronous_commit', 'fsync', 'shared_buffers']) {
      const result = await client.query<Record<string, string>>(`SHOW ${setting}`);
      values.push(`${setting}=${Object.values(result.rows[0] ?? {})[0] ?? '?'}`);
    }
    return values.join(', ');
  });
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  let dropped = false;
  return {
    name,
    env: { DATA_DIR: dataDir, PORT: '0', DATABASE_URL: url.toString(), DATABASE_SCHEMA: schema },
    info: `PostgreSQL database ${database}, schema ${schema} (${settings})`,
    async cleanUp() {
      if (!dropped) {
        dropped = true;
        await onAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
      }
      await removeDir();
    },
  };
}
