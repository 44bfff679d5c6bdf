// The certificate as a PDF (pdf-lib): participant, event, dates, certificate number, the QR code (qrcode,
// PNG) and the record hashes, so a printed copy can be checked by its QR or by hand against the chain.
// Standard fonts only (no font files to ship): text outside Latin-1 is shown as "?" rather than failing.
import QRCode from 'qrcode';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export type CertificateSheet = {
  name: string;
  companyName: string;
  eventTitle: string;
  eventLocation: string;
  eventDate: string;
  certificateNo: string;
  qrText: string;
  issuedAt: string;
  approvedAt: string;
  checkIn: string;
  checkOut: string;
  hashes: { label: string; txId: string; hash: string }[];
  verifyUrl: string;
};

/** The QR image embedded in the PDF (and in the registration e-mail's ticket): PNG, error correction M. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}

/** Latin-1 printable characters pass; anything the standard fonts cannot draw becomes "?". */
export function latin1(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) ? ch : '?';
    })
    .join('');
}

// Dates and times on the certificate are Malaysian time, whatever the server's zone, and the zone is
// printed with every time (Malaysia keeps UTC+8 all year).
export const CERTIFICATE_TIME_ZONE = 'Asia/Kuala_Lumpur';
const parts = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 2) return null;
  const shown = new Intl.DateTimeFormat('en-GB', {
    timeZone: CERTIFICATE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  }).formatToParts(d);
  const part = (type: string) => shown.find((p) => p.type === type)?.value ?? '';
  return {
    day: `${part('day')}/${part('month')}/${part('year')}`,
    time: `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`,
  };
};
const day = (iso: string) => parts(iso)?.day ?? '-';
/** "10/02/2026 9:05 AM MYT (UTC+8)". */
export const certificateMoment = (iso: string) => {
  const shown = parts(iso);
  return shown ? `${shown.day} ${shown.time} MYT (UTC+8)` : '-';
};
const moment = certificateMoment;

function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, colour = rgb(0.1, 0.1, 0.1)): void {
  let shown = latin1(text);
  while (shown.length > 3 && font.widthOfTextAtSize(shown, size) > page.getWidth() - 80) shown = `${shown.slice(0, -4)}...`;
  page.drawText(shown, { x: (page.getWidth() - font.widthOfTextAtSize(shown, size)) / 2, y, size, font, color: colour });
}

export async function certificatePdf(sheet: CertificateSheet): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(latin1(`Certificate ${sheet.certificateNo}`));
  pdf.setSubject(latin1(sheet.eventTitle));
  pdf.setProducer('Binaan');
  pdf.setCreator('Binaan events and certificates');
  const page = pdf.addPage([842, 595]); // A4 landscape
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const blue = rgb(0.043, 0.325, 0.58);
  page.drawRectangle({ x: 20, y: 20, width: 802, height: 555, borderColor: blue, borderWidth: 3 });
  page.drawRectangle({ x: 40, y: 520, width: 32, height: 32, color: blue });
  page.drawSvgPath('M9 24V8h8a4 4 0 0 1 0 8h-8m0 0h9a4 4 0 0 1 0 8H9', { x: 40, y: 552, borderColor: rgb(1, 1, 1), borderWidth: 3 });
  page.drawText('Binaan', { x: 80, y: 530, size: 16, font: bold, color: blue });
  centred(page, 'CERTIFICATE OF ATTENDANCE', 470, bold, 28, blue);
  centred(page, 'This certifies that', 435, regular, 13);
  centred(page, sheet.name, 400, bold, 24);
  if (sheet.companyName) centred(page, sheet.companyName, 378, regular, 12);
  centred(page, 'attended', 352, regular, 13);
  centred(page, sheet.eventTitle, 322, bold, 18);
  centred(page, `${sheet.eventLocation}, ${day(sheet.eventDate)}`, 300, regular, 12);
  const lines = [
    `Certificate number: ${sheet.certificateNo}`,
    `Issued: ${moment(sheet.issuedAt)}`,
    `Approved: ${moment(sheet.approvedAt)}`,
    `Check in: ${moment(sheet.checkIn)}`,
    `Check out: ${moment(sheet.checkOut)}`,
  ];
  lines.forEach((line, i) => page.drawText(latin1(line), { x: 50, y: 250 - i * 16, size: 10, font: regular }));
  page.drawText('Records in the tamper-evident chain (transaction id / hash):', { x: 50, y: 160, size: 8, font: bold });
  sheet.hashes.forEach((record, i) => {
    page.drawText(latin1(`${record.label.padEnd(12)} ${record.txId}`), { x: 50, y: 146 - i * 20, size: 6.5, font: mono });
    page.drawText(latin1(`${''.padEnd(12)} ${record.hash}`), { x: 50, y: 138 - i * 20, size: 6.5, font: mono });
  });
  const qr = await pdf.embedPng(await qrPng(sheet.qrText));
  page.drawImage(qr, { x: 632, y: 60, width: 170, height: 170 });
  page.drawText(latin1('Scan to verify at'), { x: 650, y: 48, size: 8, font: regular });
  page.drawText(latin1(sheet.verifyUrl), { x: 650, y: 38, size: 8, font: regular, color: blue });
  return pdf.save();
}
