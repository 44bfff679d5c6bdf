import { describe, expect, it } from 'vitest';
import { clockOffset, countdown, lineProblem, quotationTotals, startingLines, toQuoteLines } from './quotation-form.js';

describe('quotation form', () => {
  it('works out line amounts half up to the sen and the total', () => {
    // 2.5 x 10.01 = 25.025 -> 25.03; 3 x 0.10 = 0.30; 1.333 x 3.00 = 3.999 -> 4.00
    const { amounts, total } = quotationTotals([
      { lineNo: 1, quantity: '2.500', rate: '10.01', includeZeroRate: false },
      { lineNo: 2, quantity: '3', rate: '0.1', includeZeroRate: false },
      { lineNo: 3, quantity: '1.333', rate: '3', includeZeroRate: false },
      { lineNo: 4, quantity: '5', rate: 'abc', includeZeroRate: false },
    ]);
    expect(amounts.get(1)).toBe('25.03');
    expect(amounts.get(2)).toBe('0.30');
    expect(amounts.get(3)).toBe('4.00');
    expect(amounts.get(4)).toBe('');
    expect(total).toBe('29.33');
  });

  it('asks the include box for a rate of 0 (§5.3) and refuses what is not money', () => {
    expect(lineProblem({ lineNo: 1, quantity: '1', rate: '0', includeZeroRate: false })).toBe('zeroRateNotIncluded');
    expect(lineProblem({ lineNo: 1, quantity: '1', rate: '0.00', includeZeroRate: true })).toBeNull();
    expect(lineProblem({ lineNo: 1, quantity: '1', rate: '', includeZeroRate: false })).toBe('rateRequired');
    expect(lineProblem({ lineNo: 1, quantity: '1', rate: '1.234', includeZeroRate: false })).toBe('moneyFormat');
    expect(lineProblem({ lineNo: 1, quantity: '1', rate: '-1', includeZeroRate: false })).toBe('moneyFormat');
  });

  it('starts from the last quotation and sends the include box only when ticked', () => {
    const lines = startingLines({
      items: [
        { lineNo: 1, description: 'a', unit: 'm', quantity: '1' },
        { lineNo: 2, description: 'b', unit: 'm', quantity: '2' },
      ],
      quotation: {
        sellerCompanyId: 's',
        sellerName: null,
        revision: 0,
        submittedAt: '',
        revisedAt: '',
        sealed: false,
        items: [{ lineNo: 2, rate: '0.00', includeZeroRate: true, amount: '0.00' }],
      },
    });
    expect(lines).toEqual([
      { lineNo: 1, quantity: '1', rate: '', includeZeroRate: false },
      { lineNo: 2, quantity: '2', rate: '0.00', includeZeroRate: true },
    ]);
    expect(toQuoteLines(lines)).toEqual([
      { lineNo: 1, rate: '' },
      { lineNo: 2, rate: '0.00', includeZeroRate: true },
    ]);
  });

  it("counts down on the server's clock, not the browser's", () => {
    // The browser's clock is an hour slow: the server says 10:00, the browser 09:00.
    const browserNow = Date.parse('2026-01-01T09:00:00Z');
    const offset = clockOffset('2026-01-01T10:00:00Z', browserNow);
    expect(countdown('2026-01-01T11:01:05Z', browserNow, offset)).toEqual({ closed: false, days: 0, hours: 1, minutes: 1, seconds: 5 });
    expect(countdown('2026-01-01T10:00:00Z', browserNow, offset)?.closed).toBe(true);
    expect(countdown('2026-01-03T10:00:00Z', browserNow + 1000, offset)).toEqual({
      closed: false,
      days: 1,
      hours: 23,
      minutes: 59,
      seconds: 59,
    });
    expect(countdown(null, browserNow, offset)).toBeNull();
  });
});
