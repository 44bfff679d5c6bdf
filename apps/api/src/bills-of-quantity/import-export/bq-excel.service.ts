// The Excel import and export over HTTP: the project is checked first, the file is read in the worker
// (xlsx-reader.ts), the mapping and rows are checked (bq-sheet-rows.ts), and the rows go to the BQ through
// BQ_BOOK. Every refusal is a 4xx with its code: not an xlsx 400 bqImportNotXlsx, too large 413, a mapping
// of the wrong shape 400 bqMappingInvalid (fields name its problems), a sheet it names that is not in the
// file 422 bqImportSheetNotFound, rows that break the rules 422 bqImportRowsInvalid with errors by sheet,
// row and column.
import { Inject, Injectable } from '@nestjs/common';
import type { SqlExecutor } from '@binaan/event-store';
import type { BqImportTab } from '@binaan/contracts';
import { READ_MODELS, type Principal } from '../../common/principal.js';
import { refusal } from '../../common/refusal.js';
import { BQ_BOOK, type BqBook } from './bq-book.port.js';
import { parseMapping } from './bq-mapping.js';
import { importWorkbook, MAX_IMPORT_ROWS, MAX_LISTED_ERRORS, previewWorkbook, proposedMapping } from './bq-workbook-reader.js';
import { writeBqWorkbook } from './bq-workbook-writer.js';
import { visibleProject } from './project-access.js';
import { XlsxUnreadable } from './xlsx-reader.js';

export type ImportProgress = { phase: 'reading' | 'checking' | 'writing'; rows: number; totalRows: number | null };

export type ImportReply = {
  success: true;
  /** False when checked only (dryRun). */
  written: boolean;
  revision: number | null;
  rows: number;
  tabs: { name: string; rows: number }[];
  /** The rows themselves, on a dry run: what an import would add. */
  preview?: BqImportTab[];
};

@Injectable()
export class BqExcelService {
  constructor(
    @Inject(READ_MODELS) readonly db: SqlExecutor,
    @Inject(BQ_BOOK) private readonly book: BqBook,
  ) {}

  async preview(principal: Principal, projectId: string, bytes: Buffer) {
    await visibleProject(this.db, principal, projectId);
    const sheets = await unreadableAsRefusal(previewWorkbook(bytes));
    return { success: true as const, sheets, mapping: proposedMapping(sheets) };
  }

  /** The mapping's shape, checked before the file is read (so a streamed import refuses it with a status). */
  checkMapping(raw: unknown) {
    let input: unknown = raw;
    if (typeof raw === 'string') {
      try {
        input = JSON.parse(raw);
      } catch {
        throw refusal(400, 'bqMappingInvalid', 'The mapping is not JSON.', { fields: { mapping: ['bqMappingInvalid'] } });
      }
    }
    const parsed = parseMapping(input);
    if ('problems' in parsed) {
      const fields: Record<string, string[]> = {};
      for (const p of parsed.problems) (fields[p.field] ??= []).push(p.code);
      throw refusal(400, 'bqMappingInvalid', 'The column mapping is not valid: see fields.', { fields });
    }
    return parsed.mapping;
  }

  async import(
    principal: Principal,
    projectId: string,
    bytes: Buffer,
    rawMapping: unknown,
    options: { dryRun: boolean; fileName: string; onProgress?: (p: ImportProgress) => void },
  ): Promise<ImportReply> {
    const mapping = this.checkMapping(rawMapping);
    await visibleProject(this.db, principal, projectId);
    const progress = options.onProgress ?? (() => undefined);
    progress({ phase: 'reading', rows: 0, totalRows: null });
    const outcome = await unreadableAsRefusal(
      importWorkbook(
        bytes,
        mapping,
        (p) => progress({ phase: 'reading', rows: p.rows, totalRows: p.totalRows }),
        (p) => progress({ phase: 'checking', rows: p.rows, totalRows: p.totalRows }),
      ),
    );
    if (!outcome.ok) {
      if (outcome.code === 'bqImportSheetNotFound')
        throw refusal(422, outcome.code, `The file has no sheet named ${outcome.sheets.join(', ')}.`, { sheets: outcome.sheets });
      if (outcome.code === 'bqImportTooManyRows')
        throw refusal(413, outcome.code, `One import brings at most ${MAX_IMPORT_ROWS} rows; this one has ${outcome.rows}.`, {
          rows: outcome.rows,
        });
      throw refusal(
        422,
        outcome.code,
        `${outcome.errorCount} cell(s) of the file break the BQ's rules${outcome.errorCount > MAX_LISTED_ERRORS ? ` (the first ${MAX_LISTED_ERRORS} are listed)` : ''}.`,
        { errors: outcome.errors, errorCount: outcome.errorCount },
      );
    }
    const tabs = outcome.tabs.map((t) => ({ name: t.name, rows: t.rows.length }));
    if (options.dryRun) return { success: true, written: false, revision: null, rows: outcome.rows, tabs, preview: outcome.tabs };
    progress({ phase: 'writing', rows: 0, totalRows: outcome.rows });
    const result = await this.book.append(principal, projectId, outcome.tabs, { kind: 'excel', fileName: options.fileName });
    progress({ phase: 'writing', rows: outcome.rows, totalRows: outcome.rows });
    return { success: true, written: result.written, revision: result.revision, rows: outcome.rows, tabs };
  }

  async export(principal: Principal, projectId: string): Promise<{ fileName: string; bytes: Buffer }> {
    const project = await visibleProject(this.db, principal, projectId);
    const tabs = await this.book.read(principal, projectId);
    const bytes = await writeBqWorkbook(
      { projectName: project.projectName, projectCode: project.projectCode, companyName: project.companyName },
      tabs,
    );
    return { fileName: `${project.projectCode.replace(/[^A-Za-z0-9-]/g, '_')}-bill-of-quantity.xlsx`, bytes };
  }
}

async function unreadableAsRefusal<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof XlsxUnreadable)) throw error;
    if (error.reason === 'notXlsx') throw notXlsx();
    throw refusal(413, 'bqImportTooLarge', 'This workbook is too large to read: split it into smaller files.');
  }
}

export const notXlsx = () =>
  refusal(400, 'bqImportNotXlsx', 'This file is not an .xlsx workbook (Excel 2007 or later): save it as .xlsx and try again.');
