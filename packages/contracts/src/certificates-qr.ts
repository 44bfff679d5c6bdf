// The certificate QR text (public-area.md §2 "Camera QR scanner", §3 "Certificate QR payload"): comma- or
// space-separated values in the spec's order (registration id, article id, user id, certificate number),
// so the spec's scanner reads them as before, and a fifth value, the issuer's compact signature
// (`v1.<kid>.<issued at, epoch seconds>.<Ed25519 signature, base64url>`). Parsing lives here once, for the
// ui's scanner and the api alike; the signature is checked by the api (and the offline verifier).

export type CertificateQrPayload = {
  id: string;
  article_id: string;
  user_id: string;
  certificate_no: string;
  /** The fifth value as scanned, or null when the QR has only the spec's four. */
  signature: string | null;
};

export type CertificateSignatureParts = { version: 'v1'; kid: string; issuedAtSeconds: number; signature: string };

const VALUE = /^[A-Za-z0-9_-]{1,64}$/;
const SIGNATURE = /^v1\.([A-Za-z0-9_-]{4,32})\.(\d{1,12})\.([A-Za-z0-9_-]{86})$/;

/** The QR text for a payload: values joined by commas (the spec's scanner splits on commas or spaces). */
export function certificateQrText(payload: Omit<CertificateQrPayload, 'signature'> & { signature: string }): string {
  return [payload.id, payload.article_id, payload.user_id, payload.certificate_no, payload.signature].join(',');
}

/** A scanned text, or null when it is not four or five values of the expected form. */
export function parseCertificateQr(text: unknown): CertificateQrPayload | null {
  if (typeof text !== 'string' || text.length > 512) return null;
  const values = text.trim().split(/[\s,]+/);
  if (values.length !== 4 && values.length !== 5) return null;
  const [id, articleId, userId, certificateNo, signature] = values as [string, string, string, string, string | undefined];
  if (![id, articleId, userId, certificateNo].every((value) => VALUE.test(value))) return null;
  if (signature !== undefined && signature.length > 160) return null;
  return { id, article_id: articleId, user_id: userId, certificate_no: certificateNo, signature: signature ?? null };
}

/** The signature value's parts, or null when it is not a v1 signature. */
export function parseCertificateSignature(value: string): CertificateSignatureParts | null {
  const match = SIGNATURE.exec(value);
  if (!match) return null;
  return { version: 'v1', kid: match[1]!, issuedAtSeconds: Number(match[2]), signature: match[3]! };
}
