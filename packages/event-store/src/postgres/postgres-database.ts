// PostgreSQL through a node-postgres pool as a SqlDatabase. `schema` (optional) becomes the search_path
// of every connection, so one database can hold several isolated stores (tests use one per test).

import pg from 'pg';
import { createHash, randomUUID } from 'node:crypto';
import type { ChangeChannel, QueryOptions, SqlDatabase, SqlExecutor } from '../sql/sql-database.js';
import { listenForChanges, noticePayload } from './change-channel.js';

export type PostgresOptions = { connectionString: string; schema?: string; maxConnections?: number };

const statementNames = new Map<string, string>();

/** One name per SQL text, so a connection prepares each text once and never reuses a name for another. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `binaan_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

function executor(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<R extends object>(text: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      const values = params as unknown[];
      const result = options.prepare ? await client.query({ name: statementName(text), text, values }) : await client.query(text, values);
      return result.rows as R[];
    },
    async script(text: string) {
      await client.query(text);
    },
  };
}

export class PostgresDatabase implements SqlDatabase {
  readonly kind = 'postgres' as const;
  readonly changeChannel: ChangeChannel;
  private readonly session: SqlExecutor;

  private constructor(readonly pool: pg.Pool, clientConfig: pg.ClientConfig, schema: string | undefined) {
    this.session = executor(pool);
    // One channel per schema: stores in other schemas of the database (tests) are not woken for nothing.
    const name = `binaan_events_${schema ?? 'default'}`.slice(0, 63);
    // Each database object signs its NOTIFYs, so its own listener skips them: its store already woke its
    // subscriptions, and in-process caches that drop on a peer's append (onAppended) keep working.
    const own = randomUUID();
    this.changeChannel = {
      notify: async (streamTypes) => void (await pool.query('SELECT pg_notify($1, $2)', [name, noticePayload(own, streamTypes)])),
      listen: (onNotify) => listenForChanges(clientConfig, name, onNotify, own),
    };
  }

  static async open(options: PostgresOptions): Promise<PostgresDatabase> {
    const schema = options.schema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    const clientConfig: pg.ClientConfig = {
      connectionString: options.connectionString,
      application_name: 'binaan',
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    };
    const pool = new pg.Pool({ ...clientConfig, max: options.maxConnections ?? 10 });
    // An idle client that loses its server must not take the process down with it.
    pool.on('error', () => undefined);
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    else await pool.query('SELECT 1');
    return new PostgresDatabase(pool, clientConfig, schema);
  }

  query<R extends object>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<R[]> {
    return this.session.query<R>(text, params, options);
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
