// A scanned BQ page's words (tesseract's TSV: one word per line with its box and confidence) become BQ
// rows. Pure: no process, no file. How:
// 1. words are grouped into lines by their vertical centres;
// 2. the header line is the first naming at least three of the columns (item, description, unit, quantity,
//    rate, amount; en and ms words);
// 3. the columns are the x-runs the words below it cover, split at blank vertical strips (gaps wider than
//    a character height: the union over many lines fills the spaces between words of a description); each
//    run takes the field of the header word over it, a run with none continues the column on its left;
// 4. lines become rows: a row ends at a line with a unit or a figure (printed BQs put them on the last line
//    of a wrapped description); a line in capitals without figures, or lines that end without any, are a
//    header; items under a header are level 2.
import { QUANTITY_RULE, RATE_RULE, toDecimal } from '../import-export/bq-decimals.js';
import type { BqScanRow, ScanField } from './bq-scan.events.js';

export type OcrWord = { page: number; left: number; top: number; width: number; height: number; conf: number; text: string };

/** tesseract's TSV (level 5 rows are words). */
export function parseTsv(tsv: string, page: number): OcrWord[] {
  const words: OcrWord[] = [];
  for (const line of tsv.split('\n').slice(1)) {
    const cols = line.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const text = cols.slice(11).join('\t').trim();
    if (text === '') continue;
    words.push({
      page,
      left: Number(cols[6]),
      top: Number(cols[7]),
      width: Number(cols[8]),
      height: Number(cols[9]),
      conf: Number(cols[10]),
      text,
    });
  }
  return words;
}

type Line = { words: OcrWord[]; centre: number };

export function groupLines(words: readonly OcrWord[]): Line[] {
  if (words.length === 0) return [];
  const h = median(words.map((w) => w.height));
  const sorted = [...words].sort((a, b) => a.top + a.height / 2 - (b.top + b.height / 2));
  const lines: Line[] = [];
  for (const word of sorted) {
    const centre = word.top + word.height / 2;
    const line = lines[lines.length - 1];
    if (line && Math.abs(centre - line.centre) <= h * 0.5) {
      line.words.push(word);
      line.centre = line.words.reduce((n, w) => n + w.top + w.height / 2, 0) / line.words.length;
    } else lines.push({ words: [word], centre });
  }
  for (const line of lines) line.words.sort((a, b) => a.left - b.left);
  return lines;
}

const HEADER_WORDS: [RegExp, ScanField][] = [
  [/^(item|items|no\.?|ref\.?|perkara|bil\.?)$/i, 'title'],
  [/^(description|particulars|keterangan|huraian)$/i, 'description'],
  [/^(unit|units|uom|unit\(s\))$/i, 'unit'],
  [/^(qty\.?|quantity|quantities|kuantiti)$/i, 'quantity'],
  [/^(rate|rates|kadar|price)$/i, 'rate'],
  [/^(amount|total|jumlah|amaun)$/i, 'amount'],
];
const fieldOfHeader = (text: string): ScanField | null =>
  HEADER_WORDS.find(([re]) => re.test(text.replace(/(:|\(rm\))$/i, '')))?.[1] ?? null;

type Column = { from: number; to: number; field: ScanField };

/** The page's columns from its header line and the words under it; null without a header line. */
export function findColumns(lines: readonly Line[]): { headerIndex: number; columns: Column[] } | null {
  const headerIndex = lines.findIndex((l) => new Set(l.words.map((w) => fieldOfHeader(w.text)).filter(Boolean)).size >= 3);
  if (headerIndex < 0) return null;
  const header = lines[headerIndex]!.words.flatMap((w) => {
    const field = fieldOfHeader(w.text);
    return field ? [{ field, from: w.left, to: w.left + w.width, centre: w.left + w.width / 2 }] : [];
  });
  const below = lines.slice(headerIndex).flatMap((l) => l.words);
  const gap = median(below.map((w) => w.height)) * 0.9;
  // Covered x-runs, merged across every line from the header down.
  const spans = below.map((w) => [w.left, w.left + w.width] as [number, number]).sort((a, b) => a[0] - b[0]);
  const runs: [number, number][] = [];
  for (const [from, to] of spans) {
    const last = runs[runs.length - 1];
    if (last && from - last[1] <= gap) last[1] = Math.max(last[1], to);
    else runs.push([from, to]);
  }
  const columns: Column[] = [];
  for (const [from, to] of runs) {
    const inside = header.filter((h) => h.centre >= from && h.centre <= to).sort((a, b) => a.centre - b.centre);
    if (inside.length === 0) {
      const left = columns[columns.length - 1];
      if (left) left.to = to;
      else columns.push({ from, to, field: header.sort((a, b) => a.centre - b.centre)[0]!.field });
      continue;
    }
    // Several header words over one run (figures wide enough to touch): split between them.
    let start = from;
    inside.forEach((h, i) => {
      const next = inside[i + 1];
      const end = next ? (h.to + next.from) / 2 : to;
      const previous = columns[columns.length - 1];
      if (previous && previous.field === h.field && previous.to >= start - gap) previous.to = end;
      else columns.push({ from: start, to: end, field: h.field });
      start = end;
    });
  }
  return { headerIndex, columns };
}

const columnOf = (columns: readonly Column[], word: OcrWord): ScanField => {
  const centre = word.left + word.width / 2;
  let best = columns[0]!;
  let distance = Infinity;
  for (const c of columns) {
    const d = centre < c.from ? c.from - centre : centre > c.to ? centre - c.to : 0;
    if (d < distance) [best, distance] = [c, d];
  }
  return best.field;
};

type Pending = { page: number; top: number; cells: Partial<Record<ScanField, string[]>>; conf: number; capitals: boolean };

/** The rows of one page's words; `carry` gives the previous page's columns to a page without a header. */
export function pageRows(words: readonly OcrWord[], carry: Column[] | null = null): { rows: BqScanRow[]; columns: Column[] | null } {
  const lines = groupLines(words);
  const found = findColumns(lines);
  const columns = found?.columns ?? carry;
  const rows: BqScanRow[] = [];
  if (!columns) {
    // No header to find columns by: each line as a description, for the reviewer to sort out.
    for (const line of lines)
      rows.push(
        makeRow(
          {
            page: line.words[0]!.page,
            top: line.words[0]!.top,
            cells: { description: line.words.map((w) => w.text) },
            conf: minConf(line.words),
            capitals: false,
          },
          ['columnsNotFound'],
        ),
      );
    return { rows, columns: null };
  }
  let pending: Pending | null = null;
  const flush = () => {
    if (pending) rows.push(makeRow(pending, []));
    pending = null;
  };
  for (const line of lines.slice(found ? found.headerIndex + 1 : 0)) {
    const cells: Partial<Record<ScanField, string[]>> = {};
    for (const word of line.words) (cells[columnOf(columns, word)] ??= []).push(word.text);
    const figures = ['unit', 'quantity', 'rate', 'amount'].some((f) => cells[f as ScanField]);
    const text = [...(cells.title ?? []), ...(cells.description ?? [])].join(' ');
    const capitals = !figures && /[A-Z]/.test(text) && text === text.toUpperCase() && !cells.title;
    if (capitals || (cells.title && pending)) flush();
    if (!pending) pending = { page: line.words[0]!.page, top: line.words[0]!.top, cells: {}, conf: 100, capitals };
    const target: Pending = pending;
    for (const [field, texts] of Object.entries(cells) as [ScanField, string[]][]) (target.cells[field] ??= []).push(...texts);
    target.conf = Math.min(target.conf, minConf(line.words));
    if (figures || capitals) flush();
  }
  flush();
  return { rows, columns };
}

/**
 * OCR's usual confusions where a column can only hold digits: l, I and | for 1, O and o for 0 in a figure,
 * and in an item reference after its letters ("Al" is A1, "B1O" is B10). Anything else is left as read.
 */
export function digitsIn(text: string | null, kind: 'figure' | 'reference'): string | null {
  if (text === null) return null;
  const fix = (s: string) => s.replace(/[lI|]/g, '1').replace(/[Oo]/g, '0');
  if (kind === 'figure') return /^[-\d.,lIOo|]+$/.test(text) && /\d/.test(text) ? fix(text) : text;
  const match = /^([A-Z]{1,3})([\dlIOo|][\d.lIOo|]*)$/.exec(text);
  if (!match) return text;
  const fixed = match[1]! + fix(match[2]!);
  return /^[A-Z]{1,3}\d+(\.\d+)*$/.test(fixed) ? fixed : text;
}

function makeRow(p: Pending, problems: string[]): BqScanRow {
  const join = (field: ScanField) => (p.cells[field] ?? []).join(' ').trim() || null;
  const unit = join('unit');
  const quantityText = digitsIn(join('quantity'), 'figure');
  const rateText = digitsIn(join('rate'), 'figure');
  const amountText = digitsIn(join('amount'), 'figure');
  const figures = unit !== null || quantityText !== null || rateText !== null || amountText !== null;
  const row: BqScanRow = {
    page: p.page,
    top: p.top,
    level: 1,
    type: figures ? 'item' : 'header',
    title: digitsIn(join('title'), 'reference') ?? '',
    description: join('description'),
    unit,
    quantity: quantityText,
    rate: rateText,
    amount: amountText,
    confidence: Math.round(p.conf),
    problems: problems.map((code) => ({ field: null, code })),
  };
  return checkRow(row);
}

/** Figures as the BQ keeps them where they read cleanly, with a problem named on each field that does not. */
export function checkRow(row: BqScanRow): BqScanRow {
  const problems = row.problems.filter((p) => p.field === null && p.code === 'columnsNotFound');
  const quantity = row.quantity === null ? 'empty' : toDecimal(row.quantity, QUANTITY_RULE);
  const rate = row.rate === null ? 'empty' : toDecimal(row.rate, RATE_RULE);
  const amount = row.amount === null ? 'empty' : toDecimal(row.amount, RATE_RULE);
  if (quantity === null) problems.push({ field: 'quantity', code: 'bqScanQuantityUnreadable' });
  if (rate === null) problems.push({ field: 'rate', code: 'bqScanRateUnreadable' });
  if (amount === null) problems.push({ field: 'amount', code: 'bqScanAmountUnreadable' });
  if (row.type === 'header' && (row.unit !== null || row.quantity !== null || row.rate !== null))
    problems.push({ field: 'type', code: 'bqScanHeaderPriced' });
  if (row.title === '' && row.description === null) problems.push({ field: 'description', code: 'bqScanTitleMissing' });
  const q = quantity === 'empty' || quantity === null ? null : quantity;
  const r = rate === 'empty' || rate === null ? null : rate;
  const a = amount === 'empty' || amount === null ? null : amount;
  // quantity x rate against the printed amount: a misread digit shows here.
  if (q !== null && r !== null && a !== null && Math.abs(Number(q) * Number(r) - Number(a)) > 0.01)
    problems.push({ field: 'amount', code: 'bqScanAmountMismatch' });
  return { ...row, quantity: q ?? row.quantity, rate: r ?? row.rate, amount: a ?? row.amount, problems };
}

/** Levels as a printed BQ implies them: items under the nearest header above are one level down. */
export function levelRows(rows: readonly BqScanRow[]): BqScanRow[] {
  let underHeader = false;
  return rows.map((row) => {
    if (row.type === 'header') {
      underHeader = true;
      return { ...row, level: 1 };
    }
    return { ...row, level: underHeader ? 2 : 1 };
  });
}

const minConf = (words: readonly OcrWord[]) => Math.max(0, Math.min(...words.map((w) => w.conf)));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
}
