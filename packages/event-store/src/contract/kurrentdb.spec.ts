// The contract on KurrentDB / EventStoreDB. No server can be installed on our machines; set
// KURRENTDB_URL (e.g. esdb://localhost:2113?tls=false) to run it against one.

import { describe, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { KurrentDbEventStore } from '../kurrentdb/kurrentdb-event-store.js';
import type { EventStore } from '../types.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { scopeStore } from './scoped-store.js';

const url = process.env.KURRENTDB_URL;

if (!url) {
  console.log('KurrentDB contract tests did not run: KURRENTDB_URL is not set and no KurrentDB server can be installed here.');
  describe('event store contract: KurrentDB', () => {
    it.skip('needs KURRENTDB_URL: no KurrentDB server can be installed on these machines', () => undefined);
  });
} else {
  // The suite expects an empty store per test; a KurrentDB server cannot be emptied, so every test's
  // streams are scoped under a prefix of their own (scoped-store.ts).
  const prefixed = (store: KurrentDbEventStore): EventStore => scopeStore(store, `t${randomBytes(4).toString('hex')}-`);
  describeEventStoreContract({
    name: `KurrentDB (${randomBytes(3).toString('hex')})`,
    concurrentTransactions: true,
    projections: false,
    fresh: async () => prefixed(await KurrentDbEventStore.connect(url)),
    async restartable() {
      const prefix = `r${randomBytes(4).toString('hex')}-`;
      return { open: async () => scopeStore(await KurrentDbEventStore.connect(url), prefix) };
    },
  });
}
