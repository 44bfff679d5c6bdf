// Exports a BQ to .xlsx the way estimators' tools lay one out (CostX and Cubit exports, the printed
// Malaysian BQ): a Summary sheet first (one line per tab, its total by formula, the grand total), then one
// sheet per tab with the project's heading, the tab's total, and its rows in tree order. Rows carry
// Excel's outline level (grouping, headers above their rows) and a Level column, since Excel's outline
// stops at 8 levels and a BQ may go deeper. Amounts are formulas: an item ROUND(quantity * rate, 2), a
// header SUBTOTAL(9, its rows) (SUBTOTAL skips nested SUBTOTALs, so each item counts once), the tab's
// total SUBTOTAL(9, all its rows); each formula carries its computed result for readers that do not
// recalculate. Reading the file back with the mapping the preview proposes gives the same tabs
// (bq-round-trip.properties.spec.ts).
import ExcelJS from 'exceljs';
import type { BqImportRow, BqImportTab } from '@binaan/contracts';
import { formatSen, lineAmount, parseMoney, parseQuantity } from '../../documents/money.js';
import { toSheetNumber } from './bq-decimals.js';

export type BqExportHeading = { projectName: string; projectCode: string; companyName: string | null };

export const EXPORT_HEADER_ROW = 5;
export const EXPORT_COLUMNS = ['Level', 'Type', 'Title', 'Description', 'Unit', 'Quantity', 'Rate', 'Amount'] as const;
const FIRST_ROW = EXPORT_HEADER_ROW + 1;
const MAX_OUTLINE = 7;
const MONEY_FORMAT = '#,##0.00;-#,##0.00';
const QUANTITY_FORMAT = '#,##0.000';

/** An Excel sheet name: at most 31 characters, none of []:*?/\, not blank, unique in the workbook. */
export function sheetNameFor(name: string, taken: Set<string>): string {
  const base = (
    name
      .replace(/[[\]:*?/\\]/g, '_')
      .replace(/^'+|'+$/g, '')
      .trim() || 'Tab'
  ).slice(0, 31);
  let candidate = base;
  for (
    let n = 2;
    taken.has(candidate.toLowerCase()) || candidate.toLowerCase() === 'summary' || candidate.toLowerCase() === 'history';
    n++
  ) {
    const suffix = ` (${n})`;
    candidate = base.slice(0, 31 - suffix.length) + suffix;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Amounts in sen, per row: an item quantity x rate (half up to the sen), a header the sum of its children. */
export function rowAmounts(rows: readonly BqImportRow[]): bigint[] {
  const amounts = rows.map((r) =>
    r.type === 'item' && r.quantity !== null && r.rate !== null
      ? lineAmount(parseQuantity(r.quantity) ?? 0n, parseMoney(r.rate) ?? 0n)
      : 0n,
  );
  // Each row adds its amount to its parent (the nearest row above one level up), from the bottom up.
  const stack: number[] = [];
  const parents: number[] = [];
  rows.forEach((r, i) => {
    stack.length = r.level - 1;
    parents[i] = r.level > 1 ? (stack[r.level - 2] ?? -1) : -1;
    stack[r.level - 1] = i;
  });
  for (let i = rows.length - 1; i >= 0; i--) {
    const p = parents[i]!;
    if (p >= 0) amounts[p] = amounts[p]! + amounts[i]!;
  }
  return amounts;
}

export async function writeBqWorkbook(heading: BqExportHeading, tabs: readonly BqImportTab[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Binaan';
  workbook.title = `${heading.projectName}: bill of quantity`;
  const summary = workbook.addWorksheet('Summary', { views: [{ state: 'frozen', ySplit: EXPORT_HEADER_ROW }] });
  const taken = new Set<string>();
  const totals: { sheet: string; name: string; total: bigint }[] = [];
  for (const tab of tabs) {
    const sheetName = sheetNameFor(tab.name, taken);
    totals.push({ sheet: sheetName, name: tab.name, total: writeTab(workbook, sheetName, heading, tab) });
  }
  headingRows(summary, heading, 'Summary');
  summary.getRow(EXPORT_HEADER_ROW).values = ['Bill', 'Tab name', 'Amount'];
  summary.getRow(EXPORT_HEADER_ROW).font = { bold: true };
  totals.forEach((t, i) => {
    const row = summary.getRow(FIRST_ROW + i);
    row.values = [i + 1, t.name, { formula: `'${t.sheet.replace(/'/g, "''")}'!H3`, result: Number(formatSen(t.total)) }];
  });
  const grand = totals.reduce((n, t) => n + t.total, 0n);
  const last = FIRST_ROW + totals.length - 1;
  summary.getCell('B3').value = 'Total';
  summary.getCell('C3').value = { formula: totals.length > 0 ? `SUM(C${FIRST_ROW}:C${last})` : '0', result: Number(formatSen(grand)) };
  summary.getCell('C3').font = { bold: true };
  summary.getColumn(1).width = 8;
  summary.getColumn(2).width = 48;
  summary.getColumn(3).width = 18;
  summary.getColumn(3).numFmt = MONEY_FORMAT;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function headingRows(sheet: ExcelJS.Worksheet, heading: BqExportHeading, title: string): void {
  sheet.getCell('A1').value = heading.projectName;
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = [heading.projectCode, heading.companyName, 'Bill of quantity'].filter(Boolean).join(' · ');
  sheet.getCell('A3').value = title;
  sheet.getCell('A3').font = { bold: true, size: 12 };
}

function writeTab(workbook: ExcelJS.Workbook, sheetName: string, heading: BqExportHeading, tab: BqImportTab): bigint {
  const sheet = workbook.addWorksheet(sheetName, {
    properties: { outlineProperties: { summaryBelow: false, summaryRight: false } },
    views: [{ state: 'frozen', ySplit: EXPORT_HEADER_ROW }],
    pageSetup: {
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      orientation: 'portrait',
      printTitlesRow: `${EXPORT_HEADER_ROW}:${EXPORT_HEADER_ROW}`,
    },
  });
  headingRows(sheet, heading, tab.name);
  sheet.getRow(EXPORT_HEADER_ROW).values = [...EXPORT_COLUMNS];
  sheet.getRow(EXPORT_HEADER_ROW).font = { bold: true };
  [7, 8, 24, 60, 8, 14, 14, 16].forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
  sheet.getColumn(6).numFmt = QUANTITY_FORMAT;
  sheet.getColumn(7).numFmt = MONEY_FORMAT;
  sheet.getColumn(8).numFmt = MONEY_FORMAT;
  sheet.getColumn(4).alignment = { wrapText: true, vertical: 'top' };

  const amounts = rowAmounts(tab.rows);
  // The last row of each header's subtree, for its SUBTOTAL range.
  const lastOf: number[] = tab.rows.map((_, i) => i);
  const stack: number[] = [];
  tab.rows.forEach((r, i) => {
    stack.length = r.level - 1;
    for (const open of stack) if (open !== undefined) lastOf[open] = i;
    stack[r.level - 1] = i;
  });
  let maxOutline = 0;
  tab.rows.forEach((r, i) => {
    const n = FIRST_ROW + i;
    const row = sheet.getRow(n);
    const result = Number(formatSen(amounts[i]!));
    const amount =
      r.type === 'item'
        ? { formula: `ROUND(F${n}*G${n},2)`, result }
        : lastOf[i]! > i
          ? { formula: `SUBTOTAL(9,H${n + 1}:H${FIRST_ROW + lastOf[i]!})`, result }
          : 0;
    row.values = [
      r.level,
      r.type === 'header' ? 'Header' : 'Item',
      r.title,
      r.description ?? null,
      r.unit ?? null,
      r.quantity === null ? null : toSheetNumber(r.quantity),
      r.rate === null ? null : toSheetNumber(r.rate),
      amount,
    ];
    row.outlineLevel = Math.min(r.level - 1, MAX_OUTLINE);
    maxOutline = Math.max(maxOutline, row.outlineLevel);
    if (r.type === 'header') row.font = { bold: true };
  });
  sheet.properties.outlineLevelRow = maxOutline;
  const total = amounts.reduce((sum, a, i) => (tab.rows[i]!.level === 1 ? sum + a : sum), 0n);
  sheet.getCell('G3').value = 'Total';
  sheet.getCell('H3').value = {
    formula: tab.rows.length > 0 ? `SUBTOTAL(9,H${FIRST_ROW}:H${FIRST_ROW + tab.rows.length - 1})` : '0',
    result: Number(formatSen(total)),
  };
  sheet.getCell('H3').font = { bold: true };
  sheet.getCell('H3').numFmt = MONEY_FORMAT;
  return total;
}
