import { describe, expect, it } from 'vitest';
import type { ReportColumn } from '@binaan/contracts';
import { cellNumber, columnTitle, formatCell, formatCount, formatMonth, sectionTitle } from './report-format.js';

// A translate that shows which key and options were asked, so the test sees what a cell is translated as.
const translate = (key: string, options: Record<string, unknown> = {}) => {
  const { _: fallback, ...rest } = options;
  void fallback;
  return Object.keys(rest).length ? `${key}${JSON.stringify(rest)}` : key;
};
const cell = (kind: ReportColumn['kind'], value: string | number | null) => formatCell(translate, { key: 'x', kind }, value);

describe('a report cell by its column kind', () => {
  it('money as RM with thousands separators and two decimals, from the exact decimal string', () => {
    expect(cell('money', '1234.5')).toBe('RM 1,234.50');
    expect(cell('money', '1000000')).toBe('RM 1,000,000.00');
    expect(cell('money', '-20.05')).toBe('-RM 20.05');
  });

  it('counts with thousands separators, percents with a percent sign', () => {
    expect(cell('count', 1234567)).toBe('1,234,567');
    expect(cell('count', 0)).toBe('0');
    expect(cell('percent', '62.5')).toBe('62.5%');
    expect(cell('percent', 100)).toBe('100%');
  });

  it('days through the plural text, with the figure kept as sent', () => {
    expect(cell('days', 3.5)).toBe('reports.days{"value":"3.5","count":3.5}');
    expect(cell('days', '1')).toBe('reports.days{"value":"1","count":1}');
  });

  it('months as MM/YYYY and dates as DD/MM/YYYY', () => {
    expect(cell('month', '2026-03')).toBe('03/2026');
    expect(formatMonth('2025-12')).toBe('12/2025');
    expect(cell('date', '2026-03-12')).toBe('12/03/2026');
  });

  it('kinds by the document kind name, keys as the report words, text as is', () => {
    expect(cell('kind', 'purchaseOrder')).toBe('resources.purchaseOrder.name{"smart_count":2}');
    expect(cell('key', 'days8to30')).toBe('reports.values.days8to30');
    expect(cell('text', 'Seri Hartanah')).toBe('Seri Hartanah');
  });

  it('a status as the status of the row kind', () => {
    const columns: ReportColumn[] = [
      { key: 'kind', kind: 'kind' },
      { key: 'status', kind: 'status' },
    ];
    expect(formatCell(translate, columns[1]!, 'approved', { kind: 'deliveryOrder', status: 'approved' }, columns)).toBe(
      'resources.deliveryOrder.status.approved',
    );
  });

  it('an empty cell as a dash', () => {
    expect(cell('money', null)).toBe('-');
    expect(cell('text', '')).toBe('-');
  });
});

describe('figures for the chart', () => {
  it('reads decimal strings as numbers and leaves out what is none', () => {
    expect(cellNumber('1234.50')).toBe(1234.5);
    expect(cellNumber(7)).toBe(7);
    expect(cellNumber(null)).toBeNull();
    expect(cellNumber('n/a')).toBeNull();
    expect(formatCount('12000.500')).toBe('12,000.5');
  });
});

describe('names of sections and columns', () => {
  // A translate knowing one section's name: the others fall back to what the page offers.
  const known = (key: string, options: Record<string, unknown> = {}) =>
    key === 'reports.sections.ordersByAge' ? 'Orders by age' : String(options._);

  it('are their words, else the key made readable', () => {
    expect(sectionTitle(known, 'ordersByAge')).toBe('Orders by age');
    expect(sectionTitle(known, 'spendByMonth')).toBe('Spend by month');
    expect(columnTitle(known, 'averageDays')).toBe('Average days');
  });
});
