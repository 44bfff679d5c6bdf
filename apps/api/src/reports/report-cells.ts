// Cells as the reports' columns read them (contracts reports-api.ts): money a ringgit decimal text from
// sen, percentages and days with one decimal, and a section cut at its page size with `more` said.
import {
  type AgeBucket,
  REPORT_SECTION_MAX_ROWS,
  type ReportChart,
  type ReportColumn,
  type ReportColumnKind,
  type ReportRow,
  type ReportSection,
} from '@binaan/contracts';
import { formatSen } from '../documents/money.js';

const DAY_SECONDS = 86_400;

/** Sen (bigint text from SQL, or a bigint) as ringgit with two places: 123456 -> "1234.56". */
export function money(sen: string | bigint | number | null | undefined): string {
  return formatSen(BigInt(sen ?? 0));
}

/** part / whole as a percentage with one decimal, half up; null when the whole is nothing. */
export function percent(part: number, whole: number): string | null {
  if (whole === 0) return null;
  return (Math.round((part * 1000) / whole) / 10).toFixed(1);
}

/** Seconds as days with one decimal; null for no time measured. */
export function days(seconds: number | string | null): number | null {
  if (seconds === null) return null;
  return Math.round((Number(seconds) / DAY_SECONDS) * 10) / 10;
}

export const count = (value: string | number | null | undefined): number => Number(value ?? 0);

export const columns = (spec: Record<string, ReportColumnKind>): ReportColumn[] =>
  Object.entries(spec).map(([key, kind]) => ({ key, kind }));

/** The LIMIT a section's query takes: one more than a page, to know there is more; none for an export. */
export const rowLimit = (allRows: boolean): string => (allRows ? '' : `LIMIT ${REPORT_SECTION_MAX_ROWS + 1}`);

export function section(key: string, cols: ReportColumn[], rows: ReportRow[], chart: ReportChart | null, allRows: boolean): ReportSection {
  const more = !allRows && rows.length > REPORT_SECTION_MAX_ROWS;
  return { key, columns: cols, rows: more ? rows.slice(0, REPORT_SECTION_MAX_ROWS) : rows, chart: rows.length === 0 ? null : chart, more };
}

/** A timestamptz as the Malaysian month (YYYY-MM) in SQL. */
export const malaysianMonthSql = (column: string): string => `to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`;
/** A timestamptz as the Malaysian day (YYYY-MM-DD) in SQL. */
export const malaysianDaySql = (column: string): string => `to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/** Each age bucket (contracts `AgeBuckets`) as a condition on a column `age` in days. */
export const AGE_BUCKET_SQL: Readonly<Record<AgeBucket, string>> = {
  days0to7: 'age <= 7',
  days8to30: 'age > 7 AND age <= 30',
  days31to60: 'age > 30 AND age <= 60',
  days61to90: 'age > 60 AND age <= 90',
  over90: 'age > 90',
};
