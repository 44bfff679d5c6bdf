// The contract through the sealing store (personal-data/sealing-event-store.ts), the way KurrentDB seals
// personal data: here over a PGlite store that knows nothing of personal data, with a codec that declares
// fields of the contract's own events personal (a tender's title, a subscription's counter), so the suite's
// appends, reads, idempotent retries, typed refusals and subscriptions all pass through sealing and opening.
// Projections are the SQL store's own affair (its built-in codec), so that part is skipped as on KurrentDB.

import { afterAll, beforeAll } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDatabase } from '../pglite/pglite-database.js';
import { masterKeyFrom } from '../personal-data/field-cipher.js';
import { FieldPersonalDataCodec } from '../personal-data/personal-data-codec.js';
import type { PersonalDataDeclarations } from '../personal-data/personal-data.js';
import { SealingEventStore } from '../personal-data/sealing-event-store.js';
import { SqlPersonalKeyStore } from '../personal-data/sql-key-store.js';
import { migrate } from '../sql/migrate.js';
import { SqlEventStore } from '../sql/sql-event-store.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { MIGRATIONS_DIR } from './test-paths.js';

let shared: PGlite;
let schemas = 0;

beforeAll(async () => {
  shared = await PGlite.create();
}, 60_000);

afterAll(async () => {
  await shared.close();
});

/** The stream is the subject (its id made a key name). */
const byStream = (_data: unknown, streamId: string) => streamId.replace(/[^A-Za-z0-9_.-]/g, '_');
const declarations: PersonalDataDeclarations = {
  TenderCreated: { subject: byStream, fields: ['title'] },
  Past: { subject: byStream, fields: ['i'] },
  Live: { subject: byStream, fields: ['i'] },
};

async function sealed(): Promise<SealingEventStore> {
  const schema = `sealing_${++schemas}`;
  const db = new PGliteDatabase(shared, async () => undefined);
  await db.script(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
  await migrate(db, MIGRATIONS_DIR);
  const inner = await SqlEventStore.open(db);
  return new SealingEventStore(
    inner,
    new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(db, [masterKeyFrom('contract master')])),
  );
}

describeEventStoreContract({
  name: 'sealing store over PGlite',
  concurrentTransactions: false,
  projections: false,
  fresh: () => sealed(),
  async restartable() {
    // One schema outlives the store's close (the shared PGlite stays open): the second open reads what the first wrote.
    const schema = `sealing_${++schemas}`;
    return {
      async open() {
        const db = new PGliteDatabase(shared, async () => undefined);
        await db.script(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema}`);
        await migrate(db, MIGRATIONS_DIR);
        return new SealingEventStore(
          await SqlEventStore.open(db),
          new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(db, [masterKeyFrom('contract master')])),
        );
      },
    };
  },
  async rawSql(store, text) {
    const db = ((store as SealingEventStore).inner as SqlEventStore).db;
    if (/^\s*(BEGIN|UPDATE|DELETE|INSERT)/i.test(text) && text.includes(';')) {
      await db.script(text);
      return [];
    }
    return db.query(text);
  },
});
