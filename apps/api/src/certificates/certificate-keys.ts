// The issuer's Ed25519 signing key, kept like the other secrets (common/secrets.ts): from the environment
// (CERTIFICATE_SIGNING_KEY: PKCS#8, PEM or base64url DER; the same on every instance in production), or
// made once and kept in DATA_DIR/secrets.json (mode 0600). The private key is never logged and never
// leaves this file's objects; the public key is recorded in the store when it first signs, and published
// at /api/.well-known/jwks.json with its validity period.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type SigningKey = { kid: string; publicKey: string; privateKey: KeyObject };

export const CERTIFICATE_SIGNING_KEY = Symbol('CERTIFICATE_SIGNING_KEY');
const FIELD = 'certificateSigningKey';

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

export function loadSigningKey(dataDir: string, given: string | undefined = process.env.CERTIFICATE_SIGNING_KEY): SigningKey {
  if (given) return signingKeyOf(fromText(given));
  const file = join(dataDir, 'secrets.json');
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  if (typeof kept[FIELD] === 'string') return signingKeyOf(fromText(kept[FIELD]));
  const { privateKey } = generateKeyPairSync('ed25519');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...kept, [FIELD]: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url') }, null, 2), { mode: 0o600 });
  return signingKeyOf(privateKey);
}
