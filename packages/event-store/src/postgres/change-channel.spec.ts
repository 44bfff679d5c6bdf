// The change channel skips a database object's own NOTIFYs (its store woke its subscriptions already, and
// caches that drop on other processes' appends must not drop on every local one) and passes on those of
// another database object on the same schema. Needs TEST_DATABASE_URL.

import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { migrate } from '../sql/migrate.js';
import { SqlEventStore } from '../sql/sql-event-store.js';
import { MIGRATIONS_DIR } from '../contract/test-paths.js';
import { noticePayload, readNotice } from './change-channel.js';
import { PostgresDatabase } from './postgres-database.js';

const url = process.env.TEST_DATABASE_URL;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const skipped = url ? '' : ' (skipped: needs TEST_DATABASE_URL, which npm test sets)';

(url ? describe : describe.skip)(`PostgreSQL change channel${skipped}`, () => {
  it("passes on a peer's NOTIFY, not its own", async () => {
    const schema = `channel_${randomBytes(5).toString('hex')}`;
    const here = await PostgresDatabase.open({ connectionString: url!, schema });
    const peer = await PostgresDatabase.open({ connectionString: url!, schema });
    const heard: (readonly string[] | undefined)[] = [];
    const stop = await here.changeChannel.listen((streamTypes) => heard.push(streamTypes));
    try {
      await here.changeChannel.notify(['order']);
      await settle();
      expect(heard).toEqual([]);
      await peer.changeChannel.notify();
      await settle();
      expect(heard).toEqual([undefined]);
      // The stream types a notice names reach the listener; a type that cannot be listed makes it "not known".
      await peer.changeChannel.notify(['purchaseOrder', 'notifications']);
      await peer.changeChannel.notify(['a,b']);
      await settle();
      expect(heard).toEqual([undefined, ['purchaseOrder', 'notifications'], undefined]);
    } finally {
      await stop();
      await here.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await here.close();
      await peer.close();
    }
  });
});

describe('change notices', () => {
  it('carry the sender and the stream types, or only the sender when the types cannot be listed', () => {
    expect(readNotice(noticePayload('p1', ['order', 'claim']))).toEqual(['p1', ['order', 'claim']]);
    expect(readNotice(noticePayload('p1'))).toEqual(['p1', undefined]);
    expect(readNotice(noticePayload('p1', []))).toEqual(['p1', undefined]);
    expect(readNotice(noticePayload('p1', ['with space']))).toEqual(['p1', undefined]);
    expect(
      readNotice(
        noticePayload(
          'p1',
          Array.from({ length: 2000 }, (_, i) => `type${i}`),
        ),
      ),
    ).toEqual(['p1', undefined]);
  });
});

(url ? describe : describe.skip)(`SqlEventStore.onAppended across processes (PostgreSQL)${skipped}`, () => {
  it("hears a peer store's append with the stream types it wrote, never its own twice", async () => {
    const schema = `peers_${randomBytes(5).toString('hex')}`;
    const hereDb = await PostgresDatabase.open({ connectionString: url!, schema });
    await migrate(hereDb, MIGRATIONS_DIR);
    const peerDb = await PostgresDatabase.open({ connectionString: url!, schema });
    const here = await SqlEventStore.open(hereDb);
    const peer = await SqlEventStore.open(peerDb);
    const heard: [string[] | undefined, readonly string[] | undefined][] = [];
    here.onAppended((events, peerStreamTypes) => heard.push([events?.map((e) => e.streamType), peerStreamTypes]));
    here.wakeSource();
    try {
      await settle();
      await here.append({ streamId: 'order-1', streamType: 'order', expectedRevision: 'no_stream', events: [{ type: 'A', data: {} }] });
      await peer.append({ streamId: 'claim-1', streamType: 'claim', expectedRevision: 'no_stream', events: [{ type: 'B', data: {} }] });
      await settle();
      expect(heard).toEqual([
        [['order'], undefined],
        [undefined, ['claim']],
      ]);
    } finally {
      await here.close();
      await peer.close();
      const cleanup = await PostgresDatabase.open({ connectionString: url! });
      await cleanup.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.close();
    }
  });
});
