import { describe, expect, it } from '@jest/globals';
import { monthsOf } from './report-figures.js';
import { percent } from './report-cells.js';

describe('report figures', () => {
  it('the months a window touches, across a year end', () => {
    expect(monthsOf('2026-11-15', '2027-01-13')).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsOf('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });

  it('the rates of the tendering sections: one decimal, half up; none of nothing', () => {
    expect([percent(5, 8), percent(1, 3), percent(2, 3), percent(1, 16), percent(0, 4), percent(4, 4), percent(1, 0)]).toEqual([
      '62.5',
      '33.3',
      '66.7',
      '6.3',
      '0.0',
      '100.0',
      null,
    ]);
  });
});
