import { describe, expect, it } from 'vitest';
import { addDays, defaultRange, queryFromSearch, queryRefusal, rangeDays, reportPath } from './report-query.js';

const NOW = new Date('2026-03-20T09:00:00Z');

describe('a report window', () => {
  it('counts both ends', () => {
    expect(rangeDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(rangeDays('2026-01-01', '2026-03-01')).toBe(60);
    // Across the end of February in a year that is not a leap year: 28 + 1.
    expect(rangeDays('2026-02-01', '2026-03-01')).toBe(29);
  });

  it('is by default the last 30 days to today', () => {
    expect(defaultRange('2026-03-20')).toEqual({ from: '2026-02-19', to: '2026-03-20' });
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('allows 60 days for a company report, refuses 61', () => {
    expect(queryRefusal('buyer', { from: '2026-01-01', to: '2026-03-01', asOf: null }, NOW)).toBeNull();
    expect(queryRefusal('buyer', { from: '2026-01-01', to: '2026-03-02', asOf: null }, NOW)).toBe('reportRangeTooLong');
  });

  it('allows 7 days of login activity, refuses 8', () => {
    expect(queryRefusal('loginActivity', { from: '2026-03-01', to: '2026-03-07', asOf: null }, NOW)).toBeNull();
    expect(queryRefusal('loginActivity', { from: '2026-03-01', to: '2026-03-08', asOf: null }, NOW)).toBe('reportRangeTooLong');
  });

  it('refuses a last day before the first, an unreadable day and an as-of time still to come', () => {
    expect(queryRefusal('seller', { from: '2026-03-05', to: '2026-03-04', asOf: null }, NOW)).toBe('reportRangeInverted');
    expect(queryRefusal('seller', { from: '05/03/2026', to: '2026-03-04', asOf: null }, NOW)).toBe('validationFailed');
    expect(queryRefusal('seller', { from: '2026-03-01', to: '2026-03-04', asOf: '2026-03-20T09:01:00Z' }, NOW)).toBe('asOfInFuture');
    expect(queryRefusal('seller', { from: '2026-03-01', to: '2026-03-04', asOf: '2026-03-20T08:59:00Z' }, NOW)).toBeNull();
  });
});

describe('the report query in the URL and to the api', () => {
  it('reads the URL, the window defaulting to the last 30 days', () => {
    expect(queryFromSearch(new URLSearchParams('projectId=p1'), '2026-03-20', 'seller')).toEqual({
      from: '2026-02-19',
      to: '2026-03-20',
      projectId: 'p1',
      counterpartyId: null,
      asOf: null,
    });
    // Login activity opens on its last 7 days, the most it covers.
    expect(queryFromSearch(new URLSearchParams(), '2026-03-20', 'loginActivity')).toMatchObject({ from: '2026-03-14', to: '2026-03-20' });
  });

  it('asks the api for the JSON, a section as CSV and the workbook', () => {
    const query = { from: '2026-03-01', to: '2026-03-10', projectId: null, counterpartyId: 'c 1', asOf: '2026-03-05T09:00:00.000Z' };
    expect(reportPath('buyer', query)).toBe(
      '/api/reports/buyer?from=2026-03-01&to=2026-03-10&counterpartyId=c+1&asOf=2026-03-05T09%3A00%3A00.000Z',
    );
    expect(reportPath('seller', query, 'csv', 'ordersByStatus')).toBe(
      '/api/reports/seller?from=2026-03-01&to=2026-03-10&counterpartyId=c+1&asOf=2026-03-05T09%3A00%3A00.000Z&format=csv&section=ordersByStatus',
    );
    expect(reportPath('developer', { ...query, counterpartyId: null, asOf: null }, 'xlsx')).toBe(
      '/api/reports/developer?from=2026-03-01&to=2026-03-10&format=xlsx',
    );
  });
});
