import { Refused } from '../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@binaan/event-store';
import {
  decideInvite,
  decideQuote,
  foldInvitations,
  foldQuotation,
  isUnsealed,
  parseInvitation,
  parseQuotation,
  type TenderFacts,
} from './tendering.decider.js';

const NOW = new Date('2026-03-02T01:00:00.000Z');
const tender = (over: Partial<TenderFacts> = {}): TenderFacts => ({
  id: 't-1',
  companyId: 'buyer',
  status: 'active',
  revision: 3,
  openAt: '2026-03-01T00:00:00.000Z',
  closeAt: '2026-03-03T00:00:00.000Z',
  items: [
    { lineNo: 1, quantity: '1800.000' },
    { lineNo: 2, quantity: '12.000' },
  ],
  ...over,
});
const refusedWith = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof Refused) return [error.getStatus(), error.code];
    throw error;
  }
  return 'accepted';
};
const stored = (type: string, data: unknown, revision: number, at = NOW.toISOString()) =>
  ({ type, data, revision, metadata: { recordedAt: at } }) as unknown as StoredEvent;
const ids = { by: 'u-1', invitationId: (c: string) => `inv-${c}` };
const quote = { items: [{ lineNo: 1, rate: '1.00', includeZeroRate: false, amount: '1800.00' }], total: '1800.00' };

describe('invitations', () => {
  it('parses 1 to 50 distinct company ids, nothing else', () => {
    expect(parseInvitation({ companyIds: ['a', 'b'] })).toEqual(['a', 'b']);
    for (const bad of [
      null,
      [],
      {},
      { companyIds: [] },
      { companyIds: ['a', 'a'] },
      { companyIds: [''] },
      { companyIds: [1] },
      { companyIds: ['a'], x: 1 },
      { companyIds: Array.from({ length: 51 }, (_, i) => `c${i}`) },
    ]) {
      expect(refusedWith(() => parseInvitation(bad))).toEqual([400, 'validationFailed']);
    }
  });

  it('invites directory companies other than the buyer, once each, while the tender takes bids', () => {
    const directory = new Set(['s-1', 's-2']);
    expect(decideInvite(tender(), new Map(), ['s-1', 's-2'], directory, ids, NOW).map((e) => e.data)).toEqual([
      { tenderId: 't-1', invitationId: 'inv-s-1', buyerCompanyId: 'buyer', sellerCompanyId: 's-1', by: 'u-1' },
      { tenderId: 't-1', invitationId: 'inv-s-2', buyerCompanyId: 'buyer', sellerCompanyId: 's-2', by: 'u-1' },
    ]);
    expect(refusedWith(() => decideInvite(tender(), new Map(), ['buyer'], directory, ids, NOW))).toEqual([422, 'inviteeIsOwnCompany']);
    expect(refusedWith(() => decideInvite(tender(), new Map(), ['s-3'], directory, ids, NOW))).toEqual([422, 'unknownCounterparty']);
    expect(refusedWith(() => decideInvite(tender(), new Map([['s-1', {}]]), ['s-2', 's-1'], directory, ids, NOW))).toEqual([
      409,
      'sellerAlreadyInvited',
    ]);
    for (const closed of [tender({ status: 'comparison' }), tender({ status: 'cancelled' }), tender({ closeAt: NOW.toISOString() })]) {
      expect(refusedWith(() => decideInvite(closed, new Map(), ['s-1'], directory, ids, NOW))).toEqual([409, 'tenderClosed']);
    }
    expect(refusedWith(() => decideInvite(tender({ status: 'new' }), new Map(), ['s-1'], directory, ids, NOW))).toBe('accepted');
  });

  it('folds the invited sellers', () => {
    const invited = foldInvitations([
      stored('TenderSellerInvited', { sellerCompanyId: 's-1' }, 0),
      stored('TenderSellerInvited', { sellerCompanyId: 's-2' }, 1),
    ]);
    expect([...invited.keys()]).toEqual(['s-1', 's-2']);
  });
});

describe('quotations', () => {
  it('takes a rate for every line, each once; rate 0 only with the include box; totals in sen', () => {
    expect(
      parseQuotation(
        {
          items: [
            { lineNo: 2, rate: '0', includeZeroRate: true },
            { lineNo: 1, rate: '4809.13' },
          ],
        },
        tender(),
      ),
    ).toEqual({
      items: [
        { lineNo: 1, rate: '4809.13', includeZeroRate: false, amount: '8656434.00' },
        { lineNo: 2, rate: '0.00', includeZeroRate: true, amount: '0.00' },
      ],
      total: '8656434.00',
    });
    expect(
      refusedWith(() =>
        parseQuotation(
          {
            items: [
              { lineNo: 1, rate: '1' },
              { lineNo: 2, rate: '0' },
            ],
          },
          tender(),
        ),
      ),
    ).toEqual([422, 'zeroRateNotIncluded']);
    expect(refusedWith(() => parseQuotation({ items: [{ lineNo: 1, rate: '1' }] }, tender()))).toEqual([422, 'quotationItemsMismatch']);
    expect(
      refusedWith(() =>
        parseQuotation(
          {
            items: [
              { lineNo: 1, rate: '1' },
              { lineNo: 2, rate: '1' },
              { lineNo: 9, rate: '1' },
            ],
          },
          tender(),
        ),
      ),
    ).toEqual([422, 'quotationItemsMismatch']);
    for (const items of [
      [],
      [{ lineNo: 1, rate: 1 }],
      [{ lineNo: 1, rate: '-1' }],
      [{ lineNo: 1, rate: '1.234' }],
      [{ lineNo: 0, rate: '1' }],
      [
        { lineNo: 1, rate: '1' },
        { lineNo: 1, rate: '2' },
      ],
      [{ lineNo: 1, rate: '1', includeZeroRate: 'yes' }],
      ['x'],
    ]) {
      expect(refusedWith(() => parseQuotation({ items }, tender()))).toEqual([400, 'validationFailed']);
    }
  });

  it('an invited seller submits, then revises, only between the open and the close time and while active', () => {
    const invited = new Map([['s-1', {}]]);
    expect(decideQuote(tender(), invited, null, 's-1', quote, 'u-2', NOW)).toMatchObject({
      type: 'QuotationSubmitted',
      data: { tenderRevision: 3, total: '1800.00' },
    });
    const current = foldQuotation([stored('QuotationSubmitted', { total: '1.00' }, 0)]);
    expect(decideQuote(tender(), invited, current, 's-1', quote, 'u-2', NOW).type).toBe('QuotationRevised');
    expect(refusedWith(() => decideQuote(tender(), invited, null, 's-2', quote, 'u-2', NOW))).toEqual([404, 'tenderNotFound']);
    expect(refusedWith(() => decideQuote(tender(), invited, null, 's-1', quote, 'u-2', new Date('2026-03-03T00:00:00.000Z')))).toEqual([
      409,
      'tenderClosed',
    ]);
    expect(refusedWith(() => decideQuote(tender({ status: 'comparison' }), invited, null, 's-1', quote, 'u-2', NOW))).toEqual([
      409,
      'tenderClosed',
    ]);
    expect(refusedWith(() => decideQuote(tender({ status: 'pendingActivation' }), invited, null, 's-1', quote, 'u-2', NOW))).toEqual([
      409,
      'tenderNotOpen',
    ]);
    expect(refusedWith(() => decideQuote(tender({ openAt: '2026-03-02T02:00:00.000Z' }), invited, null, 's-1', quote, 'u-2', NOW))).toEqual(
      [409, 'tenderNotOpen'],
    );
  });

  it('is sealed until the tender is closed to comparison (and for ever once cancelled)', () => {
    for (const status of ['new', 'pendingActivation', 'rejected', 'active', 'cancelled']) expect(isUnsealed({ status })).toBe(false);
    for (const status of ['comparison', 'draftContract', 'pendingContractApproval', 'contractAwarded', 'draftContractRejected'])
      expect(isUnsealed({ status })).toBe(true);
  });

  it('folds the first submission time and the last revision', () => {
    const state = foldQuotation([
      stored('QuotationSubmitted', { total: '1.00' }, 0, '2026-03-02T01:00:00.000Z'),
      stored('QuotationRevised', { total: '2.00' }, 1, '2026-03-02T02:00:00.000Z'),
    ]);
    expect(state).toMatchObject({
      revision: 1,
      submittedAt: '2026-03-02T01:00:00.000Z',
      revisedAt: '2026-03-02T02:00:00.000Z',
      data: { total: '2.00' },
    });
  });
});
