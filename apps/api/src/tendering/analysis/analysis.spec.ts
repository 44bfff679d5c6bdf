import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@binaan/event-store';
import { foldAnalysis, parseCriteria, parseScores, parseShortlist, scoreSellers } from './analysis.js';

const stored = (revision: number, type: string, data: unknown) =>
  ({ revision, type, data, metadata: { recordedAt: `2026-01-0${revision + 1}T00:00:00.000Z` } }) as unknown as StoredEvent;
const CRITERIA = [
  { key: 'experience', name: 'Experience', weight: 25 },
  { key: 'programme', name: 'Programme', weight: 15 },
];
const SELLERS = [
  { sellerCompanyId: 'a', sellerName: 'Alpha', total: '2000.00' },
  { sellerCompanyId: 'b', sellerName: 'Beta', total: '2090.00' },
  { sellerCompanyId: 'c', sellerName: 'Gamma', total: '2500.00' },
];

describe('tender analysis', () => {
  it('weights price and technical scores: lowest total 100, others in proportion; unscored sellers last', () => {
    const state = foldAnalysis([
      stored(0, 'AnalysisCriteriaSet', { priceWeight: 60, criteria: CRITERIA }),
      stored(1, 'TechnicalScoresEntered', { sellerCompanyId: 'a', scores: { experience: 70, programme: 80 } }),
      stored(2, 'TechnicalScoresEntered', { sellerCompanyId: 'b', scores: { experience: 90, programme: 100 } }),
      stored(3, 'SellersShortlisted', { sellerCompanyIds: ['a', 'b'] }),
    ]);
    // a: price 100.00, technical (70x25 + 80x15) / 40 = 73.75, combined (100x60 + 70x25 + 80x15) / 100 = 89.50.
    // b: price 2000 / 2090 = 95.69, technical 93.75, combined (95.69x60 + 90x25 + 100x15) / 100 = 94.914 -> 94.91.
    // c: price 2000 / 2500 = 80.00, not scored.
    expect(
      scoreSellers(state, SELLERS).map((s) => [s.sellerCompanyId, s.priceScore, s.technicalScore, s.score, s.rank, s.shortlisted]),
    ).toEqual([
      ['a', '100.00', '73.75', '89.50', 2, true],
      ['b', '95.69', '93.75', '94.91', 1, true],
      ['c', '80.00', null, null, 3, false],
    ]);
  });

  it('without a questionnaire the price alone ranks; new criteria drop the scores given against the old', () => {
    expect(scoreSellers(foldAnalysis([]), SELLERS).map((s) => [s.score, s.rank])).toEqual([
      ['100.00', 1],
      ['95.69', 2],
      ['80.00', 3],
    ]);
    const state = foldAnalysis([
      stored(0, 'AnalysisCriteriaSet', { priceWeight: 60, criteria: CRITERIA }),
      stored(1, 'TechnicalScoresEntered', { sellerCompanyId: 'a', scores: { experience: 70, programme: 80 } }),
      stored(2, 'AnalysisCriteriaSet', { priceWeight: 50, criteria: [{ key: 'safety', name: 'Safety', weight: 50 }] }),
    ]);
    expect(state.scores.size).toBe(0);
    expect(state.revision).toBe(2);
  });

  it('refuses weights that do not add up to 100, bad criteria, scores out of range or for no criterion', () => {
    expect(parseCriteria({ priceWeight: 60, criteria: CRITERIA })).toEqual({ priceWeight: 60, criteria: CRITERIA });
    expect(() => parseCriteria({ priceWeight: 70, criteria: CRITERIA })).toThrow(
      expect.objectContaining({ status: 422, code: 'analysisWeightsInvalid' }),
    );
    expect(() => parseCriteria({ priceWeight: 60, criteria: [CRITERIA[0], { ...CRITERIA[0], weight: 15 }] })).toThrow(
      expect.objectContaining({ status: 400, code: 'validationFailed' }),
    );
    expect(() => parseCriteria({ priceWeight: 60.5, criteria: CRITERIA })).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseCriteria({ priceWeight: 60, criteria: CRITERIA, note: 'x' })).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseScores({ scores: { experience: 1 } }, [])).toThrow(
      expect.objectContaining({ status: 409, code: 'analysisCriteriaNotSet' }),
    );
    expect(parseScores({ scores: { programme: 5, experience: 100 } }, CRITERIA)).toEqual({ experience: 100, programme: 5 });
    for (const scores of [
      { experience: 101, programme: 1 },
      { experience: 1 },
      { experience: 1, programme: 1, price: 1 },
      { experience: '1', programme: 1 },
    ]) {
      expect(() => parseScores({ scores }, CRITERIA)).toThrow(expect.objectContaining({ status: 400, code: 'validationFailed' }));
    }
    expect(() => parseShortlist({ sellerCompanyIds: ['a', 'x'] }, new Set(['a']))).toThrow(
      expect.objectContaining({ status: 422, code: 'sellerNotQuoted' }),
    );
    expect(() => parseShortlist({ sellerCompanyIds: ['a', 'a'] }, new Set(['a']))).toThrow(expect.objectContaining({ status: 400 }));
  });
});
