// The query board's pure rules: the text parser, who may ask, answering once, the board closing with the bids.
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@binaan/event-store';
import type { TenderFacts } from '../tendering.decider.js';
import { decideAnswer, decideAsk, foldQueries, parseText } from './tender-query.decider.js';

const NOW = new Date('2026-03-02T02:00:00.000Z');
const tender = (over: Partial<TenderFacts> = {}): TenderFacts => ({
  id: 't-1',
  companyId: 'buyer',
  status: 'active',
  revision: 4,
  openAt: '2026-03-02T01:10:00.000Z',
  closeAt: '2026-03-04T01:00:00.000Z',
  items: [{ lineNo: 1, quantity: '1.000' }],
  ...over,
});
const invited = new Map([
  ['seller-a', {}],
  ['seller-b', {}],
]);
const code = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'accepted';
};
const stored = (type: string, data: Record<string, unknown>, revision: number) =>
  ({ type, data, revision, metadata: { recordedAt: NOW.toISOString() } }) as unknown as StoredEvent;

describe('tender queries', () => {
  it('takes one trimmed text field of 1 to 4000 characters', () => {
    expect(parseText({ question: '  Splice?  ' }, 'question')).toBe('Splice?');
    expect(code(() => parseText({ question: '' }, 'question'))).toBe('validationFailed');
    expect(code(() => parseText({ question: 'x'.repeat(4001) }, 'question'))).toBe('validationFailed');
    expect(code(() => parseText({ question: 'x', to: 'b' }, 'question'))).toBe('validationFailed');
    expect(code(() => parseText(['x'], 'answer'))).toBe('validationFailed');
  });

  it('an invited seller asks until the close time; anyone else is told the tender does not exist', () => {
    const ids = { queryId: 'q-1', by: 'u-1' };
    expect(decideAsk(tender(), invited, 'seller-a', 'Splice?', ids, NOW)).toEqual({
      type: 'TenderQueryAsked',
      data: { tenderId: 't-1', queryId: 'q-1', sellerCompanyId: 'seller-a', question: 'Splice?', by: 'u-1' },
    });
    expect(code(() => decideAsk(tender(), invited, 'seller-c', 'Splice?', ids, NOW))).toBe('tenderNotFound');
    expect(code(() => decideAsk(tender(), invited, 'seller-a', 'Splice?', ids, new Date('2026-03-04T01:00:00.000Z')))).toBe('tenderClosed');
    expect(code(() => decideAsk(tender({ status: 'comparison' }), invited, 'seller-a', 'Splice?', ids, NOW))).toBe('tenderClosed');
    expect(code(() => decideAsk(tender({ status: 'cancelled' }), invited, 'seller-a', 'Splice?', ids, NOW))).toBe('tenderClosed');
  });

  it('the buyer answers a question once; an unknown question is 404', () => {
    const board = foldQueries([
      stored('TenderQueryAsked', { tenderId: 't-1', queryId: 'q-1', sellerCompanyId: 'seller-a', question: 'Splice?', by: 'u-1' }, 0),
    ]);
    expect(decideAnswer(tender(), board, 'q-1', 'Yes.', 'u-9', NOW)).toEqual({
      type: 'TenderQueryAnswered',
      data: { tenderId: 't-1', queryId: 'q-1', answer: 'Yes.', by: 'u-9' },
    });
    expect(code(() => decideAnswer(tender(), board, 'q-2', 'Yes.', 'u-9', NOW))).toBe('queryNotFound');
    const answered = foldQueries([
      stored('TenderQueryAsked', { tenderId: 't-1', queryId: 'q-1', sellerCompanyId: 'seller-a', question: 'Splice?', by: 'u-1' }, 0),
      stored('TenderQueryAnswered', { tenderId: 't-1', queryId: 'q-1', answer: 'Yes.', by: 'u-9' }, 1),
    ]);
    expect(code(() => decideAnswer(tender(), answered, 'q-1', 'Again.', 'u-9', NOW))).toBe('queryAlreadyAnswered');
    expect(code(() => decideAnswer(tender({ status: 'comparison' }), board, 'q-1', 'Late.', 'u-9', NOW))).toBe('tenderClosed');
  });
});
