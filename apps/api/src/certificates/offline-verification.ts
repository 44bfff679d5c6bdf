// What a third party can check with nothing but the QR text and the issuer's published keys (the JWKS):
// that the QR is a Binaan certificate, that the issuer's key signed exactly these values, and that the key
// was in force at the issue time the signature claims. Revocation and the records behind a certificate
// are only known to the issuer: the online check (verified-certificate) answers those. Pure.
import { parseCertificateQr, type CertificateQrPayload, type VerificationCheck } from '@binaan/contracts';
import { checkSignature, type PublishedKey } from './certificate-signature.js';

export type OfflineVerdict = {
  genuine: boolean;
  reason: string | null;
  payload: CertificateQrPayload | null;
  checks: VerificationCheck[];
  /** When the signature checks out: the key that signed and the issue time it signed. */
  signedBy: { kid: string; issuedAt: string } | null;
};

export function verifyOffline(qrText: string, keys: readonly PublishedKey[]): OfflineVerdict {
  const payload = parseCertificateQr(qrText);
  if (!payload) {
    const reason = 'the QR code is not a Binaan certificate (expected id, article id, user id, certificate number and signature)';
    return {
      genuine: false,
      reason,
      payload,
      signedBy: null,
      checks: [
        { check: 'payload', result: 'failed', reason },
        { check: 'signature', result: 'notApplicable' },
        { check: 'keyValidAtIssue', result: 'notApplicable' },
      ],
    };
  }
  const signature = checkSignature(payload, payload.signature, keys);
  const checks: VerificationCheck[] = [{ check: 'payload', result: 'passed' }];
  if (signature.ok) {
    checks.push({ check: 'signature', result: 'passed' }, { check: 'keyValidAtIssue', result: 'passed' });
    return {
      genuine: true,
      reason: null,
      payload,
      checks,
      signedBy: { kid: signature.kid, issuedAt: new Date(signature.issuedAtSeconds * 1000).toISOString() },
    };
  }
  if (signature.check === 'keyValidAtIssue')
    checks.push({ check: 'signature', result: 'passed' }, { check: 'keyValidAtIssue', result: 'failed', reason: signature.reason });
  else
    checks.push({ check: 'signature', result: 'failed', reason: signature.reason }, { check: 'keyValidAtIssue', result: 'notApplicable' });
  return { genuine: false, reason: signature.reason, payload, checks, signedBy: null };
}
