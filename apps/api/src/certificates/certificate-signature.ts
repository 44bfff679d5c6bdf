// The compact signature in a certificate's QR: Ed25519 (Node's crypto) over the spec's four values, the
// issue time and the key id, so a changed value, a moved date or a swapped key all fail. Pure functions
// over keys given as inputs; the same code checks a certificate offline from the published keys alone.
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { parseCertificateSignature, type CertificateQrPayload } from '@binaan/contracts';

export type SignedFields = Pick<CertificateQrPayload, 'id' | 'article_id' | 'user_id' | 'certificate_no'>;

/** A public key with the time from which it signs; it stops when the next key starts (`notAfter`). */
export type PublishedKey = { kid: string; publicKey: string; notBefore: string; notAfter: string | null };

export function signedMessage(fields: SignedFields, issuedAtSeconds: number, kid: string): Buffer {
  return Buffer.from(
    ['binaan-certificate-v1', fields.id, fields.article_id, fields.user_id, fields.certificate_no, String(issuedAtSeconds), kid].join('\n'),
    'utf8',
  );
}

/** The QR's fifth value for these fields, signed with `privateKey` (PKCS#8 DER, base64url). */
export function signCertificate(fields: SignedFields, issuedAtSeconds: number, kid: string, privateKey: string | KeyObject): string {
  const key =
    typeof privateKey === 'string'
      ? createPrivateKey({ key: Buffer.from(privateKey, 'base64url'), format: 'der', type: 'pkcs8' })
      : privateKey;
  const signature = sign(null, signedMessage(fields, issuedAtSeconds, kid), key).toString('base64url');
  return `v1.${kid}.${issuedAtSeconds}.${signature}`;
}

const keyObjects = new Map<string, KeyObject>();

/** The raw 32-byte Ed25519 public key (base64url, the JWK `x`) as a KeyObject, made once per key (a few are kept). */
export function publicKeyObject(x: string): KeyObject {
  let key = keyObjects.get(x);
  if (!key) {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
    if (keyObjects.size >= 64) keyObjects.clear();
    keyObjects.set(x, key);
  }
  return key;
}

export type SignatureCheck =
  | { ok: true; kid: string; issuedAtSeconds: number }
  | { ok: false; check: 'signature' | 'keyValidAtIssue'; reason: string; kid?: string; issuedAtSeconds?: number };

/** Checks the signature with the key it names, and that the key was in force when the certificate says it was issued. */
export function checkSignature(fields: SignedFields, signatureValue: string | null, keys: readonly PublishedKey[]): SignatureCheck {
  if (!signatureValue) return { ok: false, check: 'signature', reason: 'the QR code carries no signature' };
  const parts = parseCertificateSignature(signatureValue);
  if (!parts) return { ok: false, check: 'signature', reason: 'the signature is not in the expected form' };
  const key = keys.find((k) => k.kid === parts.kid);
  if (!key)
    return {
      ok: false,
      check: 'signature',
      reason: `the signing key ${parts.kid} is not one of the issuer's published keys`,
      kid: parts.kid,
    };
  let valid = false;
  try {
    valid = verify(
      null,
      signedMessage(fields, parts.issuedAtSeconds, parts.kid),
      publicKeyObject(key.publicKey),
      Buffer.from(parts.signature, 'base64url'),
    );
  } catch {
    valid = false;
  }
  if (!valid)
    return {
      ok: false,
      check: 'signature',
      reason: 'the signature does not match the certificate values (forged or changed)',
      kid: parts.kid,
    };
  const issuedAt = parts.issuedAtSeconds * 1000;
  const from = Date.parse(key.notBefore);
  const until = key.notAfter === null ? Infinity : Date.parse(key.notAfter);
  if (issuedAt < from || issuedAt >= until) {
    return {
      ok: false,
      check: 'keyValidAtIssue',
      kid: parts.kid,
      issuedAtSeconds: parts.issuedAtSeconds,
      reason: `key ${parts.kid} signs from ${key.notBefore}${key.notAfter ? ` until ${key.notAfter}` : ''}, not at the claimed issue time ${new Date(issuedAt).toISOString()}`,
    };
  }
  return { ok: true, kid: parts.kid, issuedAtSeconds: parts.issuedAtSeconds };
}

/** Validity periods from publication times: each key signs until the next one was published. */
export function withValidity(published: readonly { kid: string; publicKey: string; notBefore: string }[]): PublishedKey[] {
  const sorted = [...published].sort((a, b) => Date.parse(a.notBefore) - Date.parse(b.notBefore) || a.kid.localeCompare(b.kid));
  return sorted.map((key, index) => ({ ...key, notAfter: sorted[index + 1]?.notBefore ?? null }));
}
