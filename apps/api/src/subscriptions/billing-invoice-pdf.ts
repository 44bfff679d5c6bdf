// A billing record as a tax invoice (and, once paid, its receipt) in PDF: the invoice number, the buyer's
// details as they stood when the order was placed (recorded on the bill, never read again from the company),
// the package, the discount, SST at its rate and the total, in RM with two decimals. A usage bill names its
// month and lists each document's transaction fee (kind, number, base, fee) instead of a package. Standard fonts only, as
// the certificate: text outside Latin-1 shows as "?".
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { latin1 } from '../certificates/certificate-pdf.js';
import type { BillingBuyer } from './subscriptions.events.js';
import type { BillingUsageView } from './usage/usage-view.js';

export type InvoiceSheet = {
  invoiceNo: string;
  orderedAt: string;
  status: string;
  buyer: BillingBuyer;
  packageId: string | null;
  couponCode: string | null;
  price: number;
  discount: number;
  credit?: number;
  subtotal: number;
  sstRate: number;
  sst: number;
  total: number;
  paidAt: string | null;
} & Partial<BillingUsageView>;

const DOCUMENT_KIND: Readonly<Record<string, string>> = {
  letterOfAward: 'Letter of award',
  purchaseOrder: 'Purchase order',
  workOrder: 'Work order',
  rentalOrder: 'Rental order',
  paymentCertificate: 'Payment certificate',
};
/** '2026-11' as "November 2026". */
const monthName = (period: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}-01T00:00:00Z`));

/** The bill's description rows before its subtotal: the package, or a month's fees document by document. */
function descriptionRows(sheet: InvoiceSheet): [string, string][] {
  if (sheet.kind !== 'usage') return [[`Annual subscription: ${sheet.packageId ?? ''} (12 months)`, ringgit(sheet.price)]];
  const rate = sheet.feeRate === null || sheet.feeRate === undefined ? '' : ` ${percent(sheet.feeRate)}`;
  return [
    [`Transaction fees${rate}: ${sheet.period ? monthName(sheet.period) : ''}`, ''],
    ...(sheet.lines ?? []).map((l): [string, string] => [
      `  ${DOCUMENT_KIND[l.documentKind] ?? l.documentKind} ${l.documentNo} on ${ringgit(l.base)}`,
      ringgit(l.fee),
    ]),
  ];
}

/** Sen as "RM 3,180.00". */
export const ringgit = (sen: number) => `RM ${(sen / 100).toLocaleString('en-MY', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** Basis points as "6%" or "6.5%". */
const percent = (basisPoints: number) => `${(basisPoints / 100).toString()}%`;
/** DD/MM/YYYY in Malaysian time, as every date Binaan prints. */
const malaysianDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kuala_Lumpur', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(iso),
  );

function line(page: PDFPage, font: PDFFont, text: string, x: number, y: number, size = 10, right = false): void {
  const shown = latin1(text);
  page.drawText(shown, { x: right ? x - font.widthOfTextAtSize(shown, size) : x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
}

export async function billingInvoicePdf(sheet: InvoiceSheet): Promise<Uint8Array> {
  const paid = sheet.status === 'paid';
  const title = paid ? 'TAX INVOICE / OFFICIAL RECEIPT' : 'TAX INVOICE';
  const pdf = await PDFDocument.create();
  pdf.setTitle(latin1(`${title} ${sheet.invoiceNo}`));
  pdf.setProducer('Binaan');
  pdf.setCreator('Binaan subscriptions');
  let page = pdf.addPage([595, 842]); // A4 portrait
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  line(page, bold, 'Binaan', 50, y, 20);
  line(page, bold, title, 545, y, 14, true);
  y -= 22;
  line(page, regular, `Invoice no.: ${sheet.invoiceNo}`, 545, y, 10, true);
  y -= 14;
  line(page, regular, `Date: ${malaysianDay(sheet.orderedAt)}`, 545, y, 10, true);
  if (paid && sheet.paidAt) {
    y -= 14;
    line(page, regular, `Paid: ${malaysianDay(sheet.paidAt)}`, 545, y, 10, true);
  }
  y -= 36;
  line(page, bold, 'Bill to', 50, y, 11);
  for (const text of [
    sheet.buyer.name,
    `Registration no.: ${sheet.buyer.registrationNo}`,
    ...(sheet.buyer.sstNo ? [`SST no.: ${sheet.buyer.sstNo}`] : []),
    ...(sheet.buyer.address ? [sheet.buyer.address] : []),
  ]) {
    y -= 14;
    line(page, regular, text, 50, y);
  }
  y -= 36;
  line(page, bold, 'Description', 50, y, 11);
  line(page, bold, 'Amount', 545, y, 11, true);
  y -= 6;
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.7, color: rgb(0.5, 0.5, 0.5) });
  const rows: [string, string][] = [
    ...descriptionRows(sheet),
    ...(sheet.discount > 0
      ? [[`Discount${sheet.couponCode ? ` (coupon ${sheet.couponCode})` : ''}`, `- ${ringgit(sheet.discount)}`] as [string, string]]
      : []),
    ...((sheet.credit ?? 0) > 0 ? [['Credit for the package changed (pro rata)', `- ${ringgit(sheet.credit!)}`] as [string, string]] : []),
    ['Subtotal', ringgit(sheet.subtotal)],
    [`SST ${percent(sheet.sstRate)}`, ringgit(sheet.sst)],
  ];
  for (const [label, amount] of rows) {
    // A month of many documents goes on to further pages.
    if (y < 120) {
      page = pdf.addPage([595, 842]);
      y = 790;
    }
    y -= 18;
    line(page, regular, label, 50, y);
    line(page, regular, amount, 545, y, 10, true);
  }
  y -= 10;
  page.drawLine({ start: { x: 300, y }, end: { x: 545, y }, thickness: 0.7, color: rgb(0.5, 0.5, 0.5) });
  y -= 18;
  line(page, bold, 'Total', 300, y, 12);
  line(page, bold, ringgit(sheet.total), 545, y, 12, true);
  y -= 40;
  line(
    page,
    regular,
    paid ? 'Received with thanks.' : 'Payment is due on receipt: pay online or by cheque or bank draft from the Billing page in Binaan.',
    50,
    y,
    9,
  );
  return pdf.save();
}
