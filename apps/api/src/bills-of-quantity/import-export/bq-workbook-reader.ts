// The two steps of an Excel import over a read workbook: the preview (each sheet's first rows and a
// proposed mapping) and the import proper (the mapped sheets' rows as BQ tabs, or their errors).
import type { BqImportTab } from '@binaan/contracts';
import { proposeSheetMapping, type BqImportMapping, type BqSheetMapping } from './bq-mapping.js';
import { sheetRows, type BqImportError } from './bq-sheet-rows.js';
import { sheetNameFor } from './bq-workbook-writer.js';
import { readXlsx, type ReadOptions, type ReadSheet } from './xlsx-reader.js';

export const PREVIEW_ROWS = 12;
/** Errors listed in a refusal; errorCount says how many there were in all. */
export const MAX_LISTED_ERRORS = 500;
/** Rows one import may bring (all sheets together). */
export const MAX_IMPORT_ROWS = 50_000;

export type SheetPreview = {
  name: string;
  rowCount: number;
  outlined: boolean;
  /** The first rows as read (numbers, texts, null), with their row number and outline level. */
  rows: ReadSheet['rows'];
  /** The mapping proposed for this sheet, or null when no row of its top names a title or description. */
  proposed: BqSheetMapping | null;
};

export async function previewWorkbook(bytes: Uint8Array): Promise<SheetPreview[]> {
  const sheets = await readXlsx(bytes, { limit: PREVIEW_ROWS });
  const taken = new Set<string>(['summary']);
  return sheets.map((sheet) => {
    const proposed = proposeSheetMapping(sheet, sheet.maxOutlineLevel > 0);
    // A sheet this product exported names its tab in A3 (the sheet name may be a shortened copy of it).
    const a3 = sheet.rows.find((r) => r.row === 3)?.cells[0];
    if (proposed && typeof a3 === 'string' && sheetNameFor(a3, new Set(taken)) === sheet.name) proposed.tab = a3.trim();
    taken.add(sheet.name.toLowerCase());
    return { name: sheet.name, rowCount: sheet.rowCount, outlined: sheet.maxOutlineLevel > 0, rows: sheet.rows, proposed };
  });
}

export type ImportOutcome =
  | { ok: true; tabs: BqImportTab[]; rows: number }
  | { ok: false; code: 'bqImportSheetNotFound'; sheets: string[] }
  | { ok: false; code: 'bqImportTooManyRows'; rows: number }
  | { ok: false; code: 'bqImportRowsInvalid'; errors: BqImportError[]; errorCount: number };

export type CheckProgress = (progress: { sheet: string; rows: number; totalRows: number }) => void;

export async function importWorkbook(
  bytes: Uint8Array,
  mapping: BqImportMapping,
  onProgress?: ReadOptions['onProgress'],
  onChecked?: CheckProgress,
): Promise<ImportOutcome> {
  const wanted = mapping.sheets.map((s) => s.sheet);
  const sheets = await readXlsx(bytes, { sheets: wanted, ...(onProgress ? { onProgress } : {}) });
  const byName = new Map(sheets.map((s) => [s.name, s]));
  const missing = wanted.filter((name) => !byName.has(name));
  if (missing.length > 0) return { ok: false, code: 'bqImportSheetNotFound', sheets: missing };
  const total = mapping.sheets.reduce((n, m) => n + byName.get(m.sheet)!.rows.length, 0);
  if (total > MAX_IMPORT_ROWS) return { ok: false, code: 'bqImportTooManyRows', rows: total };
  const errors: BqImportError[] = [];
  let errorCount = 0;
  const report = (error: BqImportError) => {
    errorCount++;
    if (errors.length < MAX_LISTED_ERRORS) errors.push(error);
  };
  // A sheet at a time, the event loop let go between sheets (other requests are answered in between).
  const tabs: BqImportTab[] = [];
  let checked = 0;
  for (const m of mapping.sheets) {
    await new Promise((resolve) => setImmediate(resolve));
    tabs.push(sheetRows(byName.get(m.sheet)!, m, report));
    checked += byName.get(m.sheet)!.rows.length;
    onChecked?.({ sheet: m.sheet, rows: checked, totalRows: total });
  }
  if (errorCount > 0) return { ok: false, code: 'bqImportRowsInvalid', errors, errorCount };
  return { ok: true, tabs, rows: tabs.reduce((n, t) => n + t.rows.length, 0) };
}

/** The mapping the preview proposes for every sheet it could map (what a client takes when the user changes nothing). */
export const proposedMapping = (previews: readonly SheetPreview[]): BqImportMapping => ({
  sheets: previews.flatMap((p) => (p.proposed ? [p.proposed] : [])),
});
