// Data import by .xlsx upload (signed-in-area.md §2.5 "data import (Excel upload)"): a preview with a proposed
// column mapping, then an import that checks every row before recording any. apps/api/src/data-import.

export const DATA_IMPORT_TARGETS = ['catalogue-items', 'users', 'machinery'] as const;
export type DataImportTarget = (typeof DATA_IMPORT_TARGETS)[number];

/** A column a target takes: the field it fills and whether every row needs it. */
export type DataImportField = { field: string; required: boolean };

/** The columns chosen: field -> the sheet's column number (1-based, as Excel counts: A is 1). */
export type DataImportMapping = { sheet: string; headerRow: number; columns: Record<string, number> };

export type DataImportCell = string | number | null;
export type DataImportPreviewSheet = {
  name: string;
  rowCount: number;
  headerRow: number;
  headers: DataImportCell[];
  rows: { row: number; cells: DataImportCell[] }[];
  proposed: Record<string, number>;
};
export type DataImportPreview = {
  success: true;
  target: DataImportTarget;
  fields: DataImportField[];
  sheets: DataImportPreviewSheet[];
  mapping: DataImportMapping | null;
};

/** One problem of one cell (column: the sheet's column number; null for a row-wide one). */
export type DataImportRowError = {
  sheet: string;
  row: number;
  column: number | null;
  field: string | null;
  code: string;
  value: string | null;
};

export type DataImportResult = { success: true; target: DataImportTarget; recorded: number; ids: string[] };
/** NDJSON lines of an import asked with Accept: application/x-ndjson; the last is { type: 'result', status, body }. */
export type DataImportProgress = { type: 'progress'; phase: 'read' | 'checked' | 'recording'; done: number; total: number };

/** At most this many rows an import (a company's catalogue or staff list; a larger one is imported in parts). */
export const DATA_IMPORT_MAX_ROWS = 2_000;
/** A refusal lists at most this many row errors (errorCount says how many there are). */
export const DATA_IMPORT_MAX_LISTED_ERRORS = 500;
