// A report as files: one section as CSV (RFC 4180, UTF-8 with a byte order mark so spreadsheets read the
// Chinese names right), the whole report as an .xlsx workbook with a sheet per section. Every row is in the
// files (the page shows the largest REPORT_SECTION_MAX_ROWS). Figures stay figures: money and percentages
// are numbers in the workbook (formatted with two and one places), months and dates real dates there.
import ExcelJS from 'exceljs';
import type { ReportColumn, ReportReply, ReportSection } from '@binaan/contracts';

const BOM = '\uFEFF';

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function sectionCsv(section: ReportSection): string {
  const lines = [section.columns.map((column) => csvField(column.key)).join(',')];
  for (const row of section.rows) lines.push(section.columns.map((column) => csvField(String(row[column.key] ?? ''))).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

const NUMBER_FORMATS: Partial<Record<ReportColumn['kind'], string>> = {
  money: '#,##0.00',
  percent: '0.0',
  days: '0.0',
  count: '#,##0',
  date: 'dd/mm/yyyy',
  month: 'mm/yyyy',
};

function cellValue(column: ReportColumn, value: string | number | null): ExcelJS.CellValue {
  if (value === null) return null;
  switch (column.kind) {
    case 'money':
    case 'percent':
    case 'days':
    case 'count':
      return Number(value);
    case 'date':
      return new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
    case 'month':
      return new Date(`${String(value)}-01T00:00:00Z`);
    default:
      return String(value);
  }
}

export async function reportWorkbook(report: ReportReply): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Binaan';
  workbook.created = new Date(report.drawnAt);
  for (const section of report.sections) {
    const sheet = workbook.addWorksheet(section.key.slice(0, 31));
    sheet.columns = section.columns.map((column) => ({
      header: column.key,
      key: column.key,
      width: Math.max(12, column.key.length + 2),
      style: NUMBER_FORMATS[column.kind] ? { numFmt: NUMBER_FORMATS[column.kind]! } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of section.rows)
      sheet.addRow(Object.fromEntries(section.columns.map((column) => [column.key, cellValue(column, row[column.key] ?? null)])));
  }
  const about = workbook.addWorksheet('report');
  about.addRows([
    ['report', report.report],
    ['from', report.filters.from],
    ['to', report.filters.to],
    ['projectId', report.filters.projectId ?? ''],
    ['counterpartyId', report.filters.counterpartyId ?? ''],
    ['asOf', report.asOf ?? ''],
    ['drawnAt', report.drawnAt],
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The file's name: the report, its window and, as of a past time, that time. */
export function exportFileName(report: ReportReply, extension: 'csv' | 'xlsx', section?: string): string {
  const asOf = report.asOf ? `-as-of-${report.asOf.slice(0, 16).replace(':', '')}` : '';
  return `${report.report}-report${section ? `-${section}` : ''}-${report.filters.from}-to-${report.filters.to}${asOf}.${extension}`;
}
