// The one formatter of times in replies.
import { describe, expect, it } from '@jest/globals';
import { iso, isoOrNull } from './iso.js';

describe('iso', () => {
  it('writes a Date as UTC ISO text', () => {
    expect(iso(new Date(Date.UTC(2026, 2, 2, 1, 0, 0, 5)))).toBe('2026-03-02T01:00:00.005Z');
  });

  it('reads text with an offset and writes it in UTC, as pg hands text for a cast time', () => {
    expect(iso('2026-03-02 09:00:00+08')).toBe('2026-03-02T01:00:00.000Z');
    expect(iso('2026-03-02T09:30:00+08:00')).toBe('2026-03-02T01:30:00.000Z');
  });

  it('refuses what is no time rather than writing "Invalid Date"', () => {
    expect(() => iso('not a time')).toThrow(RangeError);
  });

  it('keeps no time as null', () => {
    expect([isoOrNull(null), isoOrNull('2026-03-02T01:00:00Z')]).toEqual([null, '2026-03-02T01:00:00.000Z']);
  });
});
