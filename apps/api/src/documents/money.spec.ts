import { describe, expect, it } from '@jest/globals';
import { formatQuantity, formatSen, lineAmount, parseMoney, parseQuantity, percentOf } from './money.js';

describe('money: decimal strings at the edge, integer sen inside', () => {
  it('parses and formats exactly', () => {
    expect(parseMoney('1234.5')).toBe(123450n);
    expect(parseMoney('0.10')).toBe(10n);
    expect(parseMoney('-3')).toBe(-300n);
    expect(formatSen(123450n)).toBe('1234.50');
    expect(formatSen(-5n)).toBe('-0.05');
    expect(parseQuantity('2.125')).toBe(2125n);
    expect(formatQuantity(2125n)).toBe('2.125');
  });

  it('refuses what is not a decimal with the allowed places', () => {
    for (const bad of ['1.234', '1e3', 'abc', '', ' 1', '1,000.00', 'NaN']) expect(parseMoney(bad)).toBeNull();
    for (const bad of ['-1', '1.2345', '']) expect(parseQuantity(bad)).toBeNull();
  });

  it('computes line amounts and SST half up to the sen, with no float drift', () => {
    expect(lineAmount(3000n, 10n)).toBe(30n); // 3 x 0.10 = 0.30 (0.1 * 3 in floats is 0.30000000000000004)
    expect(lineAmount(1500n, 333n)).toBe(500n); // 1.5 x 3.33 = 4.995 -> 5.00
    expect(percentOf(123450n, 6)).toBe(7407n); // 74.07
    expect(percentOf(25n, 6)).toBe(2n); // 1.5 sen -> 2
  });
});
