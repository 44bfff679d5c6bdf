// PGlite (PostgreSQL compiled to WASM, in this process) as a SqlDatabase. One session: PGlite queues
// queries and runs transactions exclusively, so concurrent appends are serialised, never interleaved.

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SqlDatabase, SqlExecutor } from '../sql/sql-database.js';

type PGliteLike = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'>;
type PGliteTx = Parameters<Parameters<PGlite['transaction']>[0]>[0];

function executor(session: Pick<PGliteTx, 'query' | 'exec'>): SqlExecutor {
  return {
    async query<R extends object>(text: string, params: readonly unknown[] = []) {
      return (await session.query<R>(text, params as unknown[])).rows;
    },
    async script(text: string) {
      await session.exec(text);
    },
  };
}

export class PGliteDatabase implements SqlDatabase {
  readonly kind = 'pglite' as const;
  private readonly session: SqlExecutor;

  constructor(
    private readonly pglite: PGliteLike,
    private readonly onClose: () => Promise<void> = () => pglite.close(),
  ) {
    this.session = executor(pglite);
  }

  /** `dataDir` undefined: in memory (tests). Durability is relaxed: see the README's store section. */
  static async open(dataDir?: string, afterClose: () => void = () => undefined): Promise<PGliteDatabase> {
    // pg_trgm: the document lists' search index (apps/api/src/documents/document-list-indexes.ts).
    const pglite = await PGlite.create({ ...(dataDir ? { dataDir, relaxedDurability: true } : {}), extensions: { pg_trgm } });
    return new PGliteDatabase(pglite, async () => {
      await pglite.close();
      afterClose();
    });
  }

  query<R extends object>(text: string, params?: readonly unknown[]): Promise<R[]> {
    return this.session.query<R>(text, params);
  }

  script(text: string): Promise<void> {
    return this.session.script(text);
  }

  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) => work(executor(tx)));
  }

  /** In one process with no network between, a maintenance transaction is a transaction. */
  maintenance<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.transaction(work);
  }

  close(): Promise<void> {
    return this.onClose();
  }
}
