// Reading what the scanner or an uploaded image returns (public-area.md §2.1): comma- or space-separated
// values in the spec's order (registration id, article id, user id, certificate number), plus the
// issuer's signature as a fifth value (apps/api/src/certificates/README.md). The shared parser in
// packages/contracts does the reading, exactly as the api does; this adds what the viewer needs: the
// numbers among the values (the spec's older QR codes carry numeric ids) and the lookup path.

import { parseCertificateQr, type CertificateQrPayload } from '@binaan/contracts';

export type ScannedCertificate = CertificateQrPayload & {
  /** The GET path of the participant detail (event-participant/view/{id}/{article_id}/{user_id}). */
  detailPath: string;
  /** The ids as numbers where they are whole numbers (spec: "parsed (numbers and text)"). */
  numericIds: { id: number | null; article_id: number | null; user_id: number | null };
};

const asNumber = (value: string): number | null => (/^\d{1,15}$/.test(value) ? Number(value) : null);

/** Strips what a camera or a pasted text adds around the values (BOM, quotes, line breaks at the ends). */
export function cleanScannedText(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^["']|["']$/g, '')
    .trim();
}

export function readScannedCertificate(text: unknown): ScannedCertificate | null {
  if (typeof text !== 'string') return null;
  const payload = parseCertificateQr(cleanScannedText(text));
  if (!payload) return null;
  const path = [payload.id, payload.article_id, payload.user_id].map(encodeURIComponent).join('/');
  return {
    ...payload,
    detailPath: `event-participant/view/${path}`,
    numericIds: { id: asNumber(payload.id), article_id: asNumber(payload.article_id), user_id: asNumber(payload.user_id) },
  };
}
