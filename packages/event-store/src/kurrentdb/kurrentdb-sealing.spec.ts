// Personal data on KurrentDB: the adapter under the sealing store, through the in-memory server
// (no KurrentDB server can run here), its keys in a PGlite key store. What the client hands the server holds
// no clear personal field, and its chain metadata is the hash of those sealed bytes; every reader (streams,
// the log, pages, a subscription, the append's reply, an idempotent retry) sees clear text; once the
// person's key is destroyed in the key store they read ERASED, not one stored byte has changed and the
// chain still verifies.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UnavailableError } from '@eventstore/db-client';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStore } from '../open-store.js';
import { InvalidEventStoreInput } from '../errors.js';
import { hashEvent } from '../hash-chain.js';
import { PGliteDatabase } from '../pglite/pglite-database.js';
import { masterKeyFrom } from '../personal-data/field-cipher.js';
import { FieldPersonalDataCodec } from '../personal-data/personal-data-codec.js';
import { ERASED, SEALED_PREFIX, type PersonalDataDeclarations } from '../personal-data/personal-data.js';
import { personalKeysOf, SealingEventStore } from '../personal-data/sealing-event-store.js';
import { SqlPersonalKeyStore } from '../personal-data/sql-key-store.js';
import { MIGRATIONS_DIR } from '../contract/test-paths.js';
import { migrate } from '../sql/migrate.js';
import type { StoredEvent } from '../types.js';
import { fakeKurrentDb } from './fake-kurrentdb.js';
import { KurrentDbEventStore } from './kurrentdb-event-store.js';

const declarations: PersonalDataDeclarations = {
  PersonJoined: { subject: (data) => (typeof data.personId === 'string' ? data.personId : ''), fields: ['email', 'name', 'mobile'] },
};
const joined = (personId: string, name: string) => ({
  type: 'PersonJoined',
  data: { personId, email: `${name.toLowerCase()}@example.my`, name, mobile: '+60123456789', role: 'site team' },
  metadata: { actorUserId: 'admin-1' },
});
/** What the server holds, as text (its revisions and positions are bigints). */
const bytesOf = (value: unknown) => JSON.stringify(value, (_key, each: unknown) => (typeof each === 'bigint' ? each.toString() : each));
const quick = { attempts: 4, baseDelayMs: 5, maxDelayMs: 20 };

describe('personal data on KurrentDB (the sealing store above the adapter)', () => {
  let keysDb: PGliteDatabase;

  beforeAll(async () => {
    keysDb = await PGliteDatabase.open();
    await migrate(keysDb, MIGRATIONS_DIR);
  }, 120_000);
  afterAll(async () => {
    await keysDb.close();
  });

  it('stores sealed bytes, reads clear text everywhere, and reads ERASED once the key is destroyed; the chain verifies throughout', async () => {
    const server = fakeKurrentDb();
    const keys = new SqlPersonalKeyStore(keysDb, [masterKeyFrom('kurrent master')]);
    const store = new SealingEventStore(
      KurrentDbEventStore.withClient(server.client, quick),
      new FieldPersonalDataCodec(declarations, keys),
    );
    expect(personalKeysOf(store)).toBe(keys);
    expect(store.kind).toBe('kurrentdb');

    const request = {
      streamId: 'person-farid',
      streamType: 'person',
      expectedRevision: 'no_stream' as const,
      events: [joined('farid', 'Farid')],
    };
    const appended = await store.append(request);
    // The caller's request is left as it was (sealing works on copies).
    expect(request.events[0]!.data.name).toBe('Farid');
    expect(appended.events[0]!.data).toEqual(joined('farid', 'Farid').data);
    await store.append({ streamId: 'person-aina', streamType: 'person', expectedRevision: 'no_stream', events: [joined('aina', 'Aina')] });

    // What KurrentDB was given: no clear field, the seal in its place, the rest in clear.
    const recorded = server.streams.get('person-farid')!;
    const bytes = bytesOf(recorded);
    for (const clear of ['farid@example.my', 'Farid', '123456789']) expect(bytes).not.toContain(clear);
    expect(recorded[0]!.data).toMatchObject({
      personId: 'farid',
      role: 'site team',
      _sealed: expect.stringMatching(new RegExp(`^${SEALED_PREFIX}farid:012:.+`)),
    });
    // The chain metadata is the hash of the sealed data, as stored.
    const chain = recorded[0]!.metadata as {
      chain: { streamType: string; prevHash: string; hash: string };
      metadata: Record<string, unknown>;
    };
    expect(chain.chain.hash).toBe(
      hashEvent({
        id: recorded[0]!.id,
        streamId: 'person-farid',
        streamType: 'person',
        revision: 0,
        type: 'PersonJoined',
        data: recorded[0]!.data as never,
        metadata: chain.metadata as never,
        prevHash: chain.chain.prevHash,
      }),
    );

    // Every reader sees clear text.
    const names = (events: readonly StoredEvent[]) => events.map((event) => (event.data as { name: string }).name);
    expect(names(await store.readStream('person-farid'))).toEqual(['Farid']);
    expect(names((await store.readAll()).events)).toEqual(['Farid', 'Aina']);
    const paged: StoredEvent[] = [];
    for await (const page of store.readAllPages({ limit: 1 })) paged.push(...page.events);
    expect(names(paged)).toEqual(['Farid', 'Aina']);
    expect(await store.verifyStream('person-farid')).toMatchObject({ ok: true });

    // Forgotten in the key store: every reader sees ERASED, the bytes in KurrentDB are as they were, the chain verifies.
    expect(await keys.forget('farid')).toBe(true);
    expect((await store.readStream('person-farid'))[0]!.data).toEqual({
      personId: 'farid',
      email: ERASED,
      name: ERASED,
      mobile: ERASED,
      role: 'site team',
    });
    expect(names((await store.readAll()).events)).toEqual([ERASED, 'Aina']);
    const seen: StoredEvent[] = [];
    const subscription = store.subscribe({ name: 'directory', pollIntervalMs: 20, handler: async (events) => void seen.push(...events) });
    await subscription.caughtUp;
    await subscription.stop();
    expect(names(seen)).toEqual([ERASED, 'Aina']);
    expect(bytesOf(server.streams.get('person-farid'))).toBe(bytes);
    expect(await store.verifyStream('person-farid')).toMatchObject({ ok: true });
  }, 60_000);

  it('an append whose reply was lost is answered from what was stored, opened, and written once', async () => {
    const server = fakeKurrentDb();
    const store = new SealingEventStore(
      KurrentDbEventStore.withClient(server.client, quick),
      new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(keysDb, [masterKeyFrom('kurrent master')])),
    );
    server.failures.push({ method: 'append', error: new UnavailableError(), afterWrite: true });
    const result = await store.append({
      streamId: 'person-siti',
      streamType: 'person',
      expectedRevision: 'no_stream',
      events: [joined('siti', 'Siti')],
    });
    expect(result.events.map((event) => (event.data as { name: string }).name)).toEqual(['Siti']);
    expect(server.streams.get('person-siti')).toHaveLength(1);
    expect(bytesOf(server.streams.get('person-siti'))).not.toContain('Siti');
    expect(await store.verifyStream('person-siti')).toMatchObject({ ok: true });
  }, 60_000);

  it("events without personal fields pass through unchanged, and bad input is the store's own typed refusal", async () => {
    const server = fakeKurrentDb();
    const store = new SealingEventStore(
      KurrentDbEventStore.withClient(server.client, quick),
      new FieldPersonalDataCodec(declarations, new SqlPersonalKeyStore(keysDb, [masterKeyFrom('kurrent master')])),
    );
    await store.append({
      streamId: 'tender-1',
      streamType: 'tender',
      expectedRevision: 'no_stream',
      events: [{ type: 'TenderCreated', data: { title: 'Hall' } }],
    });
    expect(server.streams.get('tender-1')![0]!.data).toEqual({ title: 'Hall' });
    await expect(
      store.append({ streamId: 'bad id!', streamType: 'person', expectedRevision: 'no_stream', events: [joined('lim', 'Lim')] }),
    ).rejects.toBeInstanceOf(InvalidEventStoreInput);
    await expect(
      store.append({ streamId: 'person-lim', streamType: 'person', expectedRevision: 'no_stream', events: [] }),
    ).rejects.toBeInstanceOf(InvalidEventStoreInput);
  }, 60_000);
  it('openEventStore with EVENTSTORE_URL and personal data: the sealing store, its keys in PGlite in the data folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'binaan-kurrent-keys-'));
    try {
      // The client connects on its first call: none is made here (no server can run).
      const opened = await openEventStore({
        migrationsDir: MIGRATIONS_DIR,
        dataDir,
        eventStoreUrl: 'esdb://127.0.0.1:1?tls=false',
        personalData: { declarations, masterKeys: ['kurrent master'] },
      });
      expect(opened.store).toBeInstanceOf(SealingEventStore);
      expect(opened.store.kind).toBe('kurrentdb');
      expect(opened.sql).toBeNull();
      expect(personalKeysOf(opened.store)).toBe(opened.keys);
      expect(await opened.keys!.dataKey('farid', true)).toBeInstanceOf(Buffer);
      await opened.store.close();
      // The key is in the data folder's PGlite, kept after the store closed.
      const again = await PGliteDatabase.open(join(dataDir, 'pglite'));
      expect(await again.query('SELECT subject_id FROM personal_data_keys')).toEqual([{ subject_id: 'farid' }]);
      await again.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
