// A printed BQ page the OCR tests render themselves: pdf-lib draws it in Helvetica (a known font) with the
// usual columns (item, description, unit, quantity, rate, amount; figures right-aligned), and pdftoppm
// (poppler-utils) rasterises it when a test wants a PNG "scan".
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { EventStore } from '@binaan/event-store';

export type PrintedRow =
  { item: string; description: string; unit: string; quantity: string; rate: string; amount: string } | { heading: string };

export const SAMPLE_PAGE: PrintedRow[] = [
  { heading: 'EXCAVATION AND EARTHWORK' },
  { item: 'A1', description: 'Excavate over site to reduce levels', unit: 'm3', quantity: '120.000', rate: '12.50', amount: '1,500.00' },
  { item: 'A2', description: 'Excavate trenches not exceeding 1.5m deep', unit: 'm3', quantity: '45.500', rate: '18.00', amount: '819.00' },
  { item: 'A3', description: 'Hardcore filling 150mm thick', unit: 'm2', quantity: '300.000', rate: '9.20', amount: '2,760.00' },
  { heading: 'CONCRETE WORK' },
  { item: 'B1', description: 'Lean concrete blinding 50mm thick', unit: 'm2', quantity: '280.000', rate: '14.75', amount: '4,130.00' },
  {
    item: 'B2',
    description: 'Reinforced concrete grade 30 in footings',
    unit: 'm3',
    quantity: '36.250',
    rate: '310.00',
    amount: '11,237.50',
  },
];

export async function renderBqPdf(
  rows: readonly PrintedRow[] = SAMPLE_PAGE,
  title = 'MENARA TEGUH BLOCK A - BILL NO. 2 SUBSTRUCTURE',
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const size = 11;
  const draw = (text: string, x: number, y: number, f = font) => page.drawText(text, { x, y, size, font: f });
  const right = (text: string, xr: number, y: number, f = font) => draw(text, xr - f.widthOfTextAtSize(text, size), y, f);
  const col = { item: 36, description: 76, unit: 336, quantity: 424, rate: 490, amount: 562 };
  page.drawText(title, { x: 36, y: 800, size: 12, font: bold });
  let y = 760;
  draw('Item', col.item, y, bold);
  draw('Description', col.description, y, bold);
  draw('Unit', col.unit, y, bold);
  right('Qty', col.quantity, y, bold);
  right('Rate', col.rate, y, bold);
  right('Amount', col.amount, y, bold);
  y -= 28;
  for (const row of rows) {
    if ('heading' in row) draw(row.heading, col.description, y, bold);
    else {
      draw(row.item, col.item, y);
      draw(row.description, col.description, y);
      draw(row.unit, col.unit, y);
      right(row.quantity, col.quantity, y);
      right(row.rate, col.rate, y);
      right(row.amount, col.amount, y);
    }
    y -= 22;
  }
  return Buffer.from(await doc.save());
}

/** The PDF's first page as a 300 dpi PNG, as a scanner would give it. */
export async function rasterise(pdf: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'binaan-render-'));
  try {
    await writeFile(join(dir, 'page.pdf'), pdf);
    await promisify(execFile)('pdftoppm', ['-r', '300', '-png', '-singlefile', join(dir, 'page.pdf'), join(dir, 'page')]);
    return await readFile(join(dir, 'page.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A scan read and pending review in a project, straight on the store (for suites that need one to exist). */
export async function seedBqScan(store: EventStore, projectId: string, companyId: string, userId: string): Promise<string> {
  const scanId = randomUUID();
  const metadata = { actorUserId: userId, actorCompanyId: companyId };
  const row = {
    page: 1,
    top: 300,
    level: 1,
    type: 'item',
    title: 'A1',
    description: 'Excavate over site',
    unit: 'm3',
    quantity: '120.000',
    rate: '12.50',
    amount: '1500.00',
    confidence: 96,
    problems: [],
  };
  await store.append({
    streamId: `bq-scan-${scanId}`,
    streamType: 'bqScan',
    expectedRevision: 'no_stream',
    events: [
      {
        type: 'BqScanUploaded',
        data: { projectId, companyId, fileName: 'bill-1.pdf', mediaType: 'application/pdf', size: 1000, device: 'computer' },
        metadata,
      },
      { type: 'BqScanRead', data: { pages: 1, rows: [row] }, metadata: { ...metadata, by: 'ocr' } },
    ],
  });
  return scanId;
}
