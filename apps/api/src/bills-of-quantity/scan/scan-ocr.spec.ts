// OCR of a BQ page this test renders itself (pdf-lib, Helvetica), read by the machine's tesseract: given the
// page as a PDF and as a PNG scan, then its headers and items come back in order with their figures.
import { describe, expect, it } from '@jest/globals';
import { rasterise, renderBqPdf, SAMPLE_PAGE } from '../../../../../test/support/bq-scan-page.js';
import { checkRow, digitsIn, pageRows, parseTsv, type OcrWord } from './scan-layout.js';
import { ocrScan, scanKind } from './tesseract.js';

const expected = SAMPLE_PAGE.map((r) =>
  'heading' in r
    ? { type: 'header', level: 1, title: '', description: r.heading, unit: null, quantity: null, rate: null }
    : { type: 'item', level: 2, title: r.item, description: r.description, unit: r.unit, quantity: r.quantity, rate: r.rate },
);
const shape = (rows: Awaited<ReturnType<typeof ocrScan>>['rows']) =>
  rows.map(({ type, level, title, description, unit, quantity, rate }) => ({ type, level, title, description, unit, quantity, rate }));

describe('BQ scan OCR (tesseract-ocr)', () => {
  it('reads a rendered PDF page into its headers and items', async () => {
    const pdf = await renderBqPdf();
    expect(scanKind(pdf)).toBe('pdf');
    const { pages, rows } = await ocrScan(pdf, 'pdf');
    expect(pages).toBe(1);
    expect(shape(rows)).toEqual(expected);
    expect(rows.every((r) => r.problems.length === 0)).toBe(true);
    expect(rows.map((r) => r.amount)).toEqual([null, '1500.00', '819.00', '2760.00', null, '4130.00', '11237.50']);
  }, 120_000);

  it('reads the same page scanned to PNG', async () => {
    const png = await rasterise(await renderBqPdf());
    expect(scanKind(png)).toBe('png');
    const { rows } = await ocrScan(png, 'png');
    expect(shape(rows)).toEqual(expected);
  }, 120_000);

  it('names what it cannot trust: a misread figure, an amount that is not quantity x rate', () => {
    const row = checkRow({
      page: 1,
      top: 0,
      level: 2,
      type: 'item',
      title: 'A',
      description: 'x',
      unit: 'm',
      quantity: '1O.5',
      rate: '2.00',
      amount: '21.00',
      confidence: 80,
      problems: [],
    });
    expect(row.problems).toEqual([{ field: 'quantity', code: 'bqScanQuantityUnreadable' }]);
    expect(checkRow({ ...row, quantity: '10.5', amount: '12.00' }).problems).toEqual([{ field: 'amount', code: 'bqScanAmountMismatch' }]);
    expect([
      digitsIn('Al', 'reference'),
      digitsIn('B1O', 'reference'),
      digitsIn('Alpha', 'reference'),
      digitsIn('l,2O5.5O', 'figure'),
      digitsIn('m3', 'figure'),
    ]).toEqual(['A1', 'B10', 'Alpha', '1,205.50', 'm3']);
  });

  it('joins a wrapped description to the line with its figures; a page without a header keeps its lines as text', () => {
    const w = (text: string, left: number, top: number): OcrWord => ({
      page: 1,
      left,
      top,
      width: text.length * 20,
      height: 30,
      conf: 95,
      text,
    });
    const words = [
      w('Item', 100, 100),
      w('Description', 300, 100),
      w('Unit', 1400, 100),
      w('Qty', 1700, 100),
      w('Rate', 1950, 100),
      w('Amount', 2200, 100),
      w('C1', 100, 200),
      w('Formwork', 300, 200),
      w('to', 500, 200),
      w('sides', 560, 200),
      w('of', 300, 250),
      w('footings', 360, 250),
      w('m2', 1400, 250),
      w('12.000', 1650, 250),
      w('30.00', 1950, 250),
      w('360.00', 2200, 250),
    ];
    const { rows } = pageRows(words);
    expect(rows.map((r) => [r.title, r.description, r.unit, r.quantity, r.rate, r.amount])).toEqual([
      ['C1', 'Formwork to sides of footings', 'm2', '12.000', '30.00', '360.00'],
    ]);
    const plain = pageRows([w('Some', 100, 100), w('notes', 300, 100)]);
    expect(plain.rows.map((r) => [r.description, r.problems.map((p) => p.code)])).toEqual([['Some notes', ['columnsNotFound']]]);
    expect(parseTsv('level\tpage_num\n5\t1\t1\t1\t1\t1\t10\t20\t30\t40\t91.5\tWord\n4\t1\t1\t1\t1\t0\t0\t0\t0\t0\t-1\t\n', 2)).toEqual([
      { page: 2, left: 10, top: 20, width: 30, height: 40, conf: 91.5, text: 'Word' },
    ]);
  });
});
