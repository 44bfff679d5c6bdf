import { describe, expect, it } from '@jest/globals';
import type { DocumentView } from '@binaan/contracts';
import { estimateWithheld, receivedWithoutEstimate, withoutEstimate } from './estimate-withheld.js';

/** A tender made from two BQ rows, priced by its buyer, awarded (so a transaction fee on its subtotal). */
const tender = {
  id: 't-1',
  resource: 'tender',
  documentNo: 'TD-2026-00001',
  companyId: 'teguh-bina',
  counterpartyCompanyId: 'kukuh-jaya',
  title: 'Piling',
  description: '',
  currency: 'MYR',
  sstApplicable: false,
  minimumAmount: '20000.00',
  maximumAmount: '30000.00',
  closeAt: '2026-12-01T00:00:00.000Z',
  items: [
    {
      lineNo: 1,
      description: 'Bored piles',
      unit: 'm',
      quantity: '120.000',
      rate: '150.00',
      amount: '18000.00',
      includeZeroRate: false,
      bqItemId: 'bq-row-1',
    },
    {
      lineNo: 2,
      description: 'Pile caps',
      unit: 'no',
      quantity: '4.000',
      rate: '1000.00',
      amount: '4000.00',
      includeZeroRate: false,
      bqItemId: 'bq-row-2',
    },
  ],
  totals: { subtotal: '22000.00', sst: '0.00', total: '22000.00' },
  fees: { transactionFee: { percent: '1.50', base: '22000.00', amount: '330.00' }, tradeCertificate: null },
} as unknown as DocumentView;

describe("a tender's estimate is the buyer's own", () => {
  it('is withheld from any company but the owner, and only for tenders', () => {
    expect([
      estimateWithheld('tender', 'teguh-bina', 'kukuh-jaya'),
      estimateWithheld('tender', 'teguh-bina', 'teguh-bina'),
      estimateWithheld('purchaseOrder', 'teguh-bina', 'kukuh-jaya'),
      estimateWithheld('tender', 'teguh-bina', null),
    ]).toEqual([true, false, false, true]);
    expect([
      receivedWithoutEstimate('tender', true),
      receivedWithoutEstimate('tender', false),
      receivedWithoutEstimate('invoice', true),
    ]).toEqual([true, false, false]);
  });

  it('the view without it keeps the lines (no rate, amount or BQ row), and has no totals, budget range or fee', () => {
    const seen = withoutEstimate(tender);
    expect(seen.items).toEqual([
      { lineNo: 1, description: 'Bored piles', unit: 'm', quantity: '120.000', rate: null, amount: null, includeZeroRate: false },
      { lineNo: 2, description: 'Pile caps', unit: 'no', quantity: '4.000', rate: null, amount: null, includeZeroRate: false },
    ]);
    expect({
      totals: seen.totals,
      min: seen.minimumAmount,
      max: seen.maximumAmount,
      fee: seen.fees.transactionFee,
      closeAt: seen.closeAt,
      title: seen.title,
    }).toEqual({ totals: null, min: null, max: null, fee: null, closeAt: '2026-12-01T00:00:00.000Z', title: 'Piling' });
    expect(JSON.stringify(seen)).not.toMatch(/150\.00|1000\.00|18000|4000\.00|22000|20000|30000|330\.00|bq-row/);
    // The owner's view it was made from is left as it was.
    expect(tender.totals?.total).toBe('22000.00');
  });
});
