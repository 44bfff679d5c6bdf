import { describe, expect, it } from 'vitest';
import { parseDmy, parseDmyTime, parseMalaysianDmyTime, showDmy } from './date-text.js';

describe('dates typed as DD/MM/YYYY', () => {
  it('reads day first, checks the calendar, and tells empty from not yet a date', () => {
    expect(parseDmy('31/12/2026')).toBe('2026-12-31');
    expect(parseDmy(' 5/1/2027 ')).toBe('2027-01-05');
    expect(parseDmy('29/02/2028')).toBe('2028-02-29');
    expect(parseDmy('29/02/2027')).toBeUndefined();
    expect(parseDmy('12/31/2026')).toBeUndefined();
    expect(parseDmy('2026-12-31')).toBeUndefined();
    expect(parseDmy('31/12/26')).toBeUndefined();
    expect(parseDmy('')).toBeNull();
  });

  it('reads a time as h:mm AM/PM or HH:mm, in local time', () => {
    expect(parseDmyTime('03/11/2026 3:05 PM')).toBe(new Date(2026, 10, 3, 15, 5).toISOString());
    expect(parseDmyTime('03/11/2026 12:30 am')).toBe(new Date(2026, 10, 3, 0, 30).toISOString());
    expect(parseDmyTime('03/11/2026 12:00 PM')).toBe(new Date(2026, 10, 3, 12, 0).toISOString());
    expect(parseDmyTime('03/11/2026 23:59')).toBe(new Date(2026, 10, 3, 23, 59).toISOString());
    for (const bad of ['03/11/2026 13:00 PM', '03/11/2026 0:15 AM', '03/11/2026 24:00', '03/11/2026', '03/11/2026 3:5 PM'])
      expect(parseDmyTime(bad)).toBeUndefined();
    expect(parseDmyTime(' ')).toBeNull();
  });

  it("reads a time as Malaysian time (UTC+8) whatever the viewer's zone, with the same checks", () => {
    expect(parseMalaysianDmyTime('03/11/2026 3:05 PM')).toBe('2026-11-03T07:05:00.000Z');
    expect(parseMalaysianDmyTime('01/01/2027 12:30 AM')).toBe('2026-12-31T16:30:00.000Z');
    expect(parseMalaysianDmyTime('03/11/2026 23:59')).toBe('2026-11-03T15:59:00.000Z');
    expect(parseMalaysianDmyTime('31/02/2027 9:00 AM')).toBeUndefined();
    expect(parseMalaysianDmyTime('')).toBeNull();
  });

  it('shows stored values day first, and what it cannot read as typed', () => {
    expect(showDmy('2026-12-31', false)).toBe('31/12/2026');
    expect(showDmy(new Date(2026, 10, 3, 15, 5).toISOString(), true)).toBe('03/11/2026 3:05 PM');
    expect(showDmy(new Date(2026, 10, 3, 15, 5).toISOString(), false)).toBe('03/11/2026');
    expect(showDmy('31/1', false)).toBe('31/1');
    expect(showDmy(null, false)).toBe('');
  });
});

describe('the document form refuses date fields that do not hold a date yet', async () => {
  const { validateDocument } = await import('../documents/document-rules.js');
  it('names each field, dates and times apart, and passes stored values and empty ones', () => {
    const errors = validateDocument({
      title: 'Roof works',
      documentDate: '31/1',
      startDate: '2026-12-01',
      endDate: '',
      openAt: '01/12/2026 9:00',
      closeAt: new Date(2026, 11, 9).toISOString(),
      claimItems: [{ description: 'Roof', expectedCompletionDate: 'soon' }],
    } as never);
    expect(errors).toEqual({
      documentDate: 'admin.inputs.notADate',
      openAt: 'admin.inputs.notADateTime',
      'claimItems.0.expectedCompletionDate': 'admin.inputs.notADate',
    });
  });
});
