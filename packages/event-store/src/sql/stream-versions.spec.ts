// Row versions and the cached chain check: a row changed in place (trigger off, as an attacker with
// database access would) gets a new version, so the cache re-hashes it and reports it; rows unchanged
// since they were checked are not hashed again. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.

import { afterAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { MIGRATIONS_DIR } from '../contract/test-paths.js';
import { PGliteDatabase } from '../pglite/pglite-database.js';
import { PostgresDatabase } from '../postgres/postgres-database.js';
import { migrate } from './migrate.js';
import type { SqlDatabase } from './sql-database.js';
import { SqlEventStore } from './sql-event-store.js';
import { ChainCheckCache, readStreamVersioned, streamFingerprint } from './stream-versions.js';

const url = process.env.TEST_DATABASE_URL;
const opened: SqlDatabase[] = [];

const databases: [string, () => Promise<SqlDatabase>][] = [
  ['PGlite', () => PGliteDatabase.open()],
  ...(url
    ? [
        ['PostgreSQL', () => PostgresDatabase.open({ connectionString: url, schema: `versions_${randomBytes(5).toString('hex')}` })] as [
          string,
          () => Promise<SqlDatabase>,
        ],
      ]
    : []),
];

afterAll(async () => {
  for (const db of opened) {
    if (db.kind === 'postgres')
      await db.script(`DROP SCHEMA IF EXISTS ${(await db.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s} CASCADE`);
    await db.close();
  }
});

describe.each(databases)('stream row versions on %s', (_name, open) => {
  const setUp = async () => {
    const db = await open();
    opened.push(db);
    await migrate(db, MIGRATIONS_DIR);
    const store = await SqlEventStore.open(db);
    for (let n = 0; n < 5; n++) {
      await store.append({
        streamId: 'order-1',
        streamType: 'order',
        expectedRevision: n === 0 ? 'no_stream' : n - 1,
        events: [{ type: 'Noted', data: { n, remark: `note ${n}` } }],
      });
    }
    return { db, store };
  };
  const tamper = (db: SqlDatabase, revision: number) =>
    db.script(`BEGIN; ALTER TABLE events DISABLE TRIGGER USER;
      UPDATE events SET data = jsonb_set(data::jsonb, '{remark}', '"changed"')::json WHERE stream_id = 'order-1' AND revision = ${revision};
      ALTER TABLE events ENABLE TRIGGER USER; COMMIT;`);

  it('reads the stream as readStream does, with the head and a version per row, fingerprinted as streamFingerprint says', async () => {
    const { db, store } = await setUp();
    const versioned = await readStreamVersioned(db, 'order-1');
    expect(versioned.events).toEqual(await store.readStream('order-1'));
    expect(versioned.versions).toHaveLength(5);
    expect(versioned.head).toEqual({ revision: 4, hash: versioned.events[4]!.hash });
    expect(versioned.fingerprint).toBe(await streamFingerprint(db, 'order-1'));
    expect(await streamFingerprint(db, 'order-2')).toBeNull();
    expect(await readStreamVersioned(db, 'order-2')).toEqual({ events: [], versions: [], head: null, fingerprint: null });
  });

  it('an append or a row changed in place changes the fingerprint', async () => {
    const { db, store } = await setUp();
    const first = await streamFingerprint(db, 'order-1');
    await store.append({ streamId: 'order-1', streamType: 'order', expectedRevision: 4, events: [{ type: 'Noted', data: { n: 5 } }] });
    const appended = await streamFingerprint(db, 'order-1');
    expect(appended).not.toBe(first);
    await tamper(db, 2);
    expect(await streamFingerprint(db, 'order-1')).not.toBe(appended);
  });

  it('re-hashes only rows not verified in their present version, and finds a row changed after it was verified', async () => {
    const { db, store } = await setUp();
    const cache = new ChainCheckCache();
    const first = cache.verify('order-1', await readStreamVersioned(db, 'order-1'));
    expect(first).toMatchObject({ ok: true, eventsChecked: 5, rehashed: 5 });
    expect(cache.verify('order-1', await readStreamVersioned(db, 'order-1'))).toMatchObject({ ok: true, eventsChecked: 5, rehashed: 0 });
    await store.append({ streamId: 'order-1', streamType: 'order', expectedRevision: 4, events: [{ type: 'Noted', data: { n: 5 } }] });
    expect(cache.verify('order-1', await readStreamVersioned(db, 'order-1'))).toMatchObject({ ok: true, eventsChecked: 6, rehashed: 1 });
    await tamper(db, 3);
    const tampered = cache.verify('order-1', await readStreamVersioned(db, 'order-1'));
    expect(tampered).toMatchObject({ ok: false, firstBadRevision: 3, rehashed: 1 });
    // Still bad on the next read (the changed row is never taken as verified), as a full check says.
    expect(cache.verify('order-1', await readStreamVersioned(db, 'order-1'))).toMatchObject({ ok: false, firstBadRevision: 3 });
    expect(await store.verifyStream('order-1')).toMatchObject({ ok: false, firstBadRevision: 3 });
  });

  it('still checks the head: events removed from the end are found with every row cached', async () => {
    const { db } = await setUp();
    const cache = new ChainCheckCache();
    cache.verify('order-1', await readStreamVersioned(db, 'order-1'));
    await db.script(`BEGIN; ALTER TABLE events DISABLE TRIGGER USER; DELETE FROM events WHERE stream_id = 'order-1' AND revision = 4;
      ALTER TABLE events ENABLE TRIGGER USER; COMMIT;`);
    expect(cache.verify('order-1', await readStreamVersioned(db, 'order-1'))).toMatchObject({
      ok: false,
      firstBadRevision: 4,
      rehashed: 0,
    });
  });
});
