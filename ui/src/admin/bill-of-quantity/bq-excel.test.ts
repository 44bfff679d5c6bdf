import { describe, expect, it } from 'vitest';
import { assignColumn, columnLetters, fieldOf, ndjsonLines, progressPercent, type BqSheetMapping } from './bq-excel.js';

const SHEET: BqSheetMapping = {
  sheet: 'Bill 1',
  tab: 'Bill 1',
  headerRow: 1,
  levels: 'flat',
  columns: { title: 'A', description: 'B', unit: 'C', quantity: 'D', rate: 'E' },
};

describe('the import mapping in the dialog', () => {
  it('names columns as the api does', () => {
    expect([1, 26, 27, 52, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
  });
  it('moves a field to another column, the column it left unmapped', () => {
    const next = assignColumn(SHEET, 'F', 'rate');
    expect(next.columns).toEqual({ title: 'A', description: 'B', unit: 'C', quantity: 'D', rate: 'F' });
    expect(fieldOf(next, 'E')).toBeNull();
  });
  it('gives a column a new field, dropping the one it had', () => {
    expect(assignColumn(SHEET, 'C', 'quantity').columns).toEqual({ title: 'A', description: 'B', quantity: 'C', rate: 'E' });
    expect(assignColumn(SHEET, 'C', null).columns).toEqual({ title: 'A', description: 'B', quantity: 'D', rate: 'E' });
  });
  it('a level column means levels from it; without it the levels go flat', () => {
    const withLevel = assignColumn(SHEET, 'G', 'level');
    expect(withLevel.levels).toBe('column');
    expect(assignColumn(withLevel, 'G', null).levels).toBe('flat');
  });
});

describe('the NDJSON progress lines', () => {
  it('reads complete lines and keeps the rest for the next chunk', () => {
    expect(ndjsonLines('{"a":1}\n{"b"')).toEqual({ values: [{ a: 1 }], rest: '{"b"' });
    expect(ndjsonLines('\n{"b":2}\n')).toEqual({ values: [{ b: 2 }], rest: '' });
  });
  it('turns a line into a share of the whole', () => {
    expect(progressPercent({ phase: 'reading', rows: 0, totalRows: null })).toBeNull();
    expect(progressPercent({ phase: 'reading', rows: 50, totalRows: 100 })).toBe(25);
    expect(progressPercent({ phase: 'checking', rows: 100, totalRows: 100 })).toBe(90);
    expect(progressPercent({ phase: 'writing', rows: 100, totalRows: 100 })).toBe(100);
  });
});
