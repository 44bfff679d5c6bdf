// The issuer's Ed25519 signing key, kept like the other secrets (common/secrets.ts): from the environment
// (CERTIFICATE_SIGNING_KEY: PKCS#8, PEM or base64url DER; the same on every instance in production), or
// kept in DATA_DIR/secrets.json (mode 0600), made the first time a certificate is signed. The private key
// is never logged and never leaves this file's objects; the public key is recorded in the store when it
// first signs, and published at /.well-known/jwks.json with its validity period.
//
// The demo seed alone may make the folder's first key the DEMO key instead: derived from a fixed, public
// seed (DEMO_SIGNING_KEY_SEED), so the demo certificates' QR texts are the same on every fresh `npm start`
// and the README can name them. Anyone can sign with it: a data folder holding it is for trying only, and
// npm start's banner warns whenever it is the key in use (usesDemoKey, start-up/banner.ts).
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type SigningKey = { kid: string; publicKey: string; privateKey: KeyObject };

export const CERTIFICATE_SIGNING_KEY = Symbol('CERTIFICATE_SIGNING_KEY');
const FIELD = 'certificateSigningKey';

/** The demo key's seed, in the open on purpose: SHA-256 of this text is the Ed25519 private key's 32 bytes. */
export const DEMO_SIGNING_KEY_SEED = 'binaan-demo-certificate-signing-key-v1 (public: demo data only, never for real certificates)';
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function fromText(text: string): KeyObject {
  const trimmed = text.trim();
  return trimmed.startsWith('-----BEGIN')
    ? createPrivateKey({ key: trimmed, format: 'pem' })
    : createPrivateKey({ key: Buffer.from(trimmed, 'base64url'), format: 'der', type: 'pkcs8' });
}

/** The RFC 7638 thumbprint of the public key, shortened: the key id printed in every QR. */
export function keyIdOf(x: string): string {
  return createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url').slice(0, 16);
}

export function signingKeyOf(privateKey: KeyObject): SigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('CERTIFICATE_SIGNING_KEY must be an Ed25519 private key');
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const x = String(jwk.x);
  return { kid: keyIdOf(x), publicKey: x, privateKey };
}

/** The demo key: an Ed25519 key whose 32 private bytes are SHA-256(DEMO_SIGNING_KEY_SEED). */
export function demoSigningKey(): SigningKey {
  const seed = createHash('sha256').update(DEMO_SIGNING_KEY_SEED).digest();
  return signingKeyOf(createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' }));
}

/** The instance's signing key: given, kept, or made (and kept) when first needed. */
export class CertificateKeyring {
  private key: SigningKey | null;
  private readonly file: string;

  constructor(
    private readonly dataDir: string,
    given: string | undefined = process.env.CERTIFICATE_SIGNING_KEY,
  ) {
    this.file = join(dataDir, 'secrets.json');
    const kept = this.kept()[FIELD];
    this.key = given ? signingKeyOf(fromText(given)) : typeof kept === 'string' ? signingKeyOf(fromText(kept)) : null;
  }

  /** Whether the key that signs is the public demo key (npm start's banner then warns: anyone can sign with it). */
  usesDemoKey(): boolean {
    return this.key?.kid === demoSigningKey().kid;
  }

  /** The key that signs now; the first call without a given or kept key makes one and keeps it. */
  current(): SigningKey {
    if (!this.key) this.key = this.keep(signingKeyOf(generateKeyPairSync('ed25519').privateKey));
    return this.key;
  }

  /**
   * For the demo seed only: makes the demo key this folder's key, if no key was given, kept or made yet.
   * True when the demo key is (now) the key that signs.
   */
  adoptDemoKey(): boolean {
    const demo = demoSigningKey();
    if (!this.key) this.key = this.keep(demo);
    return this.key.kid === demo.kid;
  }

  private kept(): Record<string, unknown> {
    return existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, unknown>) : {};
  }

  private keep(key: SigningKey): SigningKey {
    mkdirSync(this.dataDir, { recursive: true });
    const der = key.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url');
    writeFileSync(this.file, JSON.stringify({ ...this.kept(), [FIELD]: der }, null, 2), { mode: 0o600 });
    return key;
  }
}
