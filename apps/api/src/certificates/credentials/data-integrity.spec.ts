import { describe, expect, it } from '@jest/globals';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { demoSigningKey } from '../certificate-keys.js';
import { achievementCredential } from './achievement-credential.js';
import { addProof, base58btc, fromBase58btc, multikeyOf, proofVerifies } from './data-integrity.js';
import { didDocument, didWebOf } from './did-web.js';
import { statusListEntry } from './status-list.js';

const credential = () =>
  achievementCredential({
    publicUrl: 'https://binaan.example',
    issuer: 'did:web:binaan.example',
    registrationId: 'reg1',
    certificateNo: 'BNC-TEST',
    participantName: 'Siti',
    issuedAt: '2026-02-10T05:00:00.000Z',
    event: {
      articleId: 'art1',
      title: 'Site Safety Briefing',
      location: 'Kuala Lumpur',
      date: '2026-02-10T01:00:00.000Z',
      description: '',
      attendanceRule: { kind: 'minimumDuration', minutes: 60 },
    },
    status: statusListEntry('https://binaan.example/api/credentials/status/1', 3),
  });

describe('eddsa-rdfc-2022 proofs', () => {
  it('given a credential signed with a key, its proof verifies with that key and not another', async () => {
    const key = demoSigningKey();
    const signed = await addProof(
      credential(),
      { privateKey: key.privateKey, verificationMethod: 'did:web:binaan.example#k' },
      new Date(0),
    );
    expect(signed.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', created: '1970-01-01T00:00:00Z' });
    expect(await proofVerifies(signed, key.publicKey)).toBe(true);
    const other = createPublicKey(generateKeyPairSync('ed25519').privateKey).export({ format: 'jwk' }).x!;
    expect(await proofVerifies(signed, other)).toBe(false);
  });

  it('when one field changes, the proof no longer verifies', async () => {
    const key = demoSigningKey();
    const signed = await addProof(
      credential(),
      { privateKey: key.privateKey, verificationMethod: 'did:web:binaan.example#k' },
      new Date(0),
    );
    const changed = structuredClone(signed);
    changed.credentialSubject.achievement.name = 'Another event';
    expect(await proofVerifies(changed, key.publicKey)).toBe(false);
  });

  it('refuses a context it does not hold offline instead of fetching it', async () => {
    const key = demoSigningKey();
    const foreign = { ...credential(), '@context': ['https://www.w3.org/ns/credentials/v2', 'https://example.org/other-context.json'] };
    await expect(addProof(foreign, { privateKey: key.privateKey, verificationMethod: 'x#k' }, new Date(0))).rejects.toThrow();
  });
});

describe('keys and the did:web document', () => {
  it('base58btc round-trips, leading zeros included', () => {
    const bytes = Buffer.from([0, 0, 1, 2, 255]);
    expect(fromBase58btc(base58btc(bytes))).toEqual(bytes);
    expect(base58btc(Buffer.from('hello world'))).toBe('StV1DL6CwTryKyV');
  });

  it('an Ed25519 key is a Multikey starting z6Mk', () => {
    expect(multikeyOf(demoSigningKey().publicKey)).toMatch(/^z6Mk[1-9A-HJ-NP-Za-km-z]{44}$/);
  });

  it('the DID is the public address host, the port as %3A, and every key is an assertion method', () => {
    expect(didWebOf('https://binaan.example/')).toBe('did:web:binaan.example');
    expect(didWebOf('http://127.0.0.1:3700')).toBe('did:web:127.0.0.1%3A3700');
    const keys = [
      { kid: 'old', publicKey: demoSigningKey().publicKey, notBefore: '2026-01-01T00:00:00.000Z', notAfter: '2026-02-01T00:00:00.000Z' },
      { kid: 'new', publicKey: demoSigningKey().publicKey, notBefore: '2026-02-01T00:00:00.000Z', notAfter: null },
    ];
    const doc = didDocument('did:web:binaan.example', keys);
    expect(doc.assertionMethod).toEqual(['did:web:binaan.example#old', 'did:web:binaan.example#new']);
    expect(doc.verificationMethod[0]).toMatchObject({ type: 'Multikey', controller: 'did:web:binaan.example' });
  });
});
