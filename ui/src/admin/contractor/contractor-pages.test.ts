import { describe, expect, it } from 'vitest';
import { MODULES } from '../access/modules.js';
import { CONTRACTOR_PAGES, type ContractorListPage } from './contractor-pages.js';
import { formatQuantity } from '../format.js';
import { belongsToPage } from './PrintView.js';

describe('the contractor menu (§2.4)', () => {
  it('every sub-page of the menu is a built page (no placeholder left)', () => {
    const subPages = MODULES.filter((m) => m.group === 'contractor' && m.key.includes('.')).map((m) => m.key);
    expect(subPages).toHaveLength(9);
    expect(subPages.filter((key) => !CONTRACTOR_PAGES[key])).toEqual([]);
  });

  it('a printable page prints only its own documents: direction and statuses', () => {
    const receipts: ContractorListPage = {
      kind: 'list',
      resource: 'paymentCertificate',
      direction: 'received',
      statuses: ['approved', 'closed'],
      print: 'receipt',
    };
    expect(belongsToPage({ companyId: 'teguh-bina', status: 'approved' }, receipts, 'kukuh-jaya')).toBe(true);
    expect(belongsToPage({ companyId: 'teguh-bina', status: 'pendingApproval' }, receipts, 'kukuh-jaya')).toBe(false);
    expect(belongsToPage({ companyId: 'kukuh-jaya', status: 'approved' }, receipts, 'kukuh-jaya')).toBe(false);
    const invoices: ContractorListPage = { kind: 'list', resource: 'invoice', direction: 'sent', print: 'invoice' };
    expect(belongsToPage({ companyId: 'kukuh-jaya', status: 'new' }, invoices, 'kukuh-jaya')).toBe(true);
    expect(belongsToPage({ companyId: 'mutiara-supplies', status: 'new' }, invoices, 'kukuh-jaya')).toBe(false);
  });

  it('quantities read as figures: thousands grouped, trailing zeros of the three decimals dropped', () => {
    expect(['1200.000', '2.500', '0.125', '1234567.010', '7'].map(formatQuantity)).toEqual(['1,200', '2.5', '0.125', '1,234,567.01', '7']);
  });
});

describe('the receipt for a payment certificate', async () => {
  const { certifiedAmount } = await import('./PrintView.js');
  const none = { subtotal: '0.00', sst: '0.00', total: '0.00' };
  it("is for the valuation's total payable, else the amount its round was requested with", () => {
    const byAmount = {
      totals: none,
      fees: { transactionFee: { percent: '1.50', base: '26825.00', amount: '402.38' }, tradeCertificate: null },
    };
    expect(certifiedAmount(byAmount)).toBe('26825.00');
    const valued = {
      totals: none,
      fees: {
        transactionFee: { percent: '1.50', base: '9000.00', amount: '135.00' },
        tradeCertificate: { totalPayable: '9540.00' } as never,
      },
    };
    expect(certifiedAmount(valued)).toBe('9540.00');
  });
});
