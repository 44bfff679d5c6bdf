// Given the demo data seeded into an empty store (as npm start does), the landing page shows the demo
// events and counters; the README's two demo QR texts are exactly what the seed makes (fixed ids, times and
// the demo key) and verify: the genuine one passes every check, the revoked one fails with its reason; the
// keys are at the site root even with a built ui; and the offline verifier (the built CLI, as a separate
// process) checks the QR texts against the published keys alone, from a file and from the URL.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { certificateQrText, parseCertificateQr } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { demoSigningKey } from '../../../apps/api/src/certificates/certificate-keys.js';
import { signCertificate } from '../../../apps/api/src/certificates/certificate-signature.js';
import { READ_MODELS } from '../../../apps/api/src/common/principal.js';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { DEMO_EVENTS, DEMO_REVOKE_REASON } from '../../../apps/api/src/demo/demo-certificates.js';
import { seedDemo } from '../../../apps/api/src/demo/demo-seed.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { pgliteConfig, removeAppData, REPOSITORY, startApp } from '../support.js';
import { qrTextsFromPdf } from './harness.js';

const CLI = join(REPOSITORY, 'apps/api/dist/cli/verify-certificate.js');
const readme = readFileSync(join(REPOSITORY, 'README.md'), 'utf8');
const readmeQr = (which: 'genuine' | 'revoked') => {
  const match = new RegExp(`^ *- ${which} demo certificate[^\`\\n]*\`([^\`]+)\``, 'm').exec(readme);
  if (!match) throw new Error(`README.md names no ${which} demo certificate QR text`);
  return match[1]!;
};
const ALL_PASSED = [
  'payload',
  'signature',
  'keyValidAtIssue',
  'certificateExists',
  'recordMatches',
  'hashMatches',
  'chainVerifies',
  'attendanceMet',
  'approved',
  'notRevoked',
].map((c) => `${c}:passed`);
type Check = { check: string; result: string; reason?: string };

async function verifyOffline(qr: string, keys: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, '--keys', keys, qr], { encoding: 'utf8', timeout: 30_000 });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('demo events and certificates on an empty store', () => {
  let app: NestFastifyApplication;
  let config: ApiConfig;
  let uiDir: string;
  let keysFile: string;
  let keysUrl: string;
  const server = () => request(app.getHttpServer());
  const rows = (sql: string) => app.get<SqlExecutor>(READ_MODELS).query<{ registration_id: string }>(sql);
  const qrOf = async (registrationId: string) => {
    const events = await app.get<EventStore>(EVENT_STORE).readStream(`eventRegistration-${registrationId}`);
    const c = events.find((e) => e.type === 'EventCertificateIssued')!.data as {
      registrationId: string;
      articleId: string;
      userId: string;
      certificateNo: string;
      signature: string;
    };
    return certificateQrText({
      id: c.registrationId,
      article_id: c.articleId,
      user_id: c.userId,
      certificate_no: c.certificateNo,
      signature: c.signature,
    });
  };

  beforeAll(async () => {
    uiDir = await mkdtemp(join(tmpdir(), 'binaan-ui-'));
    await writeFile(join(uiDir, 'index.html'), '<!doctype html><title>Binaan ui</title>');
    config = await pgliteConfig({ UI_DIR: uiDir });
    app = await startApp(config);
    expect((await seedDemo(app)).seeded).toBe(true);
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    keysUrl = `http://127.0.0.1:${address.port}/.well-known/jwks.json`;
    keysFile = join(uiDir, 'jwks.json');
    await writeFile(keysFile, (await server().get('/.well-known/jwks.json').expect(200)).text);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await removeAppData(config);
    await rm(uiDir, { recursive: true, force: true });
  });

  it('the landing page lists the published demo events and counts their certificates', async () => {
    const list = await server().get('/api/landing/event-list').expect(200);
    expect(list.body.data.map((e: { title: string }) => e.title).sort()).toEqual(
      DEMO_EVENTS.filter((e) => e.publish)
        .map((e) => e.title)
        .sort(),
    );
    const counters = await server().get('/api/landing/event-and-certificate-counter').expect(200);
    const approvedNotRevoked = DEMO_EVENTS.flatMap((e) => e.participants).filter(
      (p) => p.certificate === 'approved' || p.certificate === 'emailed',
    ).length;
    expect(counters.body.data).toEqual({ event_count: DEMO_EVENTS.filter((e) => e.publish).length, certificate_count: approvedNotRevoked });
  });

  it("the README's demo QR texts are the seeded certificates', signed with the published demo key", async () => {
    const [genuine] = await rows(
      'SELECT registration_id FROM cert_registrations WHERE approved_at IS NOT NULL AND revoked_at IS NULL AND emailed_at IS NOT NULL',
    );
    const [revoked] = await rows('SELECT registration_id FROM cert_registrations WHERE revoked_at IS NOT NULL');
    expect(readmeQr('genuine')).toBe(await qrOf(genuine!.registration_id));
    expect(readmeQr('revoked')).toBe(await qrOf(revoked!.registration_id));
    const keys = await server().get('/.well-known/jwks.json').expect(200);
    expect(keys.body.keys).toEqual([expect.objectContaining({ kid: demoSigningKey().kid, x: demoSigningKey().publicKey })]);
  });

  it("the README's genuine demo certificate passes every check, and its PDF carries the same QR", async () => {
    const qr = readmeQr('genuine');
    const reply = await server().post('/api/event-participant/verified-certificate').send({ qr }).expect(200);
    expect(reply.body).toMatchObject({
      success: true,
      msg: 'certificateGenuine',
      genuine: true,
      id: parseCertificateQr(qr)!.id,
      reason: null,
    });
    expect(reply.body.checks.map((c: Check) => `${c.check}:${c.result}`)).toEqual(ALL_PASSED);
    const pdf = await server()
      .get(`/api/event-participant/download-certificate/${parseCertificateQr(qr)!.id}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(await qrTextsFromPdf(pdf.body as Buffer)).toEqual([qr]);
  });

  it("the README's revoked demo certificate fails only notRevoked, with the organizer's reason", async () => {
    const reply = await server()
      .post('/api/event-participant/verified-certificate')
      .send({ qr: readmeQr('revoked') })
      .expect(200);
    expect(reply.body).toMatchObject({ success: false, msg: 'certificateNotGenuine', genuine: false, id: -1 });
    expect(reply.body.checks.filter((c: Check) => c.result === 'failed').map((c: Check) => c.check)).toEqual(['notRevoked']);
    expect(reply.body.reason).toContain(DEMO_REVOKE_REASON);
  });

  it('the keys are served at the site root beside a built ui, which still answers its own pages', async () => {
    const keys = await server().get('/.well-known/jwks.json').expect(200);
    expect(keys.headers['content-type']).toMatch(/^application\/json/);
    expect(keys.headers['cache-control']).toBe('public, max-age=300');
    expect((await server().get('/events/some-page').expect(200)).text).toContain('Binaan ui');
    const other = await server().get('/.well-known/other.json').expect(404);
    expect(other.text).not.toContain('Binaan ui');
  });

  describe('the offline verifier (npm run verify-certificate), with only the published keys', () => {
    it('says GENUINE for the genuine demo certificate, check by check, from a keys file and from the keys URL (exit 0)', async () => {
      for (const keys of [keysFile, keysUrl]) {
        const { code, out } = await verifyOffline(readmeQr('genuine'), keys);
        expect({ keys, code }).toEqual({ keys, code: 0 });
        expect(out).toMatch(/^ {2}payload +passed$/m);
        expect(out).toMatch(/^ {2}signature +passed$/m);
        expect(out).toMatch(/^ {2}keyValidAtIssue +passed$/m);
        expect(out).toContain(`GENUINE: signed by the issuer's key ${demoSigningKey().kid}`);
      }
    });

    it('says NOT GENUINE for a changed value or a forged signature, with the reason (exit 1)', async () => {
      const p = parseCertificateQr(readmeQr('genuine'))!;
      const changed = certificateQrText({ ...p, signature: p.signature!, certificate_no: 'BNC-00000000000000000000000000' });
      const bytes = p.signature!.split('.')[3]!;
      const forged = certificateQrText({
        ...p,
        signature: p.signature!.replace(bytes, `${bytes.slice(0, 10)}${bytes[10] === 'A' ? 'B' : 'A'}${bytes.slice(11)}`),
      });
      for (const qr of [changed, forged]) {
        const { code, out } = await verifyOffline(qr, keysFile);
        expect(code).toBe(1);
        expect(out).toMatch(/^ {2}signature +failed: the signature does not match the certificate values \(forged or changed\)$/m);
        expect(out).toContain('NOT GENUINE: the signature does not match the certificate values');
      }
    });

    it('says NOT GENUINE for a real signature dated before the key was in force, or a key the issuer never published (exit 1)', async () => {
      const p = parseCertificateQr(readmeQr('genuine'))!;
      const key = demoSigningKey();
      const notBefore = (JSON.parse(readFileSync(keysFile, 'utf8')) as { keys: { nbf: number }[] }).keys[0]!.nbf;
      const backdated = certificateQrText({ ...p, signature: signCertificate(p, notBefore - 3600, key.kid, key.privateKey) });
      const early = await verifyOffline(backdated, keysFile);
      expect(early.code).toBe(1);
      expect(early.out).toMatch(/^ {2}signature +passed$/m);
      expect(early.out).toMatch(/^ {2}keyValidAtIssue +failed: key \S+ signs from /m);
      const otherKeys = join(uiDir, 'other-jwks.json');
      await writeFile(
        otherKeys,
        JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43), kid: 'someone-else', nbf: 0 }] }),
      );
      const unknown = await verifyOffline(readmeQr('genuine'), otherKeys);
      expect(unknown.code).toBe(1);
      expect(unknown.out).toContain(`NOT GENUINE: the signing key ${key.kid} is not one of the issuer's published keys`);
    });

    it("passes the revoked certificate's signature but says revocation is checked online; a non-certificate fails the payload check", async () => {
      const revoked = await verifyOffline(readmeQr('revoked'), keysFile);
      expect(revoked.code).toBe(0);
      expect(revoked.out).toMatch(/revoked .* answered online/);
      const junk = await verifyOffline('https://example.com/not-a-certificate', keysFile);
      expect(junk.code).toBe(1);
      expect(junk.out).toMatch(/^ {2}payload +failed/m);
    });

    it('cannot check without usable keys, and says why (exit 2)', async () => {
      const missing = await verifyOffline(readmeQr('genuine'), join(uiDir, 'no-such-file.json'));
      expect(missing.code).toBe(2);
      expect(missing.out).toContain('Could not check the certificate: could not read the keys file');
      const notKeys = await verifyOffline(readmeQr('genuine'), join(uiDir, 'index.html'));
      expect([notKeys.code, /not a usable JWK set/.test(notKeys.out)]).toEqual([2, true]);
    });
  });
});
