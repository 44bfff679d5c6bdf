import { describe, expect, it } from '@jest/globals';
import type { Bidder, EstimateLine } from '../comparison/comparison.js';
import { awardLines, chosenBidder, parseAward } from './award.decider.js';

const LINES: EstimateLine[] = [
  { lineNo: 2, description: 'Pile caps', unit: 'no', quantity: '5.000', rate: '200.00', amount: '1000.00' },
  { lineNo: 1, description: 'Excavation', unit: 'm3', quantity: '100.000', rate: '10.00', amount: '1000.00' },
];
const bidder = (items: { lineNo: number; rate: string; includeZeroRate: boolean; amount: string }[]): Bidder => ({
  sellerCompanyId: 's',
  sellerName: 'S',
  quotation: {
    revision: 0,
    submittedAt: '',
    revisedAt: '',
    data: { tenderId: 't', sellerCompanyId: 's', tenderRevision: 1, items, total: '0', by: 'u' },
  },
});

describe('award decisions', () => {
  it('reads { sellerCompanyId, orderKind } and refuses anything else', () => {
    expect(parseAward({ sellerCompanyId: 's', orderKind: 'workOrder' })).toEqual({ sellerCompanyId: 's', orderKind: 'workOrder' });
    for (const body of [
      null,
      [],
      {},
      { sellerCompanyId: 's' },
      { sellerCompanyId: '', orderKind: 'purchaseOrder' },
      { sellerCompanyId: 's', orderKind: 'letterOfAward' },
      { sellerCompanyId: 's', orderKind: 'rentalOrder', total: '1' },
    ]) {
      expect(() => parseAward(body)).toThrow(expect.objectContaining({ status: 400, code: 'validationFailed' }));
    }
  });

  it('only a seller that quoted every line can be chosen', () => {
    const full = bidder([
      { lineNo: 1, rate: '9.50', includeZeroRate: false, amount: '950.00' },
      { lineNo: 2, rate: '0.00', includeZeroRate: true, amount: '0.00' },
    ]);
    expect(chosenBidder([full], 's', LINES)).toBe(full);
    expect(() => chosenBidder([full], 'other', LINES)).toThrow(expect.objectContaining({ status: 422, code: 'sellerNotQuoted' }));
    const partial = bidder([{ lineNo: 1, rate: '9.50', includeZeroRate: false, amount: '950.00' }]);
    expect(() => chosenBidder([partial], 's', LINES)).toThrow(expect.objectContaining({ status: 422, code: 'quotationIncomplete' }));
  });

  it("draws the documents' lines from the tender's items at the quoted rates, in line order, the include box as quoted", () => {
    const full = bidder([
      { lineNo: 2, rate: '0.00', includeZeroRate: true, amount: '0.00' },
      { lineNo: 1, rate: '9.50', includeZeroRate: false, amount: '950.00' },
    ]);
    expect(awardLines(LINES, full)).toEqual([
      { description: 'Excavation', unit: 'm3', quantity: '100.000', rate: '9.50' },
      { description: 'Pile caps', unit: 'no', quantity: '5.000', rate: '0.00', includeZeroRate: true },
    ]);
  });
});
