// A read sheet and its mapping become a BQ tab's rows in tree order (level 1 at the top of the tab), or the
// errors that stop the import, each with its sheet, row number, column letter and code. Pure: the service
// feeds it what the worker read (xlsx-reader.ts).
import type { BqImportRow, BqImportTab, BqNodeType } from '@binaan/contracts';
import { QUANTITY_RULE, RATE_RULE, toDecimal, type CellValue } from './bq-decimals.js';
import { columnIndex, type BqColumnKey, type BqSheetMapping } from './bq-mapping.js';
import type { ReadSheet } from './xlsx-reader.js';

export const MAX_LEVEL = 30;
export const MAX_TITLE = 500;
export const MAX_DESCRIPTION = 5000;
export const MAX_UNIT = 20;

export type BqImportErrorCode =
  | 'bqImportLevelInvalid'
  | 'bqImportLevelSkipped'
  | 'bqImportParentNotHeader'
  | 'bqImportTypeInvalid'
  | 'bqImportTitleMissing'
  | 'bqImportTextTooLong'
  | 'bqImportQuantityInvalid'
  | 'bqImportRateInvalid'
  | 'bqImportHeaderPriced';

/** One error: where (sheet, 1-based row, column letter and the field mapped there) and what (code, value). */
export type BqImportError = {
  sheet: string;
  row: number;
  column: string | null;
  field: BqColumnKey | null;
  code: BqImportErrorCode;
  value: string | null;
};

type Draft = {
  row: number;
  level: number;
  type: BqNodeType | null;
  title: string;
  description: string | null;
  unit: string | null;
  quantity: string | null;
  rate: string | null;
};

const TYPE_WORDS: Record<string, BqNodeType> = {
  header: 'header',
  heading: 'header',
  h: 'header',
  item: 'item',
  i: 'item',
  tajuk: 'header',
  perkara: 'item',
  标题: 'header',
  项目: 'item',
};

export function sheetRows(sheet: ReadSheet, mapping: BqSheetMapping, report: (error: BqImportError) => void): BqImportTab {
  const at = (key: BqColumnKey) => mapping.columns[key];
  const cellOf = (cells: CellValue[], key: BqColumnKey): CellValue => {
    const letters = at(key);
    return letters ? (cells[columnIndex(letters) - 1] ?? null) : null;
  };
  const fail = (row: number, key: BqColumnKey | null, code: BqImportErrorCode, value: CellValue) =>
    report({
      sheet: sheet.name,
      row,
      column: key ? (at(key) ?? null) : null,
      field: key,
      code,
      value: value === null ? null : String(value).slice(0, 100),
    });
  const text = (value: CellValue): string => (value === null ? '' : String(value).trim());

  const drafts: Draft[] = [];
  let seenHeader = false;
  for (const { row, outlineLevel, cells } of sheet.rows) {
    if (row <= mapping.headerRow) continue;
    const raw = {
      level: cellOf(cells, 'level'),
      type: cellOf(cells, 'type'),
      title: cellOf(cells, 'title'),
      description: cellOf(cells, 'description'),
      unit: cellOf(cells, 'unit'),
      quantity: cellOf(cells, 'quantity'),
      rate: cellOf(cells, 'rate'),
    };
    if (Object.values(raw).every((v) => v === null || text(v) === '')) continue;
    const title = text(raw.title);
    const description = text(raw.description);
    const unit = text(raw.unit);
    if (title === '' && description === '') fail(row, mapping.columns.title ? 'title' : 'description', 'bqImportTitleMissing', null);
    if (title.length > MAX_TITLE) fail(row, 'title', 'bqImportTextTooLong', title);
    if (description.length > MAX_DESCRIPTION) fail(row, 'description', 'bqImportTextTooLong', description);
    if (unit.length > MAX_UNIT) fail(row, 'unit', 'bqImportTextTooLong', unit);
    const quantity = toDecimal(raw.quantity, QUANTITY_RULE);
    if (quantity === null) fail(row, 'quantity', 'bqImportQuantityInvalid', raw.quantity);
    const rate = toDecimal(raw.rate, RATE_RULE);
    if (rate === null) fail(row, 'rate', 'bqImportRateInvalid', raw.rate);
    let type: BqNodeType | null = null;
    if (at('type') && text(raw.type) !== '') {
      type = TYPE_WORDS[text(raw.type).toLowerCase()] ?? null;
      if (!type) fail(row, 'type', 'bqImportTypeInvalid', raw.type);
    }
    const unpriced = unit === '' && (quantity === 'empty' || quantity === null) && (rate === 'empty' || rate === null);
    let level: number;
    if (mapping.levels === 'column') {
      const value = raw.level;
      const n = typeof value === 'number' ? value : Number(text(value));
      level = Number.isInteger(n) && n >= 1 && n <= MAX_LEVEL ? n : NaN;
      if (Number.isNaN(level)) fail(row, 'level', 'bqImportLevelInvalid', value);
    } else if (mapping.levels === 'outline') {
      level = outlineLevel + 1;
    } else {
      const header = type ? type === 'header' : unpriced && quantity !== null && rate !== null;
      level = header ? 1 : seenHeader ? 2 : 1;
      if (header) {
        seenHeader = true;
        type = 'header';
      }
    }
    drafts.push({
      row,
      level,
      type,
      title,
      description: description === '' ? null : description,
      unit: unit === '' ? null : unit,
      quantity: quantity === 'empty' || quantity === null ? null : quantity,
      rate: rate === 'empty' || rate === null ? null : rate,
    });
  }

  // Levels step down one at a time; a row with rows under it is a header; a header is not priced.
  const rows: BqImportRow[] = [];
  drafts.forEach((d, i) => {
    if (Number.isNaN(d.level)) return;
    const previous = rows.length > 0 ? rows[rows.length - 1]!.level : 0;
    if (d.level > previous + 1) fail(d.row, mapping.levels === 'column' ? 'level' : null, 'bqImportLevelSkipped', d.level);
    const next = drafts[i + 1];
    const hasChildren = next !== undefined && !Number.isNaN(next.level) && next.level > d.level;
    const type: BqNodeType = d.type ?? (hasChildren ? 'header' : 'item');
    if (hasChildren && type === 'item')
      fail(next.row, mapping.levels === 'column' ? 'level' : mapping.columns.type ? 'type' : null, 'bqImportParentNotHeader', next.level);
    if (type === 'header') {
      for (const key of ['unit', 'quantity', 'rate'] as const) if (d[key] !== null) fail(d.row, key, 'bqImportHeaderPriced', d[key]);
    }
    rows.push({ level: d.level, type, title: d.title, description: d.description, unit: d.unit, quantity: d.quantity, rate: d.rate });
  });
  return { name: mapping.tab, rows };
}
