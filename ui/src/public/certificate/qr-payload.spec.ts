import { describe, expect, it } from 'vitest';
import { cleanScannedText, readScannedCertificate } from './qr-payload.js';

const signature = `v1.key2026.1767225600.${'A'.repeat(86)}`;

describe('reading a scanned certificate QR code', () => {
  it('reads the spec order: registration id, article id, user id, certificate number, then the signature', () => {
    const scanned = readScannedCertificate(`reg_1,art-2,usr3,BNC-ABC123,${signature}`);
    expect(scanned).toMatchObject({ id: 'reg_1', article_id: 'art-2', user_id: 'usr3', certificate_no: 'BNC-ABC123', signature });
    expect(scanned?.detailPath).toBe('event-participant/view/reg_1/art-2/usr3');
  });

  it('accepts spaces, commas and line breaks as separators, and the four values without a signature', () => {
    expect(readScannedCertificate('12 34 56 CERT-9')).toMatchObject({
      id: '12',
      article_id: '34',
      user_id: '56',
      certificate_no: 'CERT-9',
      signature: null,
    });
    expect(readScannedCertificate('12, 34,\n56 ,CERT-9')).toMatchObject({ id: '12', certificate_no: 'CERT-9' });
  });

  it('gives the numbers among the ids as numbers and the rest as null (numbers and text)', () => {
    expect(readScannedCertificate('12,34,abc,CERT-9')?.numericIds).toEqual({ id: 12, article_id: 34, user_id: null });
  });

  it('strips a byte-order mark, surrounding quotes and blank space a scanner may add', () => {
    expect(cleanScannedText('\uFEFF  "1,2,3,C"  ')).toBe('1,2,3,C');
    expect(readScannedCertificate('\uFEFF"1,2,3,C"\n')).toMatchObject({ id: '1', certificate_no: 'C' });
  });

  it('refuses anything that is not four or five values of the expected form', () => {
    for (const text of [
      '',
      '1,2,3',
      '1,2,3,4,5,6',
      'https://example.com/?q=1',
      '1,2,3,<script>',
      'a/b,2,3,4',
      `1,2,3,${'x'.repeat(65)}`,
      'x'.repeat(600),
    ]) {
      expect(readScannedCertificate(text)).toBeNull();
    }
    expect(readScannedCertificate(42)).toBeNull();
    expect(readScannedCertificate(null)).toBeNull();
  });

  it('escapes nothing into the lookup path: ids are limited to URL-safe characters', () => {
    expect(readScannedCertificate('a%2F,2,3,4')).toBeNull();
  });
});
