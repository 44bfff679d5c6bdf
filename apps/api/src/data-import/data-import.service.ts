// Data import by .xlsx (signed-in-area.md §2.5): the preview reads the workbook (the BQ import's reader: a
// worker thread with memory and time limits) and proposes a header row and a column per field; the import
// checks the mapping, reads the chosen sheet, checks every row, and only when none fails records them one by
// one through the target's command. All or nothing: a file with any bad row records nothing and answers 422
// importRowsInvalid with each problem by sheet, row and column.
import { Injectable } from '@nestjs/common';
import {
  DATA_IMPORT_MAX_LISTED_ERRORS,
  DATA_IMPORT_MAX_ROWS,
  DATA_IMPORT_TARGETS,
  ErrorCodes,
  type DataImportCell,
  type DataImportMapping,
  type DataImportPreview,
  type DataImportPreviewSheet,
  type DataImportProgress,
  type DataImportResult,
  type DataImportTarget,
} from '@binaan/contracts';
import { HttpException } from '@nestjs/common';
import { companyOf } from '../authority/authority.service.js';
import type { Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { readXlsx, XlsxUnreadable, type ReadSheet } from '../bills-of-quantity/import-export/xlsx-reader.js';
import type { ImportRow, ImportTarget, ImportTargetField } from './import-target.js';
import { ImportTargets } from './import-targets.js';

const PREVIEW_ROWS = 10;
/** The header row is looked for in the first rows of a sheet (a title or two may stand above it). */
const HEADER_SEARCH_ROWS = 10;

@Injectable()
export class DataImportService {
  constructor(private readonly targets: ImportTargets) {}

  /** The target, when the caller may import into it (its right in the chosen company, a full token). */
  target(principal: Principal, name: string): ImportTarget {
    const target = this.targets.get(name);
    if (!target) throw refusal(404, ErrorCodes.importTargetUnknown, `Nothing is imported into ${name}: ${DATA_IMPORT_TARGETS.join(', ')}.`);
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    companyOf(principal, target.right);
    return target;
  }

  async preview(principal: Principal, name: string, bytes: Buffer): Promise<DataImportPreview> {
    const target = this.target(principal, name);
    const read = await readable(readXlsx(bytes, { limit: HEADER_SEARCH_ROWS + PREVIEW_ROWS + 1 }));
    const sheets = read.map((sheet) => previewSheet(sheet, target.fields));
    const first = sheets.find((sheet) => Object.keys(sheet.proposed).length > 0) ?? sheets.find((sheet) => sheet.rowCount > 0);
    return {
      success: true,
      target: name as DataImportTarget,
      fields: target.fields.map(({ field, required }) => ({ field, required })),
      sheets,
      mapping: first ? { sheet: first.name, headerRow: first.headerRow, columns: first.proposed } : null,
    };
  }

  /** The mapping's shape (400 importMappingInvalid with fields), checked before the file is read. */
  checkMapping(principal: Principal, name: string, raw: unknown): DataImportMapping {
    const target = this.target(principal, name);
    let input: unknown = raw;
    if (typeof raw === 'string') {
      try {
        input = JSON.parse(raw);
      } catch {
        input = null;
      }
    }
    const fields: Record<string, string[]> = {};
    const mapping = (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}) as Partial<DataImportMapping>;
    if (typeof mapping.sheet !== 'string' || mapping.sheet === '') fields.sheet = ['required'];
    if (!Number.isInteger(mapping.headerRow) || (mapping.headerRow as number) < 0 || (mapping.headerRow as number) > 1000)
      fields.headerRow = ['invalid'];
    const columns = (
      typeof mapping.columns === 'object' && mapping.columns !== null && !Array.isArray(mapping.columns) ? mapping.columns : null
    ) as Record<string, unknown> | null;
    if (!columns) fields.columns = ['required'];
    else {
      const known = new Set(target.fields.map((f) => f.field));
      const used = new Set<unknown>();
      for (const [field, column] of Object.entries(columns)) {
        if (!known.has(field)) fields[`columns.${field}`] = ['unknownField'];
        else if (!Number.isInteger(column) || (column as number) < 1 || (column as number) > 500) fields[`columns.${field}`] = ['invalid'];
        else if (used.has(column)) fields[`columns.${field}`] = ['columnUsedTwice'];
        used.add(column);
      }
      for (const field of target.fields)
        if (field.required && columns[field.field] === undefined) fields[`columns.${field.field}`] = ['required'];
    }
    if (Object.keys(fields).length > 0)
      throw refusal(400, ErrorCodes.importMappingInvalid, `The column mapping is not valid: ${Object.keys(fields).join(', ')}.`, {
        fields,
      });
    return mapping as DataImportMapping;
  }

  async import(
    principal: Principal,
    name: string,
    bytes: Buffer,
    rawMapping: unknown,
    onProgress: (p: DataImportProgress) => void = () => undefined,
  ): Promise<DataImportResult> {
    const mapping = this.checkMapping(principal, name, rawMapping);
    const target = this.target(principal, name);
    const [sheet] = await readable(readXlsx(bytes, { sheets: [mapping.sheet] })).then((all) => all.filter((s) => s.name === mapping.sheet));
    if (!sheet)
      throw refusal(400, ErrorCodes.importMappingInvalid, `The file has no sheet named ${mapping.sheet}.`, {
        fields: { sheet: ['sheetNotFound'] },
      });
    const rows = dataRows(sheet, mapping);
    if (rows.length > DATA_IMPORT_MAX_ROWS)
      throw refusal(
        413,
        ErrorCodes.importTooManyRows,
        `One import brings at most ${DATA_IMPORT_MAX_ROWS} rows; this sheet has ${rows.length}.`,
        { rows: rows.length },
      );
    onProgress({ type: 'progress', phase: 'read', done: 0, total: rows.length });
    const outcome = await target.check(principal, sheet.name, rows);
    if ('errors' in outcome) {
      const errorCount = outcome.errors.length;
      throw refusal(
        422,
        ErrorCodes.importRowsInvalid,
        `${errorCount} problem(s) in the file, so nothing was imported${errorCount > DATA_IMPORT_MAX_LISTED_ERRORS ? ` (the first ${DATA_IMPORT_MAX_LISTED_ERRORS} are listed)` : ''}.`,
        { errors: outcome.errors.slice(0, DATA_IMPORT_MAX_LISTED_ERRORS), errorCount },
      );
    }
    if (outcome.checked.length === 0)
      throw refusal(422, ErrorCodes.importRowsInvalid, 'The sheet has no rows under its header row.', { errors: [], errorCount: 0 });
    onProgress({ type: 'progress', phase: 'checked', done: 0, total: outcome.checked.length });
    const ids: string[] = [];
    for (const [index, checked] of outcome.checked.entries()) {
      try {
        ids.push(await target.record(principal, checked));
      } catch (error) {
        // Something changed between the check and this row (another person added the same name, a mail server
        // refused): the rows before it are recorded, and the reply says which.
        if (!(error instanceof HttpException)) throw error;
        const reply = error.getResponse() as { errorCode?: string; errorMessage?: string; extra?: Record<string, unknown> };
        throw refusal(
          error.getStatus(),
          reply.errorCode ?? ErrorCodes.internal,
          `Row ${rows[index]?.row ?? '?'} was refused after ${ids.length} row(s) were recorded: ${reply.errorMessage ?? ''}`,
          { ...(reply.extra ?? {}), recorded: ids.length, ids, row: rows[index]?.row ?? null },
        );
      }
      onProgress({ type: 'progress', phase: 'recording', done: ids.length, total: outcome.checked.length });
    }
    return { success: true, target: name as DataImportTarget, recorded: ids.length, ids };
  }
}

const text = (cell: DataImportCell | undefined) =>
  cell === null || cell === undefined ? '' : typeof cell === 'number' ? String(Math.round(cell * 1e6) / 1e6) : cell.trim();
const normal = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The rows under the header row with something in a mapped column, each mapped field's text and column. */
function dataRows(sheet: ReadSheet, mapping: DataImportMapping): ImportRow[] {
  const rows: ImportRow[] = [];
  for (const row of sheet.rows) {
    if (row.row <= mapping.headerRow) continue;
    const cells: ImportRow['cells'] = {};
    for (const [field, column] of Object.entries(mapping.columns)) {
      const value = text(row.cells[column - 1]);
      if (value !== '') cells[field] = { text: value, column };
    }
    if (Object.keys(cells).length > 0) rows.push({ row: row.row, cells, columns: mapping.columns });
  }
  return rows;
}

/** The header row: of the first rows, the one whose cells name the most fields; its columns proposed for them. */
function previewSheet(sheet: ReadSheet, fields: readonly ImportTargetField[]): DataImportPreviewSheet {
  let best: { row: number; cells: DataImportCell[]; proposed: Record<string, number> } | null = null;
  for (const row of sheet.rows.slice(0, HEADER_SEARCH_ROWS)) {
    const proposed: Record<string, number> = {};
    row.cells.forEach((cell, index) => {
      const words = normal(text(cell));
      const field = fields.find((f) => proposed[f.field] === undefined && f.headers.some((h) => normal(h) === words));
      if (field) proposed[field.field] = index + 1;
    });
    if (!best || Object.keys(proposed).length > Object.keys(best.proposed).length) best = { row: row.row, cells: row.cells, proposed };
  }
  const headerRow = best && Object.keys(best.proposed).length > 0 ? best.row : (sheet.rows[0]?.row ?? 1);
  const header = sheet.rows.find((r) => r.row === headerRow);
  return {
    name: sheet.name,
    rowCount: sheet.rowCount,
    headerRow,
    headers: header?.cells ?? [],
    rows: sheet.rows
      .filter((r) => r.row > headerRow)
      .slice(0, PREVIEW_ROWS)
      .map((r) => ({ row: r.row, cells: r.cells })),
    proposed: best && best.row === headerRow ? best.proposed : {},
  };
}

async function readable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof XlsxUnreadable)) throw error;
    if (error.reason === 'notXlsx')
      throw refusal(
        400,
        ErrorCodes.importNotXlsx,
        'This file is not an .xlsx workbook (Excel 2007 or later): save it as .xlsx and try again.',
      );
    throw refusal(413, ErrorCodes.importTooManyRows, 'This workbook is too large to read: split it into smaller files.');
  }
}
