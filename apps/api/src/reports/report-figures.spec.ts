import { describe, expect, it } from '@jest/globals';
import { monthsOf, percentOf } from './report-figures.js';

describe('report figures', () => {
  it('the months a window touches, across a year end', () => {
    expect(monthsOf('2026-11-15', '2027-01-13')).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsOf('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });

  it('a percent to one decimal, half up; none of nothing', () => {
    expect([percentOf(5, 8), percentOf(1, 3), percentOf(2, 3), percentOf(1, 16), percentOf(0, 4), percentOf(4, 4), percentOf(1, 0)]).toEqual(['62.5', '33.3', '66.7', '6.3', '0.0', '100.0', null]);
  });
});
