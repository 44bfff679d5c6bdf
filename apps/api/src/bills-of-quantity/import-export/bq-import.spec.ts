// The Excel import's rules: decimals as the BQ keeps them, the mapping's shape, the proposed mapping, and
// the errors by sheet, row and column that stop an import (given a read sheet, when mapped, then rows or errors).
import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { QUANTITY_RULE, RATE_RULE, toDecimal } from './bq-decimals.js';
import { columnIndex, columnLetters, parseMapping, proposeSheetMapping, type BqSheetMapping } from './bq-mapping.js';
import { sheetRows, type BqImportError } from './bq-sheet-rows.js';
import { importWorkbook, previewWorkbook } from './bq-workbook-reader.js';
import { readXlsx, XlsxUnreadable } from './xlsx-reader.js';
import type { ReadSheet } from './xlsx-reader.js';

const MAPPING: BqSheetMapping = {
  sheet: 'BQ',
  tab: 'Substructure',
  headerRow: 1,
  levels: 'column',
  columns: { level: 'A', title: 'B', description: 'C', unit: 'D', quantity: 'E', rate: 'F' },
};
const sheet = (rows: (string | number | null)[][], outline: number[] = []): ReadSheet => ({
  name: 'BQ',
  rowCount: rows.length + 1,
  maxOutlineLevel: Math.max(0, ...outline),
  rows: [
    { row: 1, outlineLevel: 0, cells: ['Level', 'Item', 'Description', 'Unit', 'Qty', 'Rate'] },
    ...rows.map((cells, i) => ({ row: i + 2, outlineLevel: outline[i] ?? 0, cells })),
  ],
});
function run(rows: (string | number | null)[][], mapping: BqSheetMapping = MAPPING, outline: number[] = []) {
  const errors: BqImportError[] = [];
  const tab = sheetRows(sheet(rows, outline), mapping, (e) => errors.push(e));
  return { tab, errors };
}

describe('decimals from cells', () => {
  it('gives the canonical strings: 3 places for quantities, 2 for rates', () => {
    expect(toDecimal(12.5, QUANTITY_RULE)).toBe('12.500');
    expect(toDecimal('1,234.5', RATE_RULE)).toBe('1234.50');
    expect(toDecimal('RM 12', RATE_RULE)).toBe('12.00');
    expect(toDecimal(2.1250000000000004, QUANTITY_RULE)).toBe('2.125');
    expect(toDecimal(-3.5, RATE_RULE)).toBe('-3.50');
    expect(toDecimal(null, RATE_RULE)).toBe('empty');
    expect(toDecimal('  ', RATE_RULE)).toBe('empty');
  });
  it('refuses what would change the figure or is no number', () => {
    expect(toDecimal(1.2345, QUANTITY_RULE)).toBeNull();
    expect(toDecimal('12.345', RATE_RULE)).toBeNull();
    expect(toDecimal(-1, QUANTITY_RULE)).toBeNull();
    expect(toDecimal('ten', QUANTITY_RULE)).toBeNull();
    expect(toDecimal('#DIV/0!', RATE_RULE)).toBeNull();
    expect(toDecimal('=E2*F2', RATE_RULE)).toBeNull();
    expect(toDecimal(1e13, QUANTITY_RULE)).toBeNull();
  });
});

describe('the mapping', () => {
  it('column letters and indexes', () => {
    expect([columnIndex('A'), columnIndex('Z'), columnIndex('AA'), columnIndex('XFD')]).toEqual([1, 26, 27, 16384]);
    expect([columnLetters(1), columnLetters(28), columnLetters(16384)]).toEqual(['A', 'AB', 'XFD']);
  });
  it('names each problem on its field', () => {
    const parsed = parseMapping({
      sheets: [
        { sheet: 'BQ', headerRow: 0, levels: 'sideways', columns: { title: 'B', unit: 'b', rate: '7', colour: 'C' } },
        { sheet: 'BQ', columns: { description: 'A' } },
      ],
    });
    expect('problems' in parsed && parsed.problems).toEqual([
      { field: 'sheets[0].headerRow', code: 'bqMappingHeaderRowInvalid' },
      { field: 'sheets[0].levels', code: 'bqMappingLevelsInvalid' },
      { field: 'sheets[0].columns.unit', code: 'bqMappingColumnRepeated' },
      { field: 'sheets[0].columns.rate', code: 'bqMappingColumnInvalid' },
      { field: 'sheets[0].columns.colour', code: 'bqMappingFieldUnknown' },
      { field: 'sheets[1].tab', code: 'bqMappingTabRepeated' },
      { field: 'sheets[1].columns.level', code: 'bqMappingLevelColumnMissing' },
    ]);
    expect(parseMapping({ sheets: [] })).toEqual({ problems: [{ field: 'sheets', code: 'bqMappingSheetsInvalid' }] });
    expect(parseMapping({ sheets: [{ sheet: 'BQ', levels: 'flat', columns: { unit: 'D' } }] })).toEqual({
      problems: [{ field: 'sheets[0].columns.title', code: 'bqMappingTitleMissing' }],
    });
  });
  it('proposes from the header words (en, ms, zh), the level column first, then the outline', () => {
    const rows = (cells: string[]) => ({
      name: 'S',
      rows: [
        { row: 1, outlineLevel: 0, cells: ['Project X'] },
        { row: 2, outlineLevel: 0, cells },
      ],
    });
    expect(proposeSheetMapping(rows(['No.', 'Keterangan', 'Unit', 'Kuantiti', 'Kadar', 'Jumlah']), true)).toEqual({
      sheet: 'S',
      tab: 'S',
      headerRow: 2,
      levels: 'outline',
      columns: { title: 'A', description: 'B', unit: 'C', quantity: 'D', rate: 'E' },
    });
    expect(proposeSheetMapping(rows(['层级', '描述', '单位', '数量', '单价']), false)).toMatchObject({
      levels: 'column',
      columns: { level: 'A', description: 'B', unit: 'C', quantity: 'D', rate: 'E' },
    });
    expect(proposeSheetMapping(rows(['Item', 'Description', 'Qty']), false)).toMatchObject({ levels: 'flat' });
    expect(proposeSheetMapping(rows(['Bill', 'Tab name', 'Amount']), false)).toBeNull();
  });
});

describe('rows of a mapped sheet', () => {
  it('builds the tab from a level column: headers where rows go deeper', () => {
    const { tab, errors } = run([
      [1, 'A', 'Substructure', null, null, null],
      [2, 'A1', 'Excavation', 'm3', 12.5, '45.00'],
      [2, 'A2', 'Blinding', 'm2', '30', 8.2],
      [1, 'B', 'Frame', null, null, null],
    ]);
    expect(errors).toEqual([]);
    expect(tab).toEqual({
      name: 'Substructure',
      rows: [
        { level: 1, type: 'header', title: 'A', description: 'Substructure', unit: null, quantity: null, rate: null },
        { level: 2, type: 'item', title: 'A1', description: 'Excavation', unit: 'm3', quantity: '12.500', rate: '45.00' },
        { level: 2, type: 'item', title: 'A2', description: 'Blinding', unit: 'm2', quantity: '30.000', rate: '8.20' },
        { level: 1, type: 'item', title: 'B', description: 'Frame', unit: null, quantity: null, rate: null },
      ],
    });
  });

  it('reports each bad cell by row and column', () => {
    const { errors } = run([
      [1, 'A', 'Heading', 'm', 3, null],
      [3, 'A1', 'Skips a level', 'm', 1, 1],
      ['x', 'A2', 'No level', 'm', 1, 1],
      [2, null, null, 'm', 'lots', '1.234'],
      [2, 'A3', 'y'.repeat(5001), 'a very long unit name indeed', 1, 1],
    ]);
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [4, 'A', 'bqImportLevelInvalid'],
      [5, 'B', 'bqImportTitleMissing'],
      [5, 'E', 'bqImportQuantityInvalid'],
      [5, 'F', 'bqImportRateInvalid'],
      [6, 'C', 'bqImportTextTooLong'],
      [6, 'D', 'bqImportTextTooLong'],
      [2, 'D', 'bqImportHeaderPriced'],
      [2, 'E', 'bqImportHeaderPriced'],
      [3, 'A', 'bqImportLevelSkipped'],
    ]);
    expect(errors[2]).toEqual({ sheet: 'BQ', row: 5, column: 'E', field: 'quantity', code: 'bqImportQuantityInvalid', value: 'lots' });
  });

  it('refuses an item with rows under it when the type is given', () => {
    const { errors } = run(
      [
        [1, 'item', 'A', null, null, null],
        [2, 'item', 'A1', 'x', null, null],
      ],
      { ...MAPPING, columns: { level: 'A', type: 'B', title: 'C' } },
    );
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([[3, 'A', 'bqImportParentNotHeader']]);
  });

  it('takes levels from the outline, or flat: an unpriced row is a header over the rows below it', () => {
    const outline = run(
      [
        [null, 'A', 'Works', null, null, null],
        [null, 'A1', 'Dig', 'm3', 1, 2],
      ],
      { ...MAPPING, levels: 'outline' },
      [0, 1],
    );
    expect(outline.tab.rows.map((r) => [r.level, r.type])).toEqual([
      [1, 'header'],
      [2, 'item'],
    ]);
    const flat = run(
      [
        [null, '1', 'Preliminaries', null, null, null],
        [null, '1.1', 'Insurance', 'sum', 1, 500],
        [null, '1.2', 'Site office', 'item', 1, 900],
      ],
      { ...MAPPING, levels: 'flat', columns: { title: 'B', description: 'C', unit: 'D', quantity: 'E', rate: 'F' } },
    );
    expect(flat.errors).toEqual([]);
    expect(flat.tab.rows.map((r) => [r.level, r.type, r.title])).toEqual([
      [1, 'header', '1'],
      [2, 'item', '1.1'],
      [2, 'item', '1.2'],
    ]);
  });
});

describe('reading a workbook', () => {
  async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    build(wb);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('refuses bytes that are not an xlsx, and a zip that is not a workbook', async () => {
    await expect(readXlsx(Buffer.from('Level,Title\n1,A\n'))).rejects.toBeInstanceOf(XlsxUnreadable);
    const zipOfNothing = Buffer.from('504b0304' + '00'.repeat(60), 'hex');
    await expect(readXlsx(zipOfNothing)).rejects.toMatchObject({ reason: 'notXlsx' });
  });

  it('previews the first rows with a proposed mapping, and names a sheet the mapping asks for that is not there', async () => {
    const bytes = await workbook((wb) => {
      const s = wb.addWorksheet('Bill 2');
      s.addRow(['Bill No. 2: Substructure']);
      s.addRow(['Item', 'Description', 'Unit', 'Qty', 'Rate', 'Amount']);
      s.addRow(['A', 'Excavation', 'm3', 10, 4.5, { formula: 'D3*E3', result: 45 }]);
    });
    const [preview] = await previewWorkbook(bytes);
    expect(preview).toMatchObject({
      name: 'Bill 2',
      outlined: false,
      proposed: { headerRow: 2, levels: 'flat', columns: { title: 'A', description: 'B', unit: 'C', quantity: 'D', rate: 'E' } },
    });
    expect(preview!.rows[2]!.cells).toEqual(['A', 'Excavation', 'm3', 10, 4.5, 45]);
    expect(await importWorkbook(bytes, { sheets: [{ ...preview!.proposed!, sheet: 'Bill 3' }] })).toEqual({
      ok: false,
      code: 'bqImportSheetNotFound',
      sheets: ['Bill 3'],
    });
  });

  it('takes levels from Excel outline grouping when a workbook has no level column', async () => {
    const bytes = await workbook((wb) => {
      const s = wb.addWorksheet('Bill 1', { properties: { outlineProperties: { summaryBelow: false, summaryRight: false } } });
      s.addRow(['Ref', 'Description', 'Unit', 'Qty', 'Rate']);
      const rows: [number, (string | number | null)[]][] = [
        [0, ['1', 'Preliminaries', null, null, null]],
        [1, ['1.1', 'Site setup', null, null, null]],
        [2, ['1.1.1', 'Hoarding', 'm', 120, 35]],
        [1, ['1.2', 'Insurance', 'sum', 1, 8000]],
      ];
      for (const [outline, cells] of rows) s.addRow(cells).outlineLevel = outline;
    });
    const [preview] = await previewWorkbook(bytes);
    expect(preview!.proposed).toEqual({
      sheet: 'Bill 1',
      tab: 'Bill 1',
      headerRow: 1,
      levels: 'outline',
      columns: { title: 'A', description: 'B', unit: 'C', quantity: 'D', rate: 'E' },
    });
    const outcome = await importWorkbook(bytes, { sheets: [preview!.proposed!] });
    expect(outcome.ok && outcome.tabs[0]!.rows.map((r) => [r.level, r.type, r.title, r.quantity, r.rate])).toEqual([
      [1, 'header', '1', null, null],
      [2, 'header', '1.1', null, null],
      [3, 'item', '1.1.1', '120.000', '35.00'],
      [2, 'item', '1.2', '1.000', '8000.00'],
    ]);
  });
});
