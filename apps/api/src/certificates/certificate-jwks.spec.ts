import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { signingKeyOf } from './certificate-keys.js';
import { jwks, keysFromJwks } from './certificate-jwks.js';
import { withValidity } from './certificate-signature.js';

const first = signingKeyOf(generateKeyPairSync('ed25519').privateKey);
const second = signingKeyOf(generateKeyPairSync('ed25519').privateKey);
const published = withValidity([
  { kid: first.kid, publicKey: first.publicKey, notBefore: '2026-01-01T00:00:00.000Z' },
  { kid: second.kid, publicKey: second.publicKey, notBefore: '2026-03-01T12:00:00.000Z' },
]);

describe('the published keys as a JWK set', () => {
  it('carries each key with nbf, and exp once a later key took over', () => {
    expect(jwks(published).keys).toEqual([
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: first.publicKey,
        kid: first.kid,
        use: 'sig',
        alg: 'EdDSA',
        nbf: Date.parse('2026-01-01T00:00:00Z') / 1000,
        exp: Date.parse('2026-03-01T12:00:00Z') / 1000,
      },
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: second.publicKey,
        kid: second.kid,
        use: 'sig',
        alg: 'EdDSA',
        nbf: Date.parse('2026-03-01T12:00:00Z') / 1000,
      },
    ]);
  });

  it('reads back, as a third party would, into the same keys and validity periods', () => {
    expect(keysFromJwks(JSON.parse(JSON.stringify(jwks(published))))).toEqual(published);
  });

  it('leaves out keys of other kinds, and names what is wrong with an unusable set', () => {
    const rsa = { kty: 'RSA', n: 'abc', e: 'AQAB', kid: 'rsa-1' };
    const encryption = { ...jwks(published).keys[0], use: 'enc' };
    expect(keysFromJwks({ keys: [rsa, encryption, jwks(published).keys[1]] }).map((k) => k.kid)).toEqual([second.kid]);
    expect(() => keysFromJwks([])).toThrow('not a JWK set');
    expect(() => keysFromJwks(null)).toThrow('not a JWK set');
    expect(() => keysFromJwks({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: first.publicKey, nbf: 1 }] })).toThrow('key 0 has no kid');
    expect(() => keysFromJwks({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'short', kid: 'k', nbf: 1 }] })).toThrow(
      'key k has no 32-byte public key (x)',
    );
    expect(() => keysFromJwks({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: first.publicKey, kid: 'k' }] })).toThrow(
      'key k has no validity start (nbf)',
    );
    expect(() => keysFromJwks({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: first.publicKey, kid: 'k', nbf: 10, exp: 5 }] })).toThrow(
      'invalid validity end',
    );
  });
});
