import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { certificateQrText, parseCertificateQr, parseCertificateSignature } from '@binaan/contracts';
import { signingKeyOf } from './certificate-keys.js';
import { checkSignature, signCertificate, withValidity } from './certificate-signature.js';

const key = signingKeyOf(generateKeyPairSync('ed25519').privateKey);
const other = signingKeyOf(generateKeyPairSync('ed25519').privateKey);
const fields = {
  id: 'Rk9vYmFyYmF6cXV4MTIzNA',
  article_id: 'QXJ0aWNsZUlkMTIzNDU2Nw',
  user_id: 'VXNlcklkMTIzNDU2Nzg5MA',
  certificate_no: 'BNC-0123456789ABCDEFGHJKMNPQ',
};
const issued = Date.parse('2026-03-02T03:00:00Z') / 1000;
const keys = [{ kid: key.kid, publicKey: key.publicKey, notBefore: '2026-01-01T00:00:00.000Z', notAfter: null }];

describe('certificate QR payload', () => {
  it('reads the spec four values, comma- or space-separated, and the fifth (signature) when present', () => {
    expect(parseCertificateQr('12,7,99,ABC-1')).toEqual({
      id: '12',
      article_id: '7',
      user_id: '99',
      certificate_no: 'ABC-1',
      signature: null,
    });
    expect(parseCertificateQr(' 12 7  99\nABC-1 ')).toMatchObject({ id: '12', certificate_no: 'ABC-1' });
    const signature = signCertificate(fields, issued, key.kid, key.privateKey);
    expect(parseCertificateQr(certificateQrText({ ...fields, signature }))).toEqual({ ...fields, signature });
  });

  it('refuses anything else', () => {
    for (const text of ['', '1,2,3', '1,2,3,4,5,6', '1,2,3,<script>', 'a'.repeat(600), 42, null, { id: 1 }])
      expect(parseCertificateQr(text)).toBeNull();
  });

  it('a signature is v1.<kid>.<seconds>.<64 bytes base64url>', () => {
    const value = signCertificate(fields, issued, key.kid, key.privateKey);
    expect(parseCertificateSignature(value)).toMatchObject({ version: 'v1', kid: key.kid, issuedAtSeconds: issued });
    expect(parseCertificateSignature(value.slice(0, -1))).toBeNull();
    expect(value.length).toBeLessThan(130);
  });
});

describe('certificate signature', () => {
  const signature = signCertificate(fields, issued, key.kid, key.privateKey);

  it('verifies with the published key, in force at the issue time', () => {
    expect(checkSignature(fields, signature, keys)).toEqual({ ok: true, kid: key.kid, issuedAtSeconds: issued });
  });

  it('fails for any changed value, a missing signature, an unknown key, or a signature by another key', () => {
    for (const changed of [
      { ...fields, id: 'X' + fields.id.slice(1) },
      { ...fields, certificate_no: 'BNC-1123456789ABCDEFGHJKMNPQ' },
      { ...fields, user_id: 'other' },
    ]) {
      expect(checkSignature(changed, signature, keys)).toMatchObject({ ok: false, check: 'signature' });
    }
    expect(checkSignature(fields, null, keys)).toMatchObject({ ok: false, check: 'signature', reason: 'the QR code carries no signature' });
    expect(checkSignature(fields, signature, [])).toMatchObject({ ok: false, check: 'signature' });
    const forged = signCertificate(fields, issued, key.kid, other.privateKey);
    expect(checkSignature(fields, forged, keys)).toMatchObject({ ok: false, check: 'signature' });
    const movedDate = signature.replace(`.${issued}.`, `.${issued + 1}.`);
    expect(checkSignature(fields, movedDate, keys)).toMatchObject({ ok: false, check: 'signature' });
  });

  it('a genuine signature from before the key was published, or after the next key took over, fails the key validity check', () => {
    const early = signCertificate(fields, Date.parse('2025-12-31T23:59:59Z') / 1000, key.kid, key.privateKey);
    expect(checkSignature(fields, early, keys)).toMatchObject({ ok: false, check: 'keyValidAtIssue' });
    const rotated = withValidity([
      { kid: key.kid, publicKey: key.publicKey, notBefore: '2026-01-01T00:00:00.000Z' },
      { kid: other.kid, publicKey: other.publicKey, notBefore: '2026-03-01T00:00:00.000Z' },
    ]);
    expect(rotated.map((k) => k.notAfter)).toEqual(['2026-03-01T00:00:00.000Z', null]);
    expect(checkSignature(fields, signature, rotated)).toMatchObject({ ok: false, check: 'keyValidAtIssue' });
    const before = signCertificate(fields, Date.parse('2026-02-01T00:00:00Z') / 1000, key.kid, key.privateKey);
    expect(checkSignature(fields, before, rotated)).toMatchObject({ ok: true });
    expect(checkSignature(fields, signCertificate(fields, issued, other.kid, other.privateKey), rotated)).toMatchObject({ ok: true });
  });
});
