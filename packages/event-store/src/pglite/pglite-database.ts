// PGlite (PostgreSQL compiled to WASM, in this process) as a SqlDatabase. One session: PGlite queues
// queries and runs transactions exclusively, so concurrent appends are serialised, never interleaved.

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlDatabase, SqlExecutor } from '../sql/sql-database.js';

type PGliteLike = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'> & Partial<Pick<PGlite, 'dumpDataDir'>>;
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

  /**
   * `dataDir` undefined: in memory (tests). Durability is relaxed: see the README's store section.
   * `seed`: a new cluster's starting contents (a dump, see schema-snapshot.ts); undefined from it, or no
   * seed: the cached initdb, else initdb itself. A folder that holds a cluster already is opened as it is.
   */
  static async open(
    dataDir?: string,
    afterClose: () => void = () => undefined,
    seed?: () => Promise<Blob | undefined>,
  ): Promise<PGliteDatabase> {
    const isNew = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
    const initdb = isNew ? ((await seed?.()) ?? (await cachedInitdb(process.env.PGLITE_INITDB_CACHE))) : undefined;
    // pg_trgm: the document lists' search index (apps/api/src/documents/document-list-indexes.ts).
    const pglite = await PGlite.create({
      ...(dataDir ? { dataDir, relaxedDurability: true } : {}),
      ...(initdb ? { loadDataDir: initdb } : {}),
      extensions: { pg_trgm },
    });
    return new PGliteDatabase(pglite, async () => {
      await pglite.close();
      afterClose();
    });
  }

  /** The whole cluster as a file PGlite loads (`loadDataDir`), uncompressed. */
  async dump(): Promise<Blob> {
    if (!this.pglite.dumpDataDir) throw new Error('this PGlite session cannot be dumped');
    return this.pglite.dumpDataDir('none');
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

/**
 * A new cluster as initdb leaves it, kept in `file` (PGLITE_INITDB_CACHE) and loaded into each new store
 * instead of running initdb again: initdb is most of the 3 to 6 s a new PGlite takes, and the test suites
 * open hundreds of new stores (loading the file takes about 1 s). Made on first use and written whole
 * (a rename), so parallel processes never read half a file. Unset: initdb every time (npm start opens one).
 * The file's name should carry the PGlite version (the test config's does): it is PGlite's own data layout.
 */
async function cachedInitdb(file: string | undefined): Promise<Blob | undefined> {
  if (!file) return undefined;
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const fresh = await PGlite.create({ extensions: { pg_trgm } });
  try {
    const dump = await fresh.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await fresh.close();
  }
}
