// The list of tenderers' pure rules: parsing, the transitions, authority and every refusal.
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@binaan/event-store';
import { decideTenderer, foldTenderer, parseDecision, parseProposal, type TendererFacts } from './tenderer.decider.js';

const facts = (over: Partial<TendererFacts> = {}): TendererFacts => ({
  buyerCompanyId: 'buyer',
  companyId: 'seller',
  status: 'none',
  levels: [10],
  inDirectory: true,
  ...over,
});
const code = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'accepted';
};
const stored = (type: string) => ({ type, data: {} }) as unknown as StoredEvent;

describe('approved list of tenderers', () => {
  it('parses a proposal and a decision, refusing unknown fields, long texts and a reject without a remark', () => {
    expect(parseProposal({ companyId: 'seller', note: '  fine ' })).toEqual({ companyId: 'seller', note: 'fine' });
    expect(parseProposal({ companyId: 'seller' })).toEqual({ companyId: 'seller', note: null });
    expect(code(() => parseProposal({}))).toBe('validationFailed');
    expect(code(() => parseProposal({ companyId: 'seller', status: 'approved' }))).toBe('validationFailed');
    expect(code(() => parseProposal({ companyId: 'seller', note: 'x'.repeat(1001) }))).toBe('validationFailed');
    expect(parseDecision(undefined, 'Approve')).toBeNull();
    expect(parseDecision({ remark: 'ok' }, 'Approve')).toBe('ok');
    expect(code(() => parseDecision({}, 'Reject'))).toBe('validationFailed');
    expect(code(() => parseDecision({ remark: ' ' }, 'Reject'))).toBe('validationFailed');
    expect(code(() => parseDecision({ remark: 3 }, 'Approve'))).toBe('validationFailed');
  });

  it('folds the status: none, pending, approved, rejected, pending again', () => {
    expect(foldTenderer([])).toBe('none');
    expect(foldTenderer([stored('TendererProposed')])).toBe('pending');
    expect(foldTenderer([stored('TendererProposed'), stored('TendererApproved')])).toBe('approved');
    expect(foldTenderer([stored('TendererProposed'), stored('TendererRejected'), stored('TendererProposed')])).toBe('pending');
  });

  it('proposing needs level 10, a directory company other than the buyer, and not already pending or approved', () => {
    expect(decideTenderer('Propose', facts(), 'n', 'u-1')).toEqual({
      type: 'TendererProposed',
      data: { buyerCompanyId: 'buyer', companyId: 'seller', note: 'n', by: 'u-1' },
    });
    expect(decideTenderer('Propose', facts({ status: 'rejected' }), null, 'u-1').type).toBe('TendererProposed');
    expect(code(() => decideTenderer('Propose', facts({ levels: [20] }), null, 'u-1'))).toBe('noAuthority');
    expect(code(() => decideTenderer('Propose', facts({ companyId: 'buyer' }), null, 'u-1'))).toBe('inviteeIsOwnCompany');
    expect(code(() => decideTenderer('Propose', facts({ inDirectory: false }), null, 'u-1'))).toBe('unknownCounterparty');
    expect(code(() => decideTenderer('Propose', facts({ status: 'pending' }), null, 'u-1'))).toBe('tendererAlreadyListed');
    expect(code(() => decideTenderer('Propose', facts({ status: 'approved' }), null, 'u-1'))).toBe('tendererAlreadyListed');
  });

  it('approving and rejecting need a verify level; approve from pending; reject from pending or approved', () => {
    const approver = { levels: [20, 21] };
    expect(decideTenderer('Approve', facts({ ...approver, status: 'pending' }), null, 'u-2')).toEqual({
      type: 'TendererApproved',
      data: { buyerCompanyId: 'buyer', companyId: 'seller', remark: null, by: 'u-2' },
    });
    expect(decideTenderer('Reject', facts({ ...approver, status: 'approved' }), 'Off', 'u-2').type).toBe('TendererRejected');
    expect(code(() => decideTenderer('Approve', facts({ status: 'pending' }), null, 'u-1'))).toBe('noAuthority');
    expect(code(() => decideTenderer('Approve', facts({ ...approver }), null, 'u-2'))).toBe('tendererNotFound');
    expect(code(() => decideTenderer('Approve', facts({ ...approver, status: 'approved' }), null, 'u-2'))).toBe('tendererWrongStatus');
    expect(code(() => decideTenderer('Reject', facts({ ...approver, status: 'rejected' }), 'x', 'u-2'))).toBe('tendererWrongStatus');
  });
});
