// A database of the bench's own on the local PostgreSQL (created at the start, dropped at the end), and
// node-postgres pools pinned to one schema each.

import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function newPool(url: string, schema: string, max: number, types?: pg.CustomTypesConfig): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: 'binaan-bench',
    options: `-c search_path=${schema}`,
    ...(types ? { types } : {}),
  });
  pool.on('error', () => undefined);
  return pool;
}

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

export async function createDatabase(): Promise<BenchDatabase> {
  const name = `binaan_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function serverInfo(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const settings = ['server_version', 'synchronous_commit', 'fsync', 'shared_buffers', 'wal_level'];
    const values: string[] = [];
    for (const setting of settings) {
      const result = await client.query<Record<string, string>>(`SHOW ${setting}`);
      values.push(`${setting}=${Object.values(result.rows[0] ?? {})[0] ?? '?'}`);
    }
    return values.join(', ');
  } finally {
    await client.end();
  }
}
