// Personal data on KurrentDB: the api's declarations sealed by the sealing store above the KurrentDB adapter
// (its in-memory server: no KurrentDB server can run here), the keys in a SQL key store apart from the
// events. Forgetting a person (forgetPerson, as the admin page and the store CLI do) and the retention job
// (forgetExpired) destroy keys there: the person's account and an old day's sign-ins read ERASED, the
// erasures are recorded in KurrentDB, the events KurrentDB holds are the same bytes as before, and every
// chain verifies.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ERASED,
  FieldPersonalDataCodec,
  KurrentDbEventStore,
  masterKeyFrom,
  migrate,
  PGliteDatabase,
  SealingEventStore,
  SqlPersonalKeyStore,
} from '@binaan/event-store';
import { fakeKurrentDb } from '../../../packages/event-store/src/kurrentdb/fake-kurrentdb.js';
import { personalDataDeclarations } from '../../../apps/api/src/personal-data/declarations.js';
import { forgetPerson } from '../../../apps/api/src/personal-data/forget-person.js';
import { LookupKeys } from '../../../apps/api/src/personal-data/lookup-keys.js';
import { forgetExpired } from '../../../apps/api/src/personal-data/retention.js';

const MIGRATIONS = join(process.cwd(), 'infra/migrations');
const quick = { attempts: 4, baseDelayMs: 5, maxDelayMs: 20 };

describe('personal data on KurrentDB: forget and retention', () => {
  let keysDb: PGliteDatabase;
  let dataDir: string;

  beforeAll(async () => {
    keysDb = await PGliteDatabase.open();
    await migrate(keysDb, MIGRATIONS);
    dataDir = await mkdtemp(join(tmpdir(), 'binaan-kurrent-pd-'));
  }, 300_000);
  afterAll(async () => {
    await keysDb.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('forgets a person and an expired day through the key store; KurrentDB keeps its bytes and its chains', async () => {
    const lookup = new LookupKeys('kurrentdb e2e lookup key, 32 characters or more');
    const keys = new SqlPersonalKeyStore(keysDb, [masterKeyFrom('kurrentdb e2e master')]);
    const server = fakeKurrentDb();
    const store = new SealingEventStore(
      KurrentDbEventStore.withClient(server.client, quick),
      new FieldPersonalDataCodec(personalDataDeclarations(lookup), keys),
    );

    const user = { userId: 'u-farid', email: 'farid.kurrent@example.my', name: 'Farid bin Kurrent', mobile: '+60123000777' };
    await store.append({
      streamId: `user-${user.userId}`,
      streamType: 'user',
      expectedRevision: 'no_stream',
      events: [{ type: 'UserSignedUp', data: { ...user, passwordHash: 'x', userType: 2, forceChangePassword: false } }],
    });
    // Sign-in failures on a day 500 days before "now", and on a recent day.
    const now = new Date('2026-11-27T10:00:00.000Z');
    const oldDay = '2025-07-15';
    const recentDay = '2026-11-01';
    for (const [day, ip] of [
      [oldDay, '10.9.8.7'],
      [recentDay, '10.1.1.1'],
    ] as const) {
      await store.append({
        streamId: 'login-kurrent',
        streamType: 'loginAttempts',
        expectedRevision: 'any',
        events: [{ type: 'LoginFailed', data: { reason: 'incorrectCredentials', ip, retentionDay: day } }],
      });
    }
    const stored = () =>
      JSON.stringify(
        [...server.streams.entries()].filter(([id]) => !id.startsWith('personal-data-')),
        (_key, each: unknown) => (typeof each === 'bigint' ? each.toString() : each),
      );
    const before = stored();
    for (const clear of [user.email, user.name, user.mobile, '10.9.8.7']) expect(before).not.toContain(clear);
    expect((await store.readStream(`user-${user.userId}`))[0]!.data).toMatchObject({ email: user.email, name: user.name });

    // Forget the person, as the admin page and `store forget` do.
    const forgotten = await forgetPerson(store, keys, lookup, {
      subjectId: user.userId,
      reason: 'asked to be forgotten',
      byUserId: 'admin-1',
      via: 'store-cli',
    });
    expect(forgotten.keyDestroyed).toBe(true);
    expect(forgotten.subjects).toEqual(
      expect.arrayContaining([user.userId, lookup.emailSubject(user.email), lookup.mobileSubject(user.mobile)]),
    );
    expect((await store.readStream(`user-${user.userId}`))[0]!.data).toMatchObject({
      userId: user.userId,
      email: ERASED,
      name: ERASED,
      mobile: ERASED,
    });
    expect((await store.readStream(`personal-data-${user.userId}`))[0]).toMatchObject({
      type: 'PersonalDataForgotten',
      data: { subjectId: user.userId, reason: 'asked to be forgotten' },
      metadata: { actorUserId: 'admin-1' },
    });

    // Retention: the old day's key is in the key store, not in KurrentDB; it is destroyed, the recent day's kept.
    const run = await forgetExpired(store, { now, months: 12, dataDir });
    expect(run.days).toEqual([oldDay]);
    const attempts = await store.readStream('login-kurrent');
    expect(attempts.map((event) => (event.data as { ip: string }).ip)).toEqual([ERASED, '10.1.1.1']);
    expect((await store.readStream(`personal-data-retention.${oldDay}`))[0]).toMatchObject({
      data: { via: 'retention', keyDestroyed: true },
    });
    expect(await forgetExpired(store, { now, months: 12, dataDir })).toMatchObject({ days: [] });

    // Not one stored byte changed; every chain verifies.
    expect(stored()).toBe(before);
    for (const streamId of server.streams.keys()) expect(await store.verifyStream(streamId)).toMatchObject({ ok: true });
  }, 120_000);
});
