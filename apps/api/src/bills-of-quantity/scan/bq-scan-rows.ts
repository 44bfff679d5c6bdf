// A reviewer's rows (PUT .../rows): their shape checked field by field (400 validationFailed naming the
// row and field), then each row's figures and the levels re-checked into the row's problems, which must be
// none before the rows may enter the BQ.
import type { BqImportRow } from '@binaan/contracts';
import { MAX_DESCRIPTION, MAX_LEVEL, MAX_TITLE, MAX_UNIT } from '../import-export/bq-sheet-rows.js';
import { checkRow } from './scan-layout.js';
import type { BqScanRow } from './bq-scan.events.js';

export const MAX_SCAN_ROWS = 5000;

const text = (value: unknown, max: number, nullable: boolean): string | null | undefined => {
  if (value === null || value === undefined) return nullable ? null : undefined;
  if (typeof value !== 'string' || value.length > max) return undefined;
  const t = value.trim();
  return t === '' && nullable ? null : t;
};

/** The rows, or the problems with their shape by field ("rows[3].quantity"). */
export function parseScanRows(body: unknown): { rows: BqScanRow[] } | { fields: Record<string, string[]> } {
  const list = (body as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(list) || list.length > MAX_SCAN_ROWS) return { fields: { rows: ['bqScanRowsInvalid'] } };
  const fields: Record<string, string[]> = {};
  const rows = list.map((raw: unknown, i): BqScanRow => {
    const r = (raw ?? {}) as Record<string, unknown>;
    const bad = (field: string) => (fields[`rows[${i}].${field}`] ??= []).push('bqScanFieldInvalid');
    const level =
      Number.isInteger(r.level) && (r.level as number) >= 1 && (r.level as number) <= MAX_LEVEL ? (r.level as number) : (bad('level'), 1);
    const type = r.type === 'header' || r.type === 'item' ? r.type : (bad('type'), 'item');
    const title = text(r.title ?? '', MAX_TITLE, false);
    if (title === undefined) bad('title');
    const field = (name: string, max: number) => {
      const v = text(r[name], max, true);
      if (v === undefined) bad(name);
      return v ?? null;
    };
    return checkRow({
      page: Number.isInteger(r.page) ? (r.page as number) : 0,
      top: Number.isFinite(r.top) ? (r.top as number) : 0,
      level,
      type,
      title: title ?? '',
      description: field('description', MAX_DESCRIPTION),
      unit: field('unit', MAX_UNIT),
      quantity: field('quantity', 40),
      rate: field('rate', 40),
      amount: field('amount', 40),
      confidence: 100,
      problems: [],
    });
  });
  if (Object.keys(fields).length > 0) return { fields };
  return { rows: checkLevels(rows) };
}

/** Levels step down one at a time from 1 and only a header has rows under it: else a problem on the row. */
export function checkLevels(rows: readonly BqScanRow[]): BqScanRow[] {
  return rows.map((row, i) => {
    const previous = rows[i - 1];
    const problems = [...row.problems];
    if (row.level > (previous?.level ?? 0) + 1) problems.push({ field: null, code: 'bqScanLevelSkipped' });
    if (previous && row.level > previous.level && previous.type !== 'header') problems.push({ field: null, code: 'bqScanParentNotHeader' });
    return problems.length === row.problems.length ? row : { ...row, problems };
  });
}

/** The rows as the BQ takes them (after checks: figures are canonical). */
export const importRows = (rows: readonly BqScanRow[]): BqImportRow[] =>
  rows.map((r) => ({
    level: r.level,
    type: r.type,
    title: r.title,
    description: r.description,
    unit: r.type === 'header' ? null : r.unit,
    quantity: r.type === 'header' ? null : r.quantity,
    rate: r.type === 'header' ? null : r.rate,
  }));
