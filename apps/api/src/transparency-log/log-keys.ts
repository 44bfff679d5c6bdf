// The log key: the Ed25519 key that signs checkpoints. From LOG_SIGNING_KEY (PKCS#8, PEM or base64url DER;
// the same on every instance), or outside production kept in DATA_DIR/secrets.json (mode 0600), made the
// first time a checkpoint is signed. In production it must be given: no key is made beside the data there,
// and no checkpoint is signed without it (the start-up log says so). Its public half is recorded in the
// store when it first signs and published at /.well-known/jwks.json (kid "log-...").
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyIdOf } from '../certificates/certificate-keys.js';

export type LogKey = { kid: string; publicKey: string; privateKey: KeyObject };

export const LOG_KEYRING = Symbol('LOG_KEYRING');
const FIELD = 'logSigningKey';
/** Log keys' kid: this prefix and the RFC 7638 thumbprint, shortened as the certificate keys' are. */
export const LOG_KID_PREFIX = 'log-';

function fromText(text: string): KeyObject {
  const trimmed = text.trim();
  return trimmed.startsWith('-----BEGIN')
    ? createPrivateKey({ key: trimmed, format: 'pem' })
    : createPrivateKey({ key: Buffer.from(trimmed, 'base64url'), format: 'der', type: 'pkcs8' });
}

export function logKeyOf(privateKey: KeyObject): LogKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('LOG_SIGNING_KEY must be an Ed25519 private key');
  const x = String(createPublicKey(privateKey).export({ format: 'jwk' }).x);
  return { kid: `${LOG_KID_PREFIX}${keyIdOf(x)}`, publicKey: x, privateKey };
}

/** A new Ed25519 private key as LOG_SIGNING_KEY takes it (base64url PKCS#8 DER). */
export function newLogSigningKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url');
}

export class LogKeyring {
  private key: LogKey | null;
  private readonly file: string;

  constructor(
    private readonly dataDir: string,
    given: string | undefined,
    private readonly production: boolean,
  ) {
    this.file = join(dataDir, 'secrets.json');
    const kept = production ? undefined : this.kept()[FIELD];
    this.key = given ? logKeyOf(fromText(given)) : typeof kept === 'string' ? logKeyOf(fromText(kept)) : null;
  }

  /** False in production without LOG_SIGNING_KEY: then nothing is signed. */
  get available(): boolean {
    return this.key !== null || !this.production;
  }

  /** The key that signs now; outside production the first call without one makes one and keeps it. */
  current(): LogKey {
    if (!this.key) {
      if (this.production) throw new Error('LOG_SIGNING_KEY is not set: in production the log key must be given, kept apart from the data');
      this.key = this.keep(logKeyOf(generateKeyPairSync('ed25519').privateKey));
    }
    return this.key;
  }

  private kept(): Record<string, unknown> {
    return existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, unknown>) : {};
  }

  private keep(key: LogKey): LogKey {
    mkdirSync(this.dataDir, { recursive: true });
    const der = key.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url');
    writeFileSync(this.file, JSON.stringify({ ...this.kept(), [FIELD]: der }, null, 2), { mode: 0o600 });
    return key;
  }
}
