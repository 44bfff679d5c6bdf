// The log keys as JWKs, served in the same set as the certificate keys at /.well-known/jwks.json. A log key
// is told apart by its kid ("log-" and its thumbprint) and by the member `binaan_key_use`:
// "transparency-log-checkpoints"; `note_key_name` and `note_key_id` (hex) are its signed-note name and key id.
// Validity as the certificate keys': nbf from its first checkpoint, exp once the next log key took over.
import type { SqlExecutor } from '@binaan/event-store';
import { publishedLogKeys, type PublishedLogKey } from './log-reads.js';

export const LOG_KEY_USE = 'transparency-log-checkpoints';

export type LogJwk = {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  use: 'sig';
  alg: 'EdDSA';
  nbf: number;
  exp?: number;
  binaan_key_use: typeof LOG_KEY_USE;
  note_key_name: string;
  note_key_id: string;
};

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function logJwk(key: PublishedLogKey): LogJwk {
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x: key.publicKey,
    kid: key.kid,
    use: 'sig',
    alg: 'EdDSA',
    nbf: seconds(key.notBefore),
    ...(key.notAfter ? { exp: seconds(key.notAfter) } : {}),
    binaan_key_use: LOG_KEY_USE,
    note_key_name: key.keyName,
    note_key_id: key.noteKeyId,
  };
}

/** Every log key as a JWK (none on a store without the log's tables). */
export async function logJwks(db: SqlExecutor): Promise<LogJwk[]> {
  return (await publishedLogKeys(db)).map(logJwk);
}

/** The log keys of a JWK set (a verifier's side), with their validity. */
export function logKeysFromJwks(set: unknown): PublishedLogKey[] {
  const keys = (set as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new Error('not a JWK set: expected { "keys": [...] }');
  return keys
    .filter((k): k is LogJwk => typeof k === 'object' && k !== null && (k as LogJwk).binaan_key_use === LOG_KEY_USE)
    .map((k) => ({
      kid: k.kid,
      publicKey: k.x,
      keyName: k.note_key_name,
      noteKeyId: k.note_key_id,
      notBefore: new Date(k.nbf * 1000).toISOString(),
      notAfter: k.exp === undefined ? null : new Date(k.exp * 1000).toISOString(),
    }));
}
