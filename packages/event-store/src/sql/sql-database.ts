// The little the SQL event store needs from a database: parameterised queries, scripts, transactions.
// Two implementations (PGlite in-process, node-postgres pool) so one store implementation and one SQL
// text serve both.

export type SqlRow = Record<string, unknown>;

export type QueryOptions = {
  /**
   * Keep the statement prepared on the connection (PostgreSQL: a named statement, planned once per
   * connection instead of on every call). For the store's fixed SQL texts only; PGlite ignores it.
   */
  prepare?: boolean;
};

export interface SqlExecutor {
  query<R extends object = SqlRow>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<R[]>;
  /** Several statements without parameters (migrations, DDL). */
  script(text: string): Promise<void>;
}

/**
 * PostgreSQL's LISTEN/NOTIFY on the store's channel: wakes other processes' subscriptions after an append.
 * A notice may name the stream types appended since the sender's last one, so that a listener's caches drop
 * only what such streams can change; `undefined`: not known (drop everything).
 */
export type ChangeChannel = {
  notify(streamTypes?: readonly string[]): Promise<void>;
  /** Calls onNotify on each notification, and once after a lost connection is back (some may be missed, so with `undefined`); resolves to the stop. */
  listen(onNotify: (streamTypes: readonly string[] | undefined) => void): Promise<() => Promise<void>>;
};

export interface SqlDatabase extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  /** Absent where one process holds the database (PGlite). */
  readonly changeChannel?: ChangeChannel;
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** A transaction for maintenance (migrations, read-model rebuilds): no statement or read timeout. */
  maintenance<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE of an error from either driver, if it has one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
