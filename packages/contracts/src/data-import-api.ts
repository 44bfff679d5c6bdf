// Data import by .xlsx upload (signed-in-area.md §2.5 "data import (Excel upload)"): a preview with a proposed
// column mapping, then an import that checks every row before recording any. apps/api/src/data-import.

export const DATA_IMPORT_TARGETS = ['catalogue-items', 'users'] as const;
export type DataImportTarget = (typeof DATA_IMPORT_TARGETS)[number];

/** A column of the target: the field it fills, whether every row needs it, and header words that propose it. */
export type DataImportField = { field: string; required: boolean };

/** The columns chosen: field -> the sheet's column number (1-based, as Excel counts). */
export type DataImportMapping = { sheet: string; headerRow: number; columns: Record<string, number> };

export type DataImportPreviewSheet = { name: string; rowCount: number; headerRow: number; headers: string[]; rows: { row: number; cells: (string | number | null)[] }[]; proposed: Record<string, number> };
export type DataImportPreview = { success: true; target: DataImportTarget; fields: DataImportField[]; sheets: DataImportPreviewSheet[]; mapping: DataImportMapping | null };

/** One problem of one cell (column: the sheet's column number, null for a row-wide one). */
export type DataImportRowError = { sheet: string; row: number; column: number | null; field: string | null; code: string; value: string | null };

export type DataImportResult = { success: true; target: DataImportTarget; recorded: number; ids: string[] };
/** NDJSON progress lines of an import asked with Accept: application/x-ndjson; the last is { type: 'result' }. */
export type DataImportProgress = { type: 'progress'; phase: 'read' | 'checked' | 'recording'; done: number; total: number };

/** At most this many rows an import (a company's catalogue or staff list; larger lists are imported in parts). */
export const DATA_IMPORT_MAX_ROWS = 5_000;
