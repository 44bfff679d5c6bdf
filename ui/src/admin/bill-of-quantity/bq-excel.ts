// The BQ's Excel import and export over the api (apps/api/src/bills-of-quantity/IMPORT-EXPORT.md): the
// preview of a workbook with the proposed column mapping, the import with its progress read from the
// NDJSON lines, and the export saved as a file. The mapping's shape is the api's (bq-mapping.ts).
import { ApiError, apiUrl } from '../../shared/api/client.js';
import { noteApiActivity } from '../../shared/session/inactivity.js';
import { adminHeaders, adminJson, refusalOf } from '../providers/admin-request.js';
import { downloadFile, XLSX_TYPE } from '../providers/download-file.js';

export const BQ_COLUMN_KEYS = ['level', 'type', 'title', 'description', 'unit', 'quantity', 'rate'] as const;
export type BqColumnKey = (typeof BQ_COLUMN_KEYS)[number];
export const BQ_LEVEL_SOURCES = ['column', 'outline', 'flat'] as const;
export type BqLevelSource = (typeof BQ_LEVEL_SOURCES)[number];

export type BqSheetMapping = {
  sheet: string;
  tab: string;
  headerRow: number;
  levels: BqLevelSource;
  columns: Partial<Record<BqColumnKey, string>>;
};
export type BqImportMapping = { sheets: BqSheetMapping[] };
export type SheetPreview = {
  name: string;
  rowCount: number;
  outlined: boolean;
  rows: { row: number; outlineLevel: number; cells: (string | number | null)[] }[];
  proposed: BqSheetMapping | null;
};
export type PreviewReply = { success: true; sheets: SheetPreview[]; mapping: BqImportMapping };

export type ImportProgress = { phase: 'reading' | 'checking' | 'writing'; rows: number; totalRows: number | null };
export type ImportReply = {
  success: true;
  written: boolean;
  revision: number | null;
  rows: number;
  tabs: { name: string; rows: number }[];
};
export type CellError = { sheet: string; row: number; column: string | null; field: string | null; code: string; value: unknown };

const XLSX = XLSX_TYPE;
const base = (projectId: string) => `/api/bill-of-quantity/${encodeURIComponent(projectId)}`;

/** 1-based index to column letters ("A", "AA"), as the api's mapping names columns. */
export function columnLetters(index: number): string {
  let s = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The file as the api takes it: an .xlsx whatever the browser guessed its type to be. */
const asXlsx = (file: File) => Object.assign(new Blob([file], { type: XLSX }), { name: file.name });

export const previewWorkbook = (projectId: string, file: File) =>
  adminJson<PreviewReply>(`${base(projectId)}/import/preview`, { method: 'POST', file: asXlsx(file) });

/** A mapping with one field moved to a column (or taken off: null); a field another column held leaves it. */
export function assignColumn(mapping: BqSheetMapping, column: string, field: BqColumnKey | null): BqSheetMapping {
  const columns: Partial<Record<BqColumnKey, string>> = {};
  for (const [key, letters] of Object.entries(mapping.columns) as [BqColumnKey, string][])
    if (letters !== column && key !== field) columns[key] = letters;
  if (field) columns[field] = column;
  // A level column chosen means levels from it; taken away, the outline or flat.
  const levels: BqLevelSource = columns.level ? 'column' : mapping.levels === 'column' ? 'flat' : mapping.levels;
  return { ...mapping, columns, levels };
}

/** The field a column is mapped to, if any. */
export const fieldOf = (mapping: BqSheetMapping, column: string): BqColumnKey | null =>
  (Object.entries(mapping.columns).find(([, letters]) => letters === column)?.[0] as BqColumnKey | undefined) ?? null;

/** Splits NDJSON text into its complete lines' values and the unfinished rest. */
export function ndjsonLines(buffer: string): { values: unknown[]; rest: string } {
  const values: unknown[] = [];
  let rest = buffer;
  for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n')) {
    const line = rest.slice(0, end).trim();
    rest = rest.slice(end + 1);
    if (line !== '') values.push(JSON.parse(line));
  }
  return { values, rest };
}

/**
 * Imports the workbook with the mapping; `onProgress` hears each progress line. Resolves with the reply;
 * a refusal (before the stream or in its result line) is thrown as ApiError with the reply in `extra`
 * (`errors` by row and column for bqImportRowsInvalid).
 */
export async function importWorkbook(
  projectId: string,
  file: File,
  mapping: BqImportMapping,
  onProgress: (p: ImportProgress) => void,
): Promise<ImportReply> {
  const blob = asXlsx(file);
  let response: Response;
  try {
    response = await fetch(apiUrl(`${base(projectId)}/import?mapping=${encodeURIComponent(JSON.stringify(mapping))}`), {
      method: 'POST',
      cache: 'no-store',
      body: blob,
      headers: { ...adminHeaders({ file: blob }), Accept: 'application/x-ndjson' },
    });
  } catch {
    throw new ApiError(0, 'unknownError', 'The server could not be reached.');
  }
  noteApiActivity();
  if (!response.ok || !response.body)
    throw refusalOf(response.status, (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += value ?? '';
    const { values, rest } = ndjsonLines(done ? `${buffer}\n` : buffer);
    buffer = rest;
    for (const line of values as (({ type: 'progress' } & ImportProgress) | { type: 'result'; status: number; body: unknown })[]) {
      if (line.type === 'progress') onProgress({ phase: line.phase, rows: line.rows, totalRows: line.totalRows });
      else if (line.status >= 400) throw refusalOf(line.status, line.body as Record<string, unknown>);
      else return line.body as ImportReply;
    }
    if (done) throw new ApiError(0, 'unknownError', 'The import ended without a result.');
  }
}

/** The share of the work done, 0-100, from a progress line (reading is the first half, checking and writing the rest). */
export function progressPercent(p: ImportProgress | null): number | null {
  if (!p || p.totalRows === null || p.totalRows === 0) return null;
  const part = Math.min(1, p.rows / p.totalRows);
  if (p.phase === 'reading') return Math.round(part * 50);
  if (p.phase === 'checking') return 50 + Math.round(part * 40);
  return 90 + Math.round(part * 10);
}

/** The BQ as .xlsx, saved by the browser under the api's file name. */
export function exportWorkbook(projectId: string): Promise<string> {
  return downloadFile(`${base(projectId)}/export`, XLSX, 'bill-of-quantity.xlsx');
}
