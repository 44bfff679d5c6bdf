import { describe, expect, it } from 'vitest';
import { loadSheet, percentText, type ComparisonSheet } from './comparison-model.js';

const sheet = (items: number[], nextAfter: number | null): ComparisonSheet => ({
  tenderId: 't', documentNo: 'TD-1', title: 'x', status: 'comparison', estimate: { total: '1.00' }, lines: 3, sellers: [], notQuoted: [], nextAfter,
  items: items.map((lineNo) => ({ lineNo, description: `line ${lineNo}`, unit: 'm', quantity: '1.000', estimate: { rate: '1.00', amount: '1.00' }, lowestRate: null, cells: [] })),
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

  it('signs a deviation percent, a dash without an estimate', () => {
    expect(percentText({ amount: '40.00', percent: '1.95' })).toBe('+1.95 %');
    expect(percentText({ amount: '-50.00', percent: '-2.44' })).toBe('-2.44 %');
    expect(percentText({ amount: '0.00', percent: '0.00' })).toBe('0.00 %');
    expect(percentText({ amount: '3.00', percent: null })).toBe('–');
    expect(percentText(null)).toBe('–');
  });
});
