// A report's window in Malaysian days (UTC+8) and its refusals, computed by hand.
import { describe, expect, it } from '@jest/globals';
import { malaysianDay, parseReportRequest } from './report-query.js';

const NOW = new Date('2026-03-31T17:30:00Z'); // 1 April 2026, 01:30 in Malaysia

describe('a report query', () => {
  it('without dates: the 30 Malaysian days ending today, as instants from 00:00 +08:00', () => {
    const { query } = parseReportRequest('buyer', {}, 'teguh-bina', NOW);
    expect([query.from, query.to]).toEqual(['2026-03-03', '2026-04-01']);
    expect(query.fromAt.toISOString()).toBe('2026-03-02T16:00:00.000Z');
    expect(query.toBefore.toISOString()).toBe('2026-04-01T16:00:00.000Z');
  });

  it('login activity without dates: its last 7 Malaysian days', () => {
    const { query } = parseReportRequest('loginActivity', {}, null, NOW);
    expect([query.from, query.to]).toEqual(['2026-03-26', '2026-04-01']);
  });

  it('60 days pass and 61 are refused; login activity takes 7 and refuses 8', () => {
    expect(parseReportRequest('buyer', { from: '2026-01-01', to: '2026-03-01' }, 'c', NOW).query.to).toBe('2026-03-01');
    expect(() => parseReportRequest('buyer', { from: '2026-01-01', to: '2026-03-02' }, 'c', NOW)).toThrow(
      expect.objectContaining({ code: 'reportRangeTooLong' }),
    );
    expect(parseReportRequest('loginActivity', { from: '2026-03-01', to: '2026-03-07' }, null, NOW).query.from).toBe('2026-03-01');
    expect(() => parseReportRequest('loginActivity', { from: '2026-03-01', to: '2026-03-08' }, null, NOW)).toThrow(
      expect.objectContaining({ code: 'reportRangeTooLong' }),
    );
  });

  it('as of a past time, the default window ends on that Malaysian day; a time to come is refused', () => {
    const { query } = parseReportRequest('buyer', { asOf: '2026-02-14T18:00:00Z' }, 'c', NOW);
    expect([query.from, query.to, query.asOf?.toISOString()]).toEqual(['2026-01-17', '2026-02-15', '2026-02-14T18:00:00.000Z']);
    expect(() => parseReportRequest('buyer', { asOf: '2026-04-01T00:00:00Z' }, 'c', NOW)).toThrow(
      expect.objectContaining({ code: 'asOfInFuture' }),
    );
  });

  it('an instant just before midnight in Malaysia is still that day', () => {
    expect(malaysianDay(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(malaysianDay(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
});
