import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { certificateQrText } from '@binaan/contracts';
import { signingKeyOf } from './certificate-keys.js';
import { signCertificate } from './certificate-signature.js';
import { verifyOffline } from './offline-verification.js';

const key = signingKeyOf(generateKeyPairSync('ed25519').privateKey);
const keys = [{ kid: key.kid, publicKey: key.publicKey, notBefore: '2026-01-01T00:00:00.000Z', notAfter: '2026-06-01T00:00:00.000Z' }];
const fields = {
  id: 'Rk9vYmFyYmF6cXV4MTIzNA',
  article_id: 'QXJ0aWNsZUlkMTIzNDU2Nw',
  user_id: 'VXNlcklkMTIzNDU2Nzg5MA',
  certificate_no: 'BNC-0123456789ABCDEFGHJKMNPQ',
};
const qrAt = (iso: string) =>
  certificateQrText({ ...fields, signature: signCertificate(fields, Date.parse(iso) / 1000, key.kid, key.privateKey) });
const results = (qr: string) => verifyOffline(qr, keys).checks.map((c) => `${c.check}:${c.result}`);

describe('offline verification with the published keys alone', () => {
  it('a certificate signed by a published key in force at its issue time is genuine', () => {
    const verdict = verifyOffline(qrAt('2026-03-02T03:00:00Z'), keys);
    expect(verdict).toMatchObject({ genuine: true, reason: null, signedBy: { kid: key.kid, issuedAt: '2026-03-02T03:00:00.000Z' } });
    expect(results(qrAt('2026-03-02T03:00:00Z'))).toEqual(['payload:passed', 'signature:passed', 'keyValidAtIssue:passed']);
  });

  it("a changed value fails the signature; a signature outside the key's period fails keyValidAtIssue; junk fails the payload", () => {
    const changed = qrAt('2026-03-02T03:00:00Z').replace(fields.user_id, 'VXNlcklkMTIzNDU2Nzg5MB');
    expect(results(changed)).toEqual(['payload:passed', 'signature:failed', 'keyValidAtIssue:notApplicable']);
    expect(results(qrAt('2026-06-01T00:00:00Z'))).toEqual(['payload:passed', 'signature:passed', 'keyValidAtIssue:failed']);
    expect(verifyOffline(qrAt('2025-12-31T23:59:59Z'), keys).reason).toMatch(/not at the claimed issue time 2025-12-31T23:59:59.000Z/);
    expect(results('not a certificate')).toEqual(['payload:failed', 'signature:notApplicable', 'keyValidAtIssue:notApplicable']);
    expect(verifyOffline(qrAt('2026-03-02T03:00:00Z'), []).reason).toBe(
      `the signing key ${key.kid} is not one of the issuer's published keys`,
    );
  });
});
