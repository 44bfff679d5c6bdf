// A report's cell as a reader sees it, by its column's kind (contracts' ReportColumnKind): money "RM 1,234.50"
// (the api sends exact decimal strings, so no float arithmetic), counts with thousands separators, "62.5%",
// "3.5 days", months MM/YYYY, dates DD/MM/YYYY; document kinds, statuses and the report's own words translated.
import type { ReportCell, ReportColumn, ReportRow } from '@binaan/contracts';
import { humanise, resourceLabel, statusLabel } from '../catalogue/labels.js';
import { formatDate, formatMoney, formatQuantity } from '../format.js';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const EMPTY_CELL = '-';

const numberText = (value: string | number) => (typeof value === 'number' ? String(value) : value.trim());

/** "1234567" -> "1,234,567"; "3.50" -> "3.5": separators in the whole part, no trailing zeros. */
export function formatCount(value: string | number): string {
  const text = numberText(value);
  return /^-?\d+(\.\d+)?$/.test(text) ? formatQuantity(text) : text;
}

/** "YYYY-MM" -> "MM/YYYY" (no Date: a month has no time zone). */
export function formatMonth(value: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(value);
  return match ? `${match[2]}/${match[1]}` : value;
}

/** The document kind of a row, for its status column: the row's first `kind` column. */
function rowKind(columns: readonly ReportColumn[], row: ReportRow): string | null {
  const column = columns.find((c) => c.kind === 'kind');
  const value = column ? row[column.key] : null;
  return typeof value === 'string' ? value : null;
}

/** One cell's text; `columns` and `row` give a status its document kind. */
export function formatCell(
  translate: Translate,
  column: ReportColumn,
  value: ReportCell,
  row: ReportRow = {},
  columns: readonly ReportColumn[] = [],
): string {
  if (value === null || value === '') return EMPTY_CELL;
  switch (column.kind) {
    case 'money':
      return formatMoney(value);
    case 'count':
      return formatCount(value);
    case 'percent':
      return `${formatCount(value)}%`;
    case 'days':
      return translate('reports.days', { value: formatCount(value), count: Number(value) });
    case 'month':
      return formatMonth(String(value));
    case 'date':
      return formatDate(String(value));
    // The kind's name as its menu entry reads ("Purchase orders"): the catalogue names each kind once.
    case 'kind':
      return resourceLabel(translate, String(value));
    case 'status': {
      const kind = rowKind(columns, row);
      return kind ? statusLabel(translate, kind, String(value)) : String(value);
    }
    case 'key':
      return translate(`reports.values.${value}`, { _: humanise(String(value)) });
    default:
      return String(value);
  }
}

/** A cell's number for the chart (money and percent come as decimal strings); null when it is none. */
export function cellNumber(value: ReportCell): number | null {
  if (value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Figures right-aligned in the table, as a reader compares them down a column. */
export const isNumeric = (column: ReportColumn) => ['money', 'count', 'percent', 'days'].includes(column.kind);

/**
 * A section's and a column's name: its words (reports.sections.<key>, reports.columns.<key>), else the key made
 * readable ("spendByMonth" -> "Spend by month"), so a section the api adds reads before it is translated.
 */
export const sectionTitle = (translate: Translate, key: string) => translate(`reports.sections.${key}`, { _: humanise(key) });
export const columnTitle = (translate: Translate, key: string) => translate(`reports.columns.${key}`, { _: humanise(key) });
