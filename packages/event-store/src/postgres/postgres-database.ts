// PostgreSQL through a node-postgres pool as a SqlDatabase. `schema` (optional) becomes the search_path
// of every connection, so one database can hold several isolated stores (tests use one per test).
//
// A lost database is an answer, never a crash: every client has its error handled (idle ones by the pool,
// a client checked out for a transaction by a listener of ours while we hold it), a broken client is
// destroyed instead of going back to the pool, and a connection error reaches the caller as
// StoreUnavailable (the API's 503). Each wait is bounded: connecting (or waiting for a pooled client) by
// connectTimeoutMs, a statement by the server's statement_timeout and, should the server itself go
// silent, by a client-side read timeout a little longer. Maintenance transactions (migrations, read-model
// rebuilds) are exempt: they run at start or by hand and may take long on a big store.

import pg from 'pg';
import { createHash, randomUUID } from 'node:crypto';
import type { ChangeChannel, QueryOptions, SqlDatabase, SqlExecutor } from '../sql/sql-database.js';
import { listenForChanges, noticePayload } from './change-channel.js';
import { asStoreError, isConnectionLoss } from './connection-loss.js';

export type PostgresOptions = {
  connectionString: string;
  schema?: string;
  maxConnections?: number;
  /** Longest wait for a connection, new or pooled (default 5 s). */
  connectTimeoutMs?: number;
  /** The server's statement_timeout for every statement but migrations and DDL (default 15 s; 0: none). */
  statementTimeoutMs?: number;
};

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
/** The client gives up on a silent server this much after the server would have cancelled the statement. */
const READ_TIMEOUT_MARGIN_MS = 5_000;
/** Maintenance (migrations, rebuilds): no statement timeout, and a read timeout none reaches (24 h). */
const MAINTENANCE_READ_TIMEOUT_MS = 86_400_000;

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

/** `unbounded`: no client-side read timeout (maintenance: migrations, rebuilds). */
function executor(client: pg.Pool | pg.PoolClient, unbounded = false): SqlExecutor {
  const timeout = unbounded ? { query_timeout: MAINTENANCE_READ_TIMEOUT_MS } : {};
  return {
    async query<R extends object>(text: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      const values = params as unknown[];
      try {
        const result = await client.query({
          ...(options.prepare ? { name: statementName(text) } : {}),
          text,
          values,
          ...timeout,
        } as pg.QueryConfig);
        return result.rows as R[];
      } catch (error) {
        throw asStoreError(error);
      }
    },
    async script(text: string) {
      try {
        await client.query({ text, ...timeout } as pg.QueryConfig);
      } catch (error) {
        throw asStoreError(error);
      }
    },
  };
}

/** Clients whose connection reported an error at any time (PostgresDatabase.open marks them). */
const LOST = new WeakSet<pg.ClientBase>();

/** A client of the pool whose connection has not reported an error (one lost on its way to us goes back, destroyed). */
async function connected(pool: pg.Pool): Promise<pg.PoolClient> {
  for (let attempt = 0; ; attempt++) {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw asStoreError(error);
    }
    if (!LOST.has(client)) return client;
    client.release(new Error('the connection was lost'));
    if (attempt === 2) throw asStoreError(new Error('Connection terminated unexpectedly'));
  }
}

/** Runs `work` on a client of the pool and gives it back, or destroys it when its connection failed. */
async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await connected(pool);
  // While we hold it the pool does not listen to it: a connection lost between two statements would
  // otherwise be an unhandled 'error' event, which ends the process.
  let lost: unknown = null;
  const onError = (error: unknown) => (lost ??= error);
  client.on('error', onError);
  let failure: unknown = null;
  try {
    return await work(client);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    client.off('error', onError);
    const broken = lost ?? (failure !== null && isConnectionLoss(failure) ? failure : null);
    client.release(
      broken
        ? broken instanceof Error
          ? broken
          : new Error(typeof broken === 'string' ? broken : 'the connection was lost', { cause: broken })
        : undefined,
    );
  }
}

export class PostgresDatabase implements SqlDatabase {
  readonly kind = 'postgres' as const;
  readonly changeChannel: ChangeChannel;
  private readonly session: SqlExecutor;

  private constructor(
    readonly pool: pg.Pool,
    clientConfig: pg.ClientConfig,
    schema: string | undefined,
  ) {
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
    const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      ...clientConfig,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
      ...(statementTimeoutMs > 0
        ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + READ_TIMEOUT_MARGIN_MS }
        : {}),
    });
    // An idle client that loses its server must not take the process down with it (the pool drops it).
    pool.on('error', () => undefined);
    // Nor one the pool is handing out: pg-pool takes its idle listener off before the caller's code runs
    // again (withClient's own, pool.query's), and an 'error' in between (the server's "terminating
    // connection" read in the same chunk as the reply that freed the client for a waiting caller) had no
    // listener and ended the process: the store-outage drill, backends terminated under load. So every
    // client has one listener for its whole life, which marks it lost: withClient gives a marked client
    // back (the pool drops it) and takes another; pool.query's holder hears StoreUnavailable.
    pool.on('connect', (client) => void client.on('error', () => LOST.add(client)));
    const database = new PostgresDatabase(pool, { ...clientConfig, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true }, schema);
    try {
      if (schema) await database.maintenance((tx) => tx.script(`CREATE SCHEMA IF NOT EXISTS ${schema}`));
      else await database.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return database;
  }

  query<R extends object>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<R[]> {
    return this.session.query<R>(text, params, options);
  }

  script(text: string): Promise<void> {
    return this.session.script(text);
  }

  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.inTransaction(work, false);
  }

  maintenance<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.inTransaction(work, true);
  }

  private inTransaction<T>(work: (tx: SqlExecutor) => Promise<T>, unbounded: boolean): Promise<T> {
    return withClient(this.pool, async (client) => {
      const tx = executor(client, unbounded);
      await tx.query('BEGIN');
      if (unbounded) await tx.query('SET LOCAL statement_timeout = 0');
      try {
        const result = await work(tx);
        // A COMMIT whose reply is lost leaves the outcome unknown: StoreUnavailable says so (a retry with
        // the same event ids is answered from what was stored).
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
