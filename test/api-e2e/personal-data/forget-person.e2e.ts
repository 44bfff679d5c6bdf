// Forgetting a person, as a data protection officer would check it: the demo store, a dump of every table
// (and on PGlite every file of the data folder) searched for one demo user (farid: e-mail, name, mobile
// with and without its "+") and for one event participant without an account (rajesh, whose certificate
// is approved). Before: found. The platform admin forgets farid through the API (with a reason; the
// erasure is an event), and rajesh by his address (the store CLI's path); after: none of it anywhere, every
// chain verifies, the read models equal a rebuild, rajesh's certificate still verifies as genuine with
// the holder shown as "[erased]", and farid can no longer sign in. On PGlite and, with TEST_DATABASE_URL,
// on PostgreSQL. The counts before and after are printed.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ERASED, SqlEventStore, type EventStore } from '@binaan/event-store';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { seedDemo } from '../../../apps/api/src/demo/demo-seed.js';
import { forgetPerson } from '../../../apps/api/src/personal-data/forget-person.js';
import { personalDataDeclarations } from '../../../apps/api/src/personal-data/declarations.js';
import { LookupKeys } from '../../../apps/api/src/personal-data/lookup-keys.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { differingTables, readModelSnapshot } from '../../support/read-model-snapshot.js';
import { pgliteConfig, postgresConfig, removeAppData, startApp, TEST_DATABASE_URL } from '../support.js';

const FARID = { email: 'farid@teguhbina.my', name: 'Farid bin Hassan', mobile: '+60123000005', digits: '60123000005' };
const RAJESH = { email: 'rajesh@example.my', name: 'Rajesh a/l Muthu', contact: '0123456782' };
const NEEDLES = [FARID.email, FARID.name, FARID.mobile, FARID.digits, RAJESH.email, RAJESH.name, RAJESH.contact];

/** Every table of the store's schema as text (what pg_dump would print of its rows), and each needle's count in it. */
async function dumpCounts(store: SqlEventStore): Promise<Record<string, number>> {
  const tables = await store.db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  );
  const counts: Record<string, number> = Object.fromEntries(NEEDLES.map((needle) => [needle, 0]));
  for (const { table_name } of tables) {
    const rows = await store.db.query<{ t: string }>(`SELECT t::text AS t FROM "${table_name}" t`);
    for (const row of rows) for (const needle of NEEDLES) counts[needle]! += row.t.split(needle).length - 1;
  }
  return counts;
}

/** Every file under the folder, searched as bytes (PGlite's data folder: heap files, indexes, WAL). */
function folderHits(folder: string): Record<string, string[]> {
  const hits: Record<string, string[]> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const bytes = readFileSync(path);
        for (const needle of NEEDLES)
          if (bytes.includes(Buffer.from(needle, 'utf8'))) (hits[needle] ??= []).push(path.slice(folder.length));
      }
    }
  };
  walk(folder);
  return hits;
}

const stores: [string, () => Promise<ApiConfig>][] = [
  ['PGlite', () => pgliteConfig()],
  ...(TEST_DATABASE_URL ? [['PostgreSQL', async () => postgresConfig()] as [string, () => Promise<ApiConfig>]] : []),
];
if (!TEST_DATABASE_URL) console.log('forget-person e2e: TEST_DATABASE_URL is not set, so only PGlite is checked');

describe.each(stores)('forgetting a person on %s', (kind, configure) => {
  let config: ApiConfig;
  let app: NestFastifyApplication;
  let store: SqlEventStore;
  const server = () => request(app.getHttpServer());
  const signIn = async (email: string) =>
    (await server().post('/api/login').send({ email, password: DEMO_PASSWORD }).expect(200)).body.jwtToken as string;

  beforeAll(async () => {
    config = await configure();
    app = await startApp(config);
    store = app.get<EventStore>(EVENT_STORE) as SqlEventStore;
    await seedDemo(app);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    if (config) await removeAppData(config);
  });

  it('leaves none of their e-mail, name or mobile in a dump, keeps every chain and certificate verifying, and records who forgot whom and why', async () => {
    const before = await dumpCounts(store);
    console.log(`${kind} dump before forgetting: ${JSON.stringify(before)}`);
    // The events hold them sealed; the read models in clear while the persons are known.
    expect(before[FARID.email]).toBeGreaterThan(0);
    expect(before[RAJESH.name]).toBeGreaterThan(0);
    const [rajesh] = await store.db.query<{ registration_id: string; article_id: string; user_id: string; certificate_no: string }>(
      'SELECT registration_id, article_id, user_id, certificate_no FROM cert_registrations WHERE email = $1',
      [RAJESH.email],
    );
    expect(rajesh?.certificate_no).toBeTruthy();
    const issued = (await store.readStream(`eventRegistration-${rajesh!.registration_id}`)).find(
      (event) => event.type === 'EventCertificateIssued',
    )!;
    const certificate = {
      id: rajesh!.registration_id,
      article_id: rajesh!.article_id,
      user_id: rajesh!.user_id,
      certificate_no: rajesh!.certificate_no,
      signature: (issued.data as { signature: string }).signature,
    };
    expect((await server().post('/api/event-participant/verified-certificate').send(certificate).expect(200)).body).toMatchObject({
      success: true,
      msg: 'certificateGenuine',
    });

    const admin = await signIn('admin@binaan.my');
    const [farid] = await store.db.query<{ user_id: string }>('SELECT user_id FROM identity_users WHERE email = $1', [FARID.email]);
    const faridToken = await signIn(FARID.email);
    // His own export holds his data; another user's export is the admin's alone.
    const mine = await server().get('/api/personal-data/mine').set('authorization', `Bearer ${faridToken}`).expect(200);
    expect(mine.body).toMatchObject({
      format: 'binaan-personal-data-v1',
      userId: farid!.user_id,
      account: { email: FARID.email, name: FARID.name, mobile: FARID.mobile },
    });
    expect(JSON.stringify(mine.body.mentions)).toContain(FARID.name);
    await server()
      .get(`/api/personal-data/users/${farid!.user_id}`)
      .set('authorization', `Bearer ${await signIn('kumar@teguhbina.my')}`)
      .expect(403);
    // The admin's users page lists him (searchable by name or e-mail); nobody else may list the accounts.
    const listed = await server().get('/api/personal-data/users?q=farid').set('authorization', `Bearer ${admin}`).expect(200);
    expect(listed.body.users).toEqual([
      expect.objectContaining({ userId: farid!.user_id, name: FARID.name, email: FARID.email, status: 'activated' }),
    ]);
    await server().get('/api/personal-data/users').set('authorization', `Bearer ${faridToken}`).expect(403);

    // Refused without a reason, for a non-admin, and for an unknown id; then forgotten.
    await server().post(`/api/personal-data/users/${farid!.user_id}/forget`).set('authorization', `Bearer ${admin}`).send({}).expect(400);
    await server()
      .post(`/api/personal-data/users/${farid!.user_id}/forget`)
      .set('authorization', `Bearer ${faridToken}`)
      .send({ reason: 'asked' })
      .expect(403);
    await server()
      .post('/api/personal-data/users/no-such-user/forget')
      .set('authorization', `Bearer ${admin}`)
      .send({ reason: 'asked' })
      .expect(404);
    const forgotten = await server()
      .post(`/api/personal-data/users/${farid!.user_id}/forget`)
      .set('authorization', `Bearer ${admin}`)
      .send({ reason: 'His written request of 3 March (PDPA s.10)' })
      .expect(200);
    expect(forgotten.body).toMatchObject({ success: true, msg: 'personalData.forgotten' });
    const users = (await server().get('/api/personal-data/users').set('authorization', `Bearer ${admin}`).expect(200)).body.users as {
      userId: string;
      name: string;
      email: string;
    }[];
    expect(users.find((user) => user.userId === farid!.user_id)).toMatchObject({ name: ERASED, email: ERASED });
    const lookup = app.get(LookupKeys);
    await forgetPerson(
      store,
      store.personalKeys!,
      lookup,
      { subjectId: lookup.emailSubject(RAJESH.email), reason: 'participant asked by e-mail', byUserId: null, via: 'store-cli' },
      Object.keys(personalDataDeclarations(lookup)),
    );

    const after = await dumpCounts(store);
    console.log(`${kind} dump after forgetting: ${JSON.stringify(after)}`);
    expect(after).toEqual(Object.fromEntries(NEEDLES.map((needle) => [needle, 0])));
    if (store.kind === 'pglite') {
      const hits = folderHits(join(config.dataDir, 'pglite'));
      console.log(`PGlite data folder after forgetting: ${JSON.stringify(hits)}`);
      expect(hits).toEqual({});
    }

    // The erasure is an event: who, whom, why, how.
    const [erasure] = await store.readStream(`personal-data-${farid!.user_id}`);
    expect(erasure).toMatchObject({
      type: 'PersonalDataForgotten',
      data: { subjectId: farid!.user_id, reason: 'His written request of 3 March (PDPA s.10)', via: 'admin', keyDestroyed: true },
      metadata: { actorUserId: expect.any(String) },
    });
    // Every chain verifies; the read models equal a rebuild.
    for (let after = ''; ;) {
      const page = await store.listStreams(after, 500);
      for (const streamId of page) expect(await store.verifyStream(streamId)).toMatchObject({ ok: true });
      if (page.length < 500) break;
      after = page[page.length - 1]!;
    }
    const live = await readModelSnapshot(store.db);
    await store.rebuild();
    expect(differingTables(live, await readModelSnapshot(store.db))).toEqual([]);
    // The certificate is still genuine; its holder reads erased.
    expect((await server().post('/api/event-participant/verified-certificate').send(certificate).expect(200)).body).toMatchObject({
      success: true,
      msg: 'certificateGenuine',
    });
    const view = await server()
      .get(`/api/event-participant/view/${certificate.id}/${certificate.article_id}/${certificate.user_id}`)
      .expect(200);
    expect(view.body.data.name).toBe(ERASED);
    // Farid cannot sign in; his export (by the admin) holds nothing of him any more.
    await server().post('/api/login').send({ email: FARID.email, password: DEMO_PASSWORD }).expect(401);
    const exported = await server().get(`/api/personal-data/users/${farid!.user_id}`).set('authorization', `Bearer ${admin}`).expect(200);
    for (const needle of [FARID.email, FARID.name, FARID.mobile]) expect(JSON.stringify(exported.body)).not.toContain(needle);
  }, 300_000);
});
