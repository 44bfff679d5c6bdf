// Rows to and from a spreadsheet (Excel, LibreOffice, Google Sheets put tab-separated text on the
// clipboard). Copied rows carry their number ("1.2.3": the level is its depth), title, description, unit,
// quantity, rate and amount, so a paste here rebuilds the same tree; text from a sheet without numbers
// comes in as rows at one level (title, description, unit, quantity, rate). Pure.
import type { BqImportRow } from '@binaan/contracts';
import { canonicalMoney, canonicalQuantity, formatSen, type ModelNode } from './bq-model.js';

const NUMBER = /^\d+(\.\d+)*$/;
const cell = (value: string | null) => (value ?? '').replace(/[\t\r\n]+/g, ' ');
const plain = (value: string | null, places: number) => {
  if (value === null) return '';
  const [whole = '', fraction = ''] = value.split('.');
  const kept = fraction.replace(/0+$/, '');
  return kept.length > 0 || places === 0 ? `${whole}${kept ? `.${kept}` : ''}` : whole;
};

/** Tab-separated lines of rows (each with its shown number), what a sheet takes on paste. */
export function rowsToTsv(rows: readonly { number: string; node: ModelNode }[]): string {
  return rows
    .map(({ number, node }) =>
      [
        number,
        cell(node.title),
        cell(node.description),
        cell(node.unit),
        plain(node.quantity, 3),
        node.rate ?? '',
        formatSen(node.amount),
      ].join('\t'),
    )
    .join('\r\n');
}

/** Rows from tab-separated text; a first line of column titles (not a number, no figures) is skipped. null when nothing usable. */
export function tsvToRows(text: string): BqImportRow[] | null {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('\t'));
  if (lines.length === 0) return null;
  const numbered = lines.every((cells) => NUMBER.test((cells[0] ?? '').trim()));
  const body =
    !numbered && lines.length > 1 && lines.slice(1).every((cells) => NUMBER.test((cells[0] ?? '').trim())) ? lines.slice(1) : lines;
  const withNumbers = numbered || body !== lines;
  const depths = body.map((cells) => (withNumbers ? (cells[0] ?? '').trim().split('.').length : 1));
  const top = Math.min(...depths);
  const rows: BqImportRow[] = [];
  let previousLevel = 0;
  body.forEach((cells, i) => {
    const [title = '', description = '', unit = '', quantity = '', rate = ''] = withNumbers ? cells.slice(1) : cells;
    // A level may go at most one deeper than the row above (the tree has no gaps).
    const level = Math.min(depths[i]! - top + 1, previousLevel + 1);
    previousLevel = level;
    const q = canonicalQuantity(quantity);
    const r = canonicalMoney(rate);
    rows.push({
      level,
      type: 'item',
      title: title.trim(),
      description: description.trim() || null,
      unit: unit.trim() || null,
      quantity: q ?? null,
      rate: r ?? null,
    });
  });
  // A row with rows under it is a header, which has no price.
  rows.forEach((row, i) => {
    const next = rows[i + 1];
    if (next && next.level > row.level) Object.assign(row, { type: 'header', unit: null, quantity: null, rate: null });
  });
  return rows.length > 0 ? rows : null;
}
