import { describe, expect, it } from 'vitest';
import { formatMalaysianDate, formatMalaysianDateTime } from './dates.js';

describe('papers in Malaysian time', () => {
  it('gives an instant as the time in Kuala Lumpur with the zone, noon and midnight as 12', () => {
    expect(formatMalaysianDateTime('2026-02-10T04:00:00.000Z')).toBe('10/02/2026 12:00 PM MYT (UTC+8)');
    expect(formatMalaysianDateTime('2026-02-10T16:30:00.000Z')).toBe('11/02/2026 12:30 AM MYT (UTC+8)');
  });
  it("takes the day in Kuala Lumpur, not the viewer's", () => {
    expect(formatMalaysianDate('2026-02-10T17:00:00.000Z')).toBe('11/02/2026');
    expect(formatMalaysianDate(null)).toBe('-');
  });
});
