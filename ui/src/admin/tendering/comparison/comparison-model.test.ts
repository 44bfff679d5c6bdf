import { describe, expect, it } from 'vitest';
import { cellOf, loadSheet, percentText, type ComparisonSheet } from './comparison-model.js';

const sheet = (items: number[], nextAfter: number | null): ComparisonSheet => ({
  tenderId: 't',
  documentNo: 'TD-1',
  title: 'x',
  status: 'comparison',
  estimate: { total: '1.00' },
  lines: 3,
  sellers: [],
  notQuoted: [],
  nextAfter,
  items: items.map((lineNo) => ({
    lineNo,
    description: `line ${lineNo}`,
    unit: 'm',
    quantity: '1.000',
    estimate: { rate: '1.00', amount: '1.00' },
    lowestRate: null,
    rates: [],
    amounts: [],
    deviations: [],
    lowest: [],
    included: [],
    excluded: [],
    missing: [],
  })),
});

describe('comparison sheet model', () => {
  it('reads every page after the last line of the one before', async () => {
    const asked: string[] = [];
    const pages = [sheet([1, 2], 2), sheet([3], null)];
    const whole = await loadSheet('abc', async (path) => (asked.push(path), pages.shift()!));
    expect(asked).toEqual(['/api/tendering/tenders/abc/comparison?limit=500', '/api/tendering/tenders/abc/comparison?limit=500&after=2']);
    expect(whole.items.map((row) => row.lineNo)).toEqual([1, 2, 3]);
    expect(whole.nextAfter).toBeNull();
  });

  it("reads a seller's cell from the line's columns", () => {
    const row = {
      rates: ['4.00', '0.00', '0.00', null],
      amounts: ['40.00', '0.00', '0.00', null],
      deviations: ['-20.00', '-100.00', '-100.00', null],
      lowest: [1],
      included: [1],
      excluded: [2],
      missing: [3],
    };
    expect([0, 1, 2, 3].map((i) => cellOf(row, i))).toEqual([
      { state: 'quoted', rate: '4.00', amount: '40.00', lowest: false, percent: '-20.00' },
      { state: 'included', rate: '0.00', amount: '0.00', lowest: true, percent: '-100.00' },
      { state: 'excluded', rate: '0.00', amount: '0.00', lowest: false, percent: '-100.00' },
      { state: 'missing', rate: null, amount: null, lowest: false, percent: null },
    ]);
  });

  it('signs a deviation percent, a dash without an estimate', () => {
    expect(percentText({ amount: '40.00', percent: '1.95' })).toBe('+1.95 %');
    expect(percentText({ amount: '-50.00', percent: '-2.44' })).toBe('-2.44 %');
    expect(percentText({ amount: '0.00', percent: '0.00' })).toBe('0.00 %');
    expect(percentText({ amount: '3.00', percent: null })).toBe('–');
    expect(percentText(null)).toBe('–');
  });
});
