import { describe, expect, it } from '@jest/globals';
import { buildComparison, deviation, type Bidder, type EstimateLine } from './comparison.js';

const ESTIMATE: EstimateLine[] = [
  { lineNo: 3, description: 'Setting out', unit: 'item', quantity: '1.000', rate: '0.00', amount: '0.00' },
  { lineNo: 1, description: 'Blinding', unit: 'm2', quantity: '10.000', rate: '5.00', amount: '50.00' },
  { lineNo: 2, description: 'Formwork', unit: 'm2', quantity: '2.000', rate: '100.00', amount: '200.00' },
];
const quotation = (items: Bidder['quotation']['data']['items'], total: string): Bidder['quotation'] => ({
  revision: 1,
  submittedAt: '2026-01-01T00:00:00.000Z',
  revisedAt: '2026-01-02T00:00:00.000Z',
  data: { tenderId: 't', sellerCompanyId: 's', tenderRevision: 3, items, total, by: 'u' },
});
// Seller A leaves line 3 out (as if an addendum added it after A quoted) and includes line 2 at no charge;
// seller B ties A on line 1 and prices line 3 at 0 without the include box (excluded).
const A: Bidder = {
  sellerCompanyId: 'a',
  sellerName: 'Alpha',
  quotation: quotation(
    [
      { lineNo: 1, rate: '4.00', includeZeroRate: false, amount: '40.00' },
      { lineNo: 2, rate: '0.00', includeZeroRate: true, amount: '0.00' },
    ],
    '40.00',
  ),
};
const B: Bidder = {
  sellerCompanyId: 'b',
  sellerName: 'Beta',
  quotation: quotation(
    [
      { lineNo: 1, rate: '4.00', includeZeroRate: false, amount: '40.00' },
      { lineNo: 2, rate: '120.00', includeZeroRate: false, amount: '240.00' },
      { lineNo: 3, rate: '0.00', includeZeroRate: false, amount: '0.00' },
    ],
    '280.00',
  ),
};

describe('comparison sheet', () => {
  it('totals, ranks, counts and deviates each seller against the estimate', () => {
    const sheet = buildComparison(ESTIMATE, [B, A], { after: 0, limit: 10 });
    expect(sheet.estimate.total).toBe('250.00');
    expect(sheet.lines).toBe(3);
    expect(
      sheet.sellers.map(({ sellerCompanyId, rank, total, quoted, included, excluded, missing, lowestLines, deviation: d }) => ({
        sellerCompanyId,
        rank,
        total,
        quoted,
        included,
        excluded,
        missing,
        lowestLines,
        d,
      })),
    ).toEqual([
      {
        sellerCompanyId: 'b',
        rank: 2,
        total: '280.00',
        quoted: 2,
        included: 0,
        excluded: 1,
        missing: 0,
        lowestLines: 1,
        d: { amount: '30.00', percent: '12.00' },
      },
      {
        sellerCompanyId: 'a',
        rank: 1,
        total: '40.00',
        quoted: 1,
        included: 1,
        excluded: 0,
        missing: 1,
        lowestLines: 2,
        d: { amount: '-210.00', percent: '-84.00' },
      },
    ]);
  });

  it('marks every lowest rate of a line (ties too), never an excluded or missing cell', () => {
    const sheet = buildComparison(ESTIMATE, [A, B], { after: 0, limit: 10 });
    expect(
      sheet.items.map(({ lineNo, lowestRate, rates, amounts, lowest, included, excluded, missing }) => ({
        lineNo,
        lowestRate,
        rates,
        amounts,
        lowest,
        included,
        excluded,
        missing,
      })),
    ).toEqual([
      {
        lineNo: 1,
        lowestRate: '4.00',
        rates: ['4.00', '4.00'],
        amounts: ['40.00', '40.00'],
        lowest: [0, 1],
        included: [],
        excluded: [],
        missing: [],
      },
      {
        lineNo: 2,
        lowestRate: '0.00',
        rates: ['0.00', '120.00'],
        amounts: ['0.00', '240.00'],
        lowest: [0],
        included: [0],
        excluded: [],
        missing: [],
      },
      {
        lineNo: 3,
        lowestRate: null,
        rates: [null, '0.00'],
        amounts: [null, '0.00'],
        lowest: [],
        included: [],
        excluded: [1],
        missing: [0],
      },
    ]);
    // Line 2: A 0.00 against 200.00 is -100 %, B 240.00 is +20 %; line 3's estimate is 0: no percent.
    expect(sheet.items.map((row) => row.deviations)).toEqual([
      ['-20.00', '-20.00'],
      ['-100.00', '20.00'],
      [null, null],
    ]);
  });

  it('pages by line number: after and limit, nextAfter only when lines remain', () => {
    const first = buildComparison(ESTIMATE, [A, B], { after: 0, limit: 2 });
    expect([first.items.map((row) => row.lineNo), first.nextAfter]).toEqual([[1, 2], 2]);
    const second = buildComparison(ESTIMATE, [A, B], { after: 2, limit: 2 });
    expect([second.items.map((row) => row.lineNo), second.nextAfter]).toEqual([[3], null]);
    expect(second.sellers).toEqual(first.sellers);
  });

  it('rounds a deviation percent half away from zero', () => {
    expect(deviation(100n, 300n)).toEqual({ amount: '-2.00', percent: '-66.67' });
    expect(deviation(1n, 3n)).toEqual({ amount: '-0.02', percent: '-66.67' });
    expect(deviation(200n, 300n).percent).toBe('-33.33');
  });
});
