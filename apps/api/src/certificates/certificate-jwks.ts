// The published keys as a JWK set (RFC 7517) and back: the API serves `jwks(keys)` at /.well-known/jwks.json,
// and a third party (the offline verifier, cli/verify-certificate.ts) reads it with `keysFromJwks`. Each
// key's validity travels as nbf / exp in epoch seconds (exp once a later key took over). Pure.
import type { PublishedKey } from './certificate-signature.js';

export type CertificateJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; use: 'sig'; alg: 'EdDSA'; nbf: number; exp?: number };

/** `others`: keys of other uses published in the same set (the transparency log's, which carry `binaan_key_use`). */
export function jwks<T extends object = never>(keys: readonly PublishedKey[], others: readonly T[] = []): { keys: (CertificateJwk | T)[] } {
  return {
    keys: [
      ...keys.map((k) => ({
        kty: 'OKP',
        crv: 'Ed25519',
        x: k.publicKey,
        kid: k.kid,
        use: 'sig',
        alg: 'EdDSA',
        nbf: Math.floor(Date.parse(k.notBefore) / 1000),
        ...(k.notAfter ? { exp: Math.floor(Date.parse(k.notAfter) / 1000) } : {}),
      })),
      ...others,
    ] as (CertificateJwk | T)[],
  };
}

const SECONDS = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * The Ed25519 signing keys of a JWK set, with their validity periods. Keys of other types or uses are left
 * out; a set that is not a JWK set, or an Ed25519 key without kid, x or nbf, is an error naming what is wrong.
 */
export function keysFromJwks(set: unknown): PublishedKey[] {
  const keys = (set as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new Error('not a JWK set: expected { "keys": [...] }');
  const published: PublishedKey[] = [];
  for (const [index, raw] of keys.entries()) {
    const k = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    if (k.kty !== 'OKP' || k.crv !== 'Ed25519' || (k.use !== undefined && k.use !== 'sig')) continue;
    if (k.binaan_key_use !== undefined) continue; // a key of another use (the transparency log's)
    if (typeof k.kid !== 'string' || k.kid === '') throw new Error(`key ${index} has no kid`);
    if (typeof k.x !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(k.x)) throw new Error(`key ${k.kid} has no 32-byte public key (x)`);
    if (!SECONDS(k.nbf)) throw new Error(`key ${k.kid} has no validity start (nbf)`);
    if (k.exp !== undefined && (!SECONDS(k.exp) || k.exp < k.nbf)) throw new Error(`key ${k.kid} has an invalid validity end (exp)`);
    published.push({
      kid: k.kid,
      publicKey: k.x,
      notBefore: new Date(k.nbf * 1000).toISOString(),
      notAfter: k.exp === undefined ? null : new Date(k.exp * 1000).toISOString(),
    });
  }
  return published;
}
