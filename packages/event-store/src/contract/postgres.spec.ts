// The contract on the local PostgreSQL: TEST_DATABASE_URL, set by the test command (infra/scripts/test.sh)
// to a database of its own for the run. Each test gets its own schema.

import { afterAll, describe, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PostgresDatabase } from '../postgres/postgres-database.js';
import { migrate } from '../sql/migrate.js';
import { SqlEventStore } from '../sql/sql-event-store.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { MIGRATIONS_DIR } from './test-paths.js';

const url = process.env.TEST_DATABASE_URL;
const schemas: string[] = [];

async function openSchema(schema: string, projections?: Parameters<typeof SqlEventStore.open>[1]) {
  const db = await PostgresDatabase.open({ connectionString: url!, schema, maxConnections: 24 });
  await migrate(db, MIGRATIONS_DIR);
  return SqlEventStore.open(db, projections);
}

if (!url) {
  console.log('PostgreSQL contract tests did not run: TEST_DATABASE_URL is not set (npm test sets it).');
  describe('event store contract: PostgreSQL', () => {
    it.skip('needs TEST_DATABASE_URL (npm test sets it)', () => undefined);
  });
} else {
  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  const newSchema = () => {
    const schema = `contract_${randomBytes(6).toString('hex')}`;
    schemas.push(schema);
    return schema;
  };

  describeEventStoreContract({
    name: 'PostgreSQL',
    concurrentTransactions: true,
    projections: true,
    fresh: (options) => openSchema(newSchema(), options),
    async restartable() {
      const schema = newSchema();
      return { open: (options) => openSchema(schema, options) };
    },
    async rawSql(store, text) {
      return (store as SqlEventStore).db.query(text);
    },
    async peers() {
      const schema = newSchema();
      const first = await openSchema(schema);
      return [first, await openSchema(schema)];
    },
    async foreignTransaction() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('BEGIN');
      await client.query('SELECT pg_current_xact_id()');
      return async () => {
        await client.query('ROLLBACK');
        await client.end();
      };
    },
  });
}
