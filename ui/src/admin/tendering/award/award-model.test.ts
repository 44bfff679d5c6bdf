import { describe, expect, it } from 'vitest';
import { AWARDABLE, PAST_CLOSE, awardable, documentPath, nameOf, sellersByRank } from './award-model.js';
import type { ComparisonSeller } from '../comparison/comparison-model.js';

const seller = (id: string, name: string | null, rank: number) =>
  ({ sellerCompanyId: id, sellerName: name, rank, total: '1.00' }) as ComparisonSeller;

describe('award model', () => {
  it('lists the sheet sellers best rank first without changing the sheet', () => {
    const sheet = [seller('a', 'Alpha', 3), seller('b', 'Beta', 1), seller('c', 'Gamma', 2)];
    expect(sellersByRank(sheet).map((s) => s.sellerCompanyId)).toEqual(['b', 'c', 'a']);
    expect(sheet.map((s) => s.sellerCompanyId)).toEqual(['a', 'b', 'c']);
  });
  it('names a seller by its name, or its id when it has none or is unknown', () => {
    const sheet = [seller('a', 'Alpha', 1), seller('b', null, 2)];
    expect([nameOf(sheet, 'a'), nameOf(sheet, 'b'), nameOf(sheet, 'z')]).toEqual(['Alpha', 'b', 'z']);
  });
  it('links a made document to its page, the id escaped', () => {
    expect(documentPath('workOrder', 'x/1')).toBe('/workOrder/x%2F1/show');
  });
  it('takes an award only in comparison or after a rejected contract, and shows the tab past the close only', () => {
    expect([...AWARDABLE].every((s) => PAST_CLOSE.has(s))).toBe(true);
    expect(PAST_CLOSE.has('active')).toBe(false);
    expect(AWARDABLE.has('draftContract')).toBe(false);
  });
  it('takes an award in draftContract only while no award names the tender revision', () => {
    expect(awardable('draftContract', 7, [])).toBe(true);
    expect(awardable('draftContract', 7, [{ contractRevision: 5 }])).toBe(true);
    expect(awardable('draftContract', 7, [{ contractRevision: 7 }])).toBe(false);
    expect(awardable('comparison', 3, [{ contractRevision: 3 }])).toBe(true);
    expect(awardable('pendingContractApproval', 7, [])).toBe(false);
  });
});
