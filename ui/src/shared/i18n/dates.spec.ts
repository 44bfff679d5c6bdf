import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthYear, orDash } from './dates.js';

describe('dates as the spec shows them', () => {
  it('DD/MM/YYYY, MM/YYYY and DD/MM/YYYY h:mm A in local time', () => {
    const afternoon = new Date(2026, 10, 3, 15, 5);
    expect(formatDate(afternoon)).toBe('03/11/2026');
    expect(formatMonthYear(afternoon)).toBe('11/2026');
    expect(formatDateTime(afternoon)).toBe('03/11/2026 3:05 PM');
    expect(formatDateTime(new Date(2026, 0, 9, 0, 30))).toBe('09/01/2026 12:30 AM');
    expect(formatDateTime(new Date(2026, 0, 9, 12, 0))).toBe('09/01/2026 12:00 PM');
  });

  it('shows the empty sentinel (01/01/0001, 0001-01-01..., zero) and missing values as a dash', () => {
    for (const empty of ['0001-01-01T00:00:00.000Z', '01/01/0001', 0, '', null, undefined, 'not a date']) {
      expect(formatDate(empty)).toBe('-');
      expect(formatDateTime(empty)).toBe('-');
    }
    expect(orDash('')).toBe('-');
    expect(orDash('abc')).toBe('abc');
  });

  it('reads DD/MM/YYYY text as a date', () => {
    expect(formatDate('25/12/2026')).toBe('25/12/2026');
  });
});
