// The transparency log on PostgreSQL, as a third party would check it: signed checkpoints verified with the
// log key published in the JWK set, inclusion and consistency proofs checked with the RFC 9162 algorithms,
// the routes' refusals, the published heads, one signer between two API processes, a restart, a rotated log
// key (the old checkpoints still verify), forgetting a person (every proof still holds) and a tampered event
// named by `store verify`.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  leafHashOfEvent,
  verifyConsistency,
  verifyInclusion,
  type EventStore,
  type SqlEventStore,
  type StoredEvent,
} from '@binaan/event-store';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { keysFromJwks } from '../../../apps/api/src/certificates/certificate-jwks.js';
import { runStoreCli } from '../../../apps/api/src/cli/store-commands.js';
import { forgetPerson } from '../../../apps/api/src/personal-data/forget-person.js';
import { personalDataDeclarations } from '../../../apps/api/src/personal-data/declarations.js';
import { LookupKeys } from '../../../apps/api/src/personal-data/lookup-keys.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { verifyNote } from '../../../apps/api/src/transparency-log/checkpoint-note.js';
import { LogCheckpointer } from '../../../apps/api/src/transparency-log/log-checkpointer.js';
import { logKeysFromJwks } from '../../../apps/api/src/transparency-log/log-jwks.js';
import { newLogSigningKey } from '../../../apps/api/src/transparency-log/log-keys.js';
import type { Checkpoint } from '../../../apps/api/src/transparency-log/log-reads.js';
import { postgresConfig, removeAppData, startApp, TEST_DATABASE_URL } from '../support.js';

const hashes = (hex: string[]) => hex.map((h) => Buffer.from(h, 'hex'));

(TEST_DATABASE_URL ? describe : describe.skip)('transparency log on PostgreSQL', () => {
  const headsDir = mkdtempSync(join(tmpdir(), 'binaan-log-heads-'));
  const firstKey = newLogSigningKey();
  const secondKey = newLogSigningKey();
  let config: ApiConfig;
  let app: NestFastifyApplication;
  const server = () => request(app.getHttpServer());
  const store = () => app.get<EventStore>(EVENT_STORE) as SqlEventStore;
  const checkpointer = () => app.get(LogCheckpointer);
  const cliEnv = () => ({
    DATABASE_URL: config.databaseUrl!,
    DATABASE_SCHEMA: config.databaseSchema!,
    DATA_DIR: config.dataDir,
    NODE_ENV: 'test',
  });
  const storeCli = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runStoreCli(args, cliEnv(), {
      log: (line) => lines.push(line),
      error: (line) => lines.push(line),
      progress: new PassThrough(),
    });
    return { code, text: lines.join('\n') };
  };
  const appendThings = async (count: number): Promise<StoredEvent[]> => {
    const streamId = `thing-${randomUUID()}`;
    const appended = await store().append({
      streamId,
      streamType: 'thing',
      expectedRevision: 'no_stream',
      events: Array.from({ length: count }, (_, i) => ({ type: 'ThingHappened', data: { i }, metadata: { actorUserId: 'user-1' } })),
    });
    await treeHolds(appended.events[appended.events.length - 1]!);
    return appended.events;
  };
  // The tree takes the log only below its oldest writer still running (the app's own reactors append
  // too), so a test waits until the tree holds what it appended before it counts on a checkpoint.
  const treeHolds = async (event: StoredEvent) => {
    const tree = checkpointer().tree!;
    for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((r) => setTimeout(r, 50))) {
      await tree.catchUp();
      if (await tree.leafOfEvent(event.id)) return;
    }
    throw new Error(`the tree did not take event ${event.id} within 30 s`);
  };
  // A forced tick that meets a step already under way (or loses a race to sign) answers null and the next
  // tick signs: the server's own loop just ticks again. A test that needs the event signed does the same.
  const signedOver = async (event: StoredEvent): Promise<Checkpoint> => {
    const leaf = (await checkpointer().tree!.leafOfEvent(event.id))!;
    for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((r) => setTimeout(r, 50))) {
      await checkpointer().tick({ force: true });
      const latest = (await server().get('/api/log/checkpoints/latest').expect(200)).body as Checkpoint;
      if (latest.treeSize > leaf.leafIndex) return latest;
    }
    throw new Error(`no checkpoint took event ${event.id} within 30 s`);
  };
  const proveAndCheck = async (event: StoredEvent, treeSize?: number) => {
    const reply = await server()
      .get(`/api/log/inclusion-proof?eventId=${event.id}${treeSize ? `&treeSize=${treeSize}` : ''}`)
      .expect(200);
    const body = reply.body as {
      eventHash: string;
      leafHash: string;
      leafIndex: number;
      treeSize: number;
      auditPath: string[];
      checkpoint: Checkpoint;
    };
    expect(body.eventHash).toBe(event.hash);
    expect(body.leafHash).toBe(leafHashOfEvent(event.hash).toString('hex'));
    expect(
      verifyInclusion(
        leafHashOfEvent(event.hash),
        body.leafIndex,
        body.treeSize,
        hashes(body.auditPath),
        Buffer.from(body.checkpoint.rootHash, 'hex'),
      ),
    ).toBe(true);
    return body;
  };
  const logKeys = async () => logKeysFromJwks((await server().get('/.well-known/jwks.json').expect(200)).body);

  beforeAll(async () => {
    config = postgresConfig({
      LOG_CHECKPOINT_EVENTS: '6',
      LOG_CHECKPOINT_SECONDS: '3600',
      LOG_SIGNING_KEY: firstKey,
      LOG_HEADS_DIR: headsDir,
    });
    app = await startApp(config);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    if (config) await removeAppData(config);
  });

  let first: Checkpoint;
  let second: Checkpoint;

  it('signs a checkpoint that verifies with the published log key, and proves every event in it', async () => {
    await server()
      .get('/api/log/checkpoints/latest')
      .expect(404, /noCheckpointYet/);
    const events = await appendThings(4);
    // Fewer events than LOG_CHECKPOINT_EVENTS and well within LOG_CHECKPOINT_SECONDS: not due yet.
    expect(await checkpointer().tick()).toBeNull();
    first = (await checkpointer().tick({ force: true }))!;
    expect(first).not.toBeNull();
    expect(first.treeSize).toBeGreaterThanOrEqual(4);
    const latest = (await server().get('/api/log/checkpoints/latest').expect(200)).body as Checkpoint;
    expect(latest).toEqual(first);
    // The note: origin, size, base64 root, time; a blank line; one signature line by the log key.
    const lines = first.note.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      config.transparencyLog.origin,
      String(first.treeSize),
      Buffer.from(first.rootHash, 'hex').toString('base64'),
      `time ${first.signedAt}`,
    ]);
    expect(lines[4]).toBe('');
    expect(lines[5]).toMatch(new RegExp(`^\u2014 ${config.transparencyLog.origin.replace(/[.]/g, '\\.')} [A-Za-z0-9+/]+=*$`));
    const jwks = (await server().get('/.well-known/jwks.json').expect(200)).body;
    const [key] = logKeysFromJwks(jwks);
    expect(key).toMatchObject({ kid: first.kid, keyName: config.transparencyLog.origin, notAfter: null });
    expect(verifyNote(first.note, key!.keyName, key!.publicKey)).toBe(true);
    // A certificate verifier reading the same set takes no log key as a certificate key.
    expect(keysFromJwks(jwks).some((k) => k.kid === first.kid)).toBe(false);
    // The key was recorded in the store when it first signed, and the checkpoint is an event of the log.
    expect((await store().readStream(`logKey-${first.kid}`)).map((e) => e.type)).toEqual(['LogKeyPublished']);
    expect((await store().readStream('logCheckpoint')).map((e) => e.id)).toEqual([first.eventId]);
    for (const event of events) await proveAndCheck(event);
    // The head files: one per checkpoint and `latest`, each the signed note.
    expect(readFileSync(join(headsDir, 'latest'), 'utf8')).toBe(first.note);
    expect(readdirSync(headsDir).filter((name) => name.endsWith('.checkpoint'))).toEqual([
      `${String(first.treeSize).padStart(12, '0')}.checkpoint`,
    ]);
  });

  it('refuses bad input with codes, and an event not yet in a checkpoint with 409', async () => {
    await server()
      .get('/api/log/inclusion-proof?eventId=not-a-uuid')
      .expect(400, /validationFailed/);
    await server()
      .get('/api/log/inclusion-proof')
      .expect(400, /validationFailed/);
    await server()
      .get(`/api/log/inclusion-proof?eventId=${randomUUID()}`)
      .expect(404, /eventNotFound/);
    const [late] = await appendThings(1);
    await server()
      .get(`/api/log/inclusion-proof?eventId=${late!.id}`)
      .expect(409, /notYetInCheckpoint/);
    await checkpointer().tick(); // the tree takes it; not due yet (fewer than 6 events since)
    await server()
      .get(`/api/log/inclusion-proof?eventId=${late!.id}`)
      .expect(409, /notYetInCheckpoint/);
    await server()
      .get(`/api/log/inclusion-proof?eventId=${late!.id}&treeSize=abc`)
      .expect(400, /validationFailed/);
    await server()
      .get(`/api/log/inclusion-proof?eventId=${late!.id}&treeSize=999999`)
      .expect(404, /checkpointNotFound/);
    await server()
      .get('/api/log/consistency-proof?from=x&to=1')
      .expect(400, /validationFailed/);
    await server()
      .get(`/api/log/consistency-proof?from=${first.treeSize + 1}&to=${first.treeSize}`)
      .expect(422, /badTreeSizes/);
    await server()
      .get(`/api/log/consistency-proof?from=1&to=${first.treeSize + 1}`)
      .expect(404, /checkpointNotFound/);
    await server()
      .get('/api/log/checkpoints?limit=0')
      .expect(400, /validationFailed/);
    await server()
      .get('/api/log/checkpoints?after=-1')
      .expect(400, /validationFailed/);
  });

  it('signs the next checkpoint once enough events came, consistent with the first; an idle log is not signed again', async () => {
    const events = await appendThings(3);
    second = (await checkpointer().tick())!;
    expect(second).not.toBeNull();
    expect(second.treeSize).toBeGreaterThan(first.treeSize);
    const reply = (await server().get(`/api/log/consistency-proof?from=${first.treeSize}&to=${second.treeSize}`).expect(200)).body;
    expect(reply.fromCheckpoint).toEqual(first);
    expect(reply.toCheckpoint).toEqual(second);
    expect(
      verifyConsistency(
        first.treeSize,
        second.treeSize,
        hashes(reply.proof),
        Buffer.from(first.rootHash, 'hex'),
        Buffer.from(second.rootHash, 'hex'),
      ),
    ).toBe(true);
    // A proof into the first checkpoint still answers for its events; the new events prove into the second.
    await proveAndCheck(events[2]!);
    const older = (await store().readStream('logCheckpoint'))[0]!;
    expect((await proveAndCheck(older, second.treeSize)).checkpoint).toEqual(second);
    // Only the checkpoint's own event since: no new checkpoint, however often asked.
    expect(await checkpointer().tick()).toBeNull();
    // The flat list, a page at a time.
    const page = (await server().get('/api/log/checkpoints?limit=1').expect(200)).body;
    expect(page).toEqual({ items: [first], next: String(first.treeSize) });
    expect((await server().get(`/api/log/checkpoints?after=${page.next}&limit=5`).expect(200)).body).toEqual({
      items: [second],
      next: null,
    });
  });

  it('has one signer when two API processes share the database', async () => {
    const other = await startApp(config);
    try {
      await appendThings(6);
      const signed = await Promise.all([checkpointer().tick(), other.get(LogCheckpointer).tick(), checkpointer().tick()]);
      // Two ticks of one process are one step; the other process's step loses the race or finds it signed.
      expect(new Set(signed.filter((c) => c !== null).map((c) => c.eventId)).size).toBe(1);
      const all = (await server().get('/api/log/checkpoints?limit=100').expect(200)).body.items as Checkpoint[];
      expect(all).toHaveLength(3);
      expect((await store().readStream('logCheckpoint')).length).toBe(3);
      second = all[2]!;
    } finally {
      await other.close();
    }
  });

  it('keeps its checkpoints over a restart, and after a key rotation the old checkpoints still verify', async () => {
    await app.close();
    config = { ...config, transparencyLog: { ...config.transparencyLog, signingKey: secondKey } };
    app = await startApp(config);
    expect((await server().get('/api/log/checkpoints/latest').expect(200)).body).toEqual(second);
    await appendThings(6);
    const third = (await checkpointer().tick())!;
    expect(third.kid).not.toBe(second.kid);
    const keys = await logKeys();
    expect(keys.map((k) => k.kid)).toEqual([first.kid, third.kid]);
    expect(keys[0]!.notAfter).not.toBeNull();
    expect(keys[1]!.notAfter).toBeNull();
    const all = (await server().get('/api/log/checkpoints?limit=100').expect(200)).body.items as Checkpoint[];
    for (const checkpoint of all) {
      const key = keys.find((k) => k.kid === checkpoint.kid)!;
      expect(verifyNote(checkpoint.note, key.keyName, key.publicKey)).toBe(true);
      expect(verifyNote(checkpoint.note, keys.find((k) => k !== key)!.keyName, keys.find((k) => k !== key)!.publicKey)).toBe(false);
    }
    const reply = (await server().get(`/api/log/consistency-proof?from=${second.treeSize}&to=${third.treeSize}`).expect(200)).body;
    expect(
      verifyConsistency(
        second.treeSize,
        third.treeSize,
        hashes(reply.proof),
        Buffer.from(second.rootHash, 'hex'),
        Buffer.from(third.rootHash, 'hex'),
      ),
    ).toBe(true);
    const verify = await storeCli('verify');
    expect(verify.text).toMatch(/Verified 4 checkpoints: every one holds/);
    expect(verify.code).toBe(0);
  }, 120_000);

  it('keeps every checkpoint and proof valid when a person is forgotten', async () => {
    const lookup = app.get(LookupKeys);
    const email = `forget-${randomUUID()}@example.my`;
    const registrationId = randomUUID();
    const registered = await store().append({
      streamId: `eventRegistration-${registrationId}`,
      streamType: 'eventRegistration',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'EventParticipantRegistered',
          data: {
            registrationId,
            articleId: randomUUID(),
            userId: randomUUID(),
            name: 'Siti Forgotten',
            email,
            contact: '0123456789',
            companyName: 'Acme',
            at: new Date().toISOString(),
          },
          metadata: { actorUserId: null },
        },
      ],
    });
    await appendThings(2);
    const checkpoint = (await checkpointer().tick({ force: true }))!;
    const before = await proveAndCheck(registered.events[0]!);
    await forgetPerson(
      store(),
      store().personalKeys!,
      lookup,
      { subjectId: lookup.emailSubject(email), reason: 'asked to be forgotten', byUserId: null, via: 'store-cli' },
      Object.keys(personalDataDeclarations(lookup)),
    );
    const [stored] = await store().readStream(`eventRegistration-${registrationId}`);
    expect(JSON.stringify(stored!.data)).not.toContain('Siti Forgotten');
    const after = await proveAndCheck(registered.events[0]!, checkpoint.treeSize);
    expect(after).toEqual(before);
    await checkpointer().tick({ force: true });
    await proveAndCheck(registered.events[0]!);
    const verify = await storeCli('verify');
    expect(verify.text).toMatch(/every chain is intact/);
    expect(verify.text).toMatch(/every one holds/);
    expect(verify.code).toBe(0);
  }, 120_000);

  it('names a tampered event in store verify', async () => {
    const [event] = await appendThings(1);
    await signedOver(event!);
    // Someone with the database's owner rights rewrites an event and its hash (the chain's last link).
    await store().db.script(`BEGIN; ALTER TABLE events DISABLE TRIGGER USER;
      UPDATE events SET data = '{"i":999}', hash = '${'ab'.repeat(32)}' WHERE event_id = '${event!.id}';
      UPDATE streams SET last_hash = '${'ab'.repeat(32)}' WHERE stream_id = '${event!.streamId}';
      ALTER TABLE events ENABLE TRIGGER USER; COMMIT;`);
    const verify = await storeCli('verify');
    expect(verify.code).toBe(1);
    expect(verify.text).toContain(`event ${event!.id} (${event!.streamId} revision 0`);
    expect(verify.text).toMatch(/BROKEN checkpoint \d+ .*its root is not the root of the events as stored/);
  }, 120_000);
});
