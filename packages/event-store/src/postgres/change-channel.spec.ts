// The change channel skips a database object's own NOTIFYs (its store woke its subscriptions already, and
// caches that drop on other processes' appends must not drop on every local one) and passes on those of
// another database object on the same schema. Needs TEST_DATABASE_URL.

import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { PostgresDatabase } from './postgres-database.js';

const url = process.env.TEST_DATABASE_URL;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

(url ? describe : describe.skip)('PostgreSQL change channel', () => {
  it("passes on a peer's NOTIFY, not its own", async () => {
    const schema = `channel_${randomBytes(5).toString('hex')}`;
    const here = await PostgresDatabase.open({ connectionString: url!, schema });
    const peer = await PostgresDatabase.open({ connectionString: url!, schema });
    let heard = 0;
    const stop = await here.changeChannel.listen(() => heard++);
    try {
      await here.changeChannel.notify();
      await settle();
      expect(heard).toBe(0);
      await peer.changeChannel.notify();
      await settle();
      expect(heard).toBe(1);
    } finally {
      await stop();
      await here.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await here.close();
      await peer.close();
    }
  });
});
