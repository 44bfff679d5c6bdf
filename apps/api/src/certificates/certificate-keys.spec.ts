import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CertificateKeyring, demoSigningKey, signingKeyOf } from './certificate-keys.js';
import { publicKeyObject, signCertificate, signedMessage } from './certificate-signature.js';

const folder = () => mkdtempSync(join(tmpdir(), 'binaan-keys-'));
const kept = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as { certificateSigningKey?: string }).certificateSigningKey;

describe('certificate signing keys', () => {
  it('an empty folder gets a new key when one is first needed, kept (0600) and loaded again by the next start', () => {
    const dir = folder();
    const ring = new CertificateKeyring(dir, undefined);
    const key = ring.current();
    expect(key.kid).not.toBe(demoSigningKey().kid);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(new CertificateKeyring(dir, undefined).current().kid).toBe(key.kid);
    expect(new CertificateKeyring(dir, undefined).adoptDemoKey()).toBe(false);
  });

  it('the demo key is the same every time, signs verifiably, and is adopted only by a folder without a key', () => {
    expect(demoSigningKey().kid).toBe(demoSigningKey().kid);
    const demo = demoSigningKey();
    const fields = { id: 'a', article_id: 'b', user_id: 'c', certificate_no: 'd' };
    const signature = signCertificate(fields, 1_770_000_000, demo.kid, demo.privateKey).split('.')[3]!;
    expect(
      verify(null, signedMessage(fields, 1_770_000_000, demo.kid), publicKeyObject(demo.publicKey), Buffer.from(signature, 'base64url')),
    ).toBe(true);
    const dir = folder();
    const ring = new CertificateKeyring(dir, undefined);
    expect(ring.adoptDemoKey()).toBe(true);
    expect(ring.current().kid).toBe(demo.kid);
    expect(new CertificateKeyring(dir, undefined).current().kid).toBe(demo.kid);
    expect(kept(dir)).toBeDefined();
  });

  it('CERTIFICATE_SIGNING_KEY wins over the demo key and is never written to the folder', () => {
    const given = generateKeyPairSync('ed25519').privateKey;
    const dir = folder();
    const ring = new CertificateKeyring(dir, given.export({ format: 'pem', type: 'pkcs8' }).toString());
    expect(ring.adoptDemoKey()).toBe(false);
    expect(ring.current().kid).toBe(signingKeyOf(given).kid);
    expect(() => readFileSync(join(dir, 'secrets.json'))).toThrow();
  });

  it('refuses a key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => new CertificateKeyring(folder(), rsa)).toThrow('CERTIFICATE_SIGNING_KEY must be an Ed25519 private key');
  });
});
