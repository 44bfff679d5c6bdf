// A store made before HMAC-keyed lookups kept e-mail lookups under an unsalted SHA-256 of
// the address and mobile claims under the digits. `migrateLookupKeys` (npm run store -- migrate-lookup-keys)
// moves them to HMAC-keyed ids: afterwards no stream id holds the digits or the recomputable hash, the
// person signs in as before, their earlier sign-in attempts are still theirs, and every chain verifies.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore, SqlEventStore } from '@binaan/event-store';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { LATEST_EULA_VERSION } from '../../../apps/api/src/identity/eula.js';
import { PasswordHasher } from '../../../apps/api/src/identity/password-hasher.js';
import { emailClaimStream, loginAttemptsStream, LookupKeys, phoneStream } from '../../../apps/api/src/personal-data/lookup-keys.js';
import { migrateLookupKeys } from '../../../apps/api/src/personal-data/migrate-lookup-keys.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { pgliteConfig, removeAppData, startApp } from '../support.js';

const PERSON = { email: 'zainal@example.my', name: 'Zainal bin Abu', mobile: '+60129876543', password: 'Str0ng-enough-pass' };
const oldKey = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 40);

describe('migrating the e-mail and mobile lookups of an older store', () => {
  let config: ApiConfig;
  let app: NestFastifyApplication;
  let store: SqlEventStore;

  beforeAll(async () => {
    config = await pgliteConfig();
    app = await startApp(config);
    store = app.get<EventStore>(EVENT_STORE) as SqlEventStore;
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    if (config) await removeAppData(config);
  });

  it('moves the streams to HMAC ids; the person signs in; no stream id shows the digits or the hash; every chain verifies', async () => {
    // The store as the code before HMAC lookup ids wrote it.
    const userId = randomUUID();
    const passwordHash = await app.get(PasswordHasher).hash(PERSON.password);
    await store.append({
      streamId: `user-${userId}`,
      streamType: 'user',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'UserSignedUp',
          data: {
            userId,
            email: PERSON.email,
            name: PERSON.name,
            mobile: PERSON.mobile,
            passwordHash,
            userType: 1,
            forceChangePassword: false,
          },
        },
        { type: 'UserActivated', data: { via: 'seed' } },
        { type: 'EulaAccepted', data: { version: LATEST_EULA_VERSION } },
      ],
    });
    await store.append({
      streamId: `email-${oldKey(PERSON.email)}`,
      streamType: 'emailClaim',
      expectedRevision: 'no_stream',
      events: [{ type: 'EmailClaimed', data: { userId } }],
    });
    await store.append({
      streamId: `phone-${PERSON.mobile.slice(1)}`,
      streamType: 'phone',
      expectedRevision: 'no_stream',
      events: [{ type: 'PhoneClaimed', data: { userId } }],
    });
    await store.append({
      streamId: `login-${oldKey(PERSON.email)}`,
      streamType: 'loginAttempts',
      expectedRevision: 'no_stream',
      events: [{ type: 'LoginFailed', data: { reason: 'incorrectCredentials' } }],
    });
    // Before: the old ids are in the store, and the new code does not find the person by them.
    await request(app.getHttpServer()).post('/api/login').send({ email: PERSON.email, password: PERSON.password }).expect(401);

    const lookup = app.get(LookupKeys);
    const result = await migrateLookupKeys(store, lookup);
    expect(result.moved).toEqual({ from: 3, to: 3 });

    const ids = (await store.listStreams('', 1000)).join('\n');
    expect(ids).not.toContain(PERSON.mobile.slice(1));
    expect(ids).not.toContain(oldKey(PERSON.email));
    expect(await store.readStream(phoneStream(lookup, PERSON.mobile))).toEqual([
      expect.objectContaining({ type: 'PhoneClaimed', data: { userId } }),
    ]);
    const attempts = await store.readStream(loginAttemptsStream(lookup, PERSON.email));
    // The attempt made under the new key before the migration, then the old one moved after it.
    expect(attempts.map((event) => event.type)).toEqual(['LoginFailed', 'LoginFailed']);
    expect(attempts[1]).toMatchObject({ metadata: { migratedRecordedAt: expect.any(String) } });
    expect(await store.readStream(emailClaimStream(lookup, PERSON.email))).toHaveLength(1);
    await request(app.getHttpServer()).post('/api/login').send({ email: PERSON.email, password: PERSON.password }).expect(200);
    for (const streamId of await store.listStreams('', 1000)) expect(await store.verifyStream(streamId)).toMatchObject({ ok: true });
    // The migration is recorded; a second run moves nothing.
    expect((await store.readStream('lookupKeyMigrations'))[0]).toMatchObject({ type: 'LookupKeysMigrated', data: { streamsMoved: 3 } });
    expect((await migrateLookupKeys(store, lookup)).moved).toEqual({ from: 0, to: 0 });
  }, 120_000);
});
