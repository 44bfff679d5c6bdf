import { describe, expect, it } from 'vitest';
import type { DocumentTotalsRow } from '@binaan/contracts';
import { budgetLines } from './budget.js';

const row = (over: Partial<DocumentTotalsRow>): DocumentTotalsRow => ({
  projectId: 'p1',
  projectName: null,
  resource: 'workOrder',
  status: 'accepted',
  direction: 'received',
  count: 1,
  total: '0.00',
  currency: 'RM',
  ...over,
});

describe('the contractor budget per project', () => {
  it('puts awards received, commitments sent and invoices received in their columns, margin = value - committed', () => {
    const { lines, total } = budgetLines([
      row({ total: '100000.00' }), // work order received and accepted: contract value
      row({ resource: 'letterOfAward', status: 'pendingConfirmation', total: '25000.50' }), // offered, not yet confirmed
      row({ resource: 'purchaseOrder', direction: 'sent', status: 'fulfilled', count: 2, total: '30000.25' }), // committed
      row({ resource: 'purchaseOrder', direction: 'sent', status: 'pendingConfirmation', total: '999.99' }),
      row({ resource: 'invoice', status: 'accepted', total: '12000.10' }),
      row({ resource: 'invoice', status: 'rejected', total: '5.00' }), // not counted
      row({ resource: 'purchaseOrder', direction: 'sent', status: 'cancelled', total: '7.00' }), // not counted
      row({ resource: 'tender', direction: 'sent', status: 'active', total: '1.00' }), // tenders are no commitment
    ]);
    expect(lines).toEqual([
      {
        projectId: 'p1',
        documents: 6,
        contractValue: '100000.00',
        offered: '25000.50',
        committed: '30000.25',
        pendingCommitments: '999.99',
        invoicedToUs: '12000.10',
        margin: '69999.75',
      },
    ]);
    expect(total).toMatchObject({ projectId: null, documents: 6, margin: '69999.75' });
  });

  it('one line per project, documents without a project last, and the total adds them up; a loss is negative', () => {
    const { lines, total } = budgetLines([
      row({ projectId: null, direction: 'sent', resource: 'workOrder', status: 'accepted', total: '10.00' }),
      row({ projectId: 'b', total: '3.00' }),
      row({ projectId: 'a', direction: 'sent', resource: 'rentalOrder', status: 'invoiced', total: '4.50' }),
    ]);
    expect(lines.map((l) => [l.projectId, l.contractValue, l.committed, l.margin])).toEqual([
      ['a', '0.00', '4.50', '-4.50'],
      ['b', '3.00', '0.00', '3.00'],
      [null, '0.00', '10.00', '-10.00'],
    ]);
    expect([total.contractValue, total.committed, total.margin]).toEqual(['3.00', '14.50', '-11.50']);
  });
});
