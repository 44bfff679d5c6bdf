// What an import target is: the columns it takes (with the header words that propose each), the right that
// opens it, a check of every row (nothing recorded), and the recording of checked rows one by one through the
// target's own command. The registry (import-targets.ts) is the one table of targets.
import type { AccessRight, DataImportField, DataImportRowError } from '@binaan/contracts';
import type { Principal } from '../common/principal.js';

/** One data row: its sheet row number, per mapped field with a value the cell's text and column, and the mapped columns. */
export type ImportRow = { row: number; cells: Record<string, { text: string; column: number }>; columns: Readonly<Record<string, number>> };

export type ImportTargetField = DataImportField & { headers: readonly string[] };

export type ImportTarget<Checked = unknown> = {
  fields: readonly ImportTargetField[];
  right: AccessRight;
  /** Every row's problems, or the rows ready to record; reads only. */
  check(
    principal: Principal,
    sheet: string,
    rows: readonly ImportRow[],
  ): Promise<{ errors: DataImportRowError[] } | { checked: Checked[] }>;
  /** Records one checked row (the same command as one added by hand); its id. */
  record(principal: Principal, checked: Checked): Promise<string>;
};

/** A row error on the field's column. */
export function cellError(sheet: string, row: ImportRow, field: string | null, code: string): DataImportRowError {
  const cell = field ? row.cells[field] : undefined;
  return {
    sheet,
    row: row.row,
    column: cell?.column ?? (field ? row.columns[field] : undefined) ?? null,
    field,
    code,
    value: cell?.text ?? null,
  };
}

export const textOf = (row: ImportRow, field: string) => row.cells[field]?.text ?? '';
