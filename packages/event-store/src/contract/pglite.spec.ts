// The contract on PGlite. One in-memory PGlite serves the file (starting one takes seconds); each test
// gets its own schema. The restart test uses a real data directory, closed and opened again.

import { afterAll, beforeAll } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../pglite/data-dir-lock.js';
import { PGliteDatabase } from '../pglite/pglite-database.js';
import { migrate } from '../sql/migrate.js';
import { SqlEventStore } from '../sql/sql-event-store.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { MIGRATIONS_DIR } from './test-paths.js';

let shared: PGlite;
let schemas = 0;
const folders: string[] = [];

beforeAll(async () => {
  shared = await PGlite.create();
}, 60_000);

afterAll(async () => {
  await shared.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describeEventStoreContract({
  name: 'PGlite',
  concurrentTransactions: false,
  projections: true,
  async fresh(options) {
    const schema = `contract_${++schemas}`;
    const db = new PGliteDatabase(shared, async () => undefined);
    await db.script(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
    await migrate(db, MIGRATIONS_DIR);
    return SqlEventStore.open(db, options);
  },
  async restartable() {
    const folder = await mkdtemp(join(tmpdir(), 'binaan-pglite-'));
    folders.push(folder);
    return {
      async open(options) {
        const lock = lockDataDir(folder);
        const db = await PGliteDatabase.open(join(folder, 'pglite'), lock.release);
        await migrate(db, MIGRATIONS_DIR);
        return SqlEventStore.open(db, options);
      },
    };
  },
  async rawSql(store, text) {
    const db = (store as SqlEventStore).db;
    if (/^\s*(BEGIN|UPDATE|DELETE|INSERT)/i.test(text) && text.includes(';')) {
      await db.script(text);
      return [];
    }
    return db.query(text);
  },
});
