import { describe, expect, it } from 'vitest';
import { basisPointsOf, rateText, senOf, senText, storageText } from './sen.js';

describe('sen and rates as a reader reads them', () => {
  it('shows sen as RM with two decimals and reads it back', () => {
    expect(senText(318_000)).toBe('RM 3,180.00');
    expect(senText(5)).toBe('RM 0.05');
    expect(senText(null)).toBe('-');
    expect(senOf('3,000.5')).toBe(300_050);
    expect(senOf('RM 12')).toBe(1_200);
    expect(senOf('1.234')).toBeNull();
    expect(senOf('abc')).toBeNull();
  });

  it('shows basis points as percent and reads them back; storage in GB or TB', () => {
    expect([rateText(600), rateText(150), rateText(8000)]).toEqual(['6%', '1.5%', '80%']);
    expect([basisPointsOf('6'), basisPointsOf('6.25%'), basisPointsOf('x')]).toEqual([600, 625, null]);
    expect([storageText(10), storageText(1000), storageText(10000)]).toEqual(['10 GB', '1 TB', '10 TB']);
  });
});
