// PostgreSQL through a node-postgres pool as a SqlDatabase. `schema` (optional) becomes the search_path
// of every connection, so one database can hold several isolated stores (tests use one per test).

import pg from 'pg';
import type { SqlDatabase, SqlExecutor } from '../sql/sql-database.js';

export type PostgresOptions = { connectionString: string; schema?: string; maxConnections?: number };

function executor(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<R extends object>(text: string, params: readonly unknown[] = []) {
      return (await client.query(text, params as unknown[])).rows as R[];
    },
    async script(text: string) {
      await client.query(text);
    },
  };
}

export class PostgresDatabase implements SqlDatabase {
  readonly kind = 'postgres' as const;
  private readonly session: SqlExecutor;

  private constructor(readonly pool: pg.Pool) {
    this.session = executor(pool);
  }

  static async open(options: PostgresOptions): Promise<PostgresDatabase> {
    const schema = options.schema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 10,
      application_name: 'binaan',
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle client that loses its server must not take the process down with it.
    pool.on('error', () => undefined);
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    else await pool.query('SELECT 1');
    return new PostgresDatabase(pool);
  }

  query<R extends object>(text: string, params?: readonly unknown[]): Promise<R[]> {
    return this.session.query<R>(text, params);
  }

  script(text: string): Promise<void> {
    return this.session.script(text);
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(executor(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
