import { describe, expect, it } from '@jest/globals';
import { isMyKadNumber, maskIdNumber, profileEntryErrors, profileProblems } from './company-profile-api.js';

const holder = (sharePercent: number) => ({ sharePercent });

describe("the rules that span the profile's tabs, by legal form", () => {
  it('a sole proprietor has exactly one owner, holding everything; no director is asked of it', () => {
    expect(profileProblems(1, [holder(100)], [])).toEqual([]);
    expect(profileProblems(1, [], [])).toEqual([{ tab: 'shareholders', code: 'soleProprietorOneOwner' }]);
    expect(profileProblems(1, [holder(50), holder(50)], [])).toEqual([{ tab: 'shareholders', code: 'soleProprietorOneOwner' }]);
    expect(profileProblems(1, [holder(90)], [])).toEqual([{ tab: 'shareholders', code: 'sharesNotHundred' }]);
  });

  it('a partnership needs at least one partner, whose shares total 100', () => {
    expect(profileProblems(2, [], [])).toEqual([{ tab: 'shareholders', code: 'partnershipNeedsPartner' }]);
    expect(profileProblems(2, [holder(60), holder(40)], [])).toEqual([]);
  });

  it('a company needs a shareholder and a director, and shares of exactly 100 to the hundredth', () => {
    expect(profileProblems(3, [], [])).toEqual([
      { tab: 'shareholders', code: 'shareholderRequired' },
      { tab: 'directors', code: 'directorRequired' },
    ]);
    expect(profileProblems(4, [holder(33.33), holder(33.33), holder(33.34)], [{}])).toEqual([]);
    expect(profileProblems(5, [holder(33.33), holder(33.33), holder(33.33)], [{}])).toEqual([
      { tab: 'shareholders', code: 'sharesNotHundred' },
    ]);
  });
});

describe('identity numbers', () => {
  it('a MyKad has 12 digits, a real birth date and a place code', () => {
    expect(isMyKadNumber('800101-14-5678')).toBe(true);
    expect(isMyKadNumber('800229145678')).toBe(true);
    for (const wrong of ['800230145678', '801301145678', '800101005678', '80010114567', '80-0101-14-5678'])
      expect(isMyKadNumber(wrong)).toBe(false);
  });

  it('masked, all but the last four characters', () => {
    expect(maskIdNumber('800101145678')).toBe('••••••••5678');
    expect(maskIdNumber('A12')).toBe('•••');
  });

  it("a track record's end on its start day is allowed, a day before is not", () => {
    const project = { name: 'x', location: 'x', type: 'x', client: 'x', contractSum: 1, status: 1, startDate: '2020-01-01' };
    expect(profileEntryErrors('trackRecord', { ...project, endDate: '2020-01-01' } as never)).toEqual({});
    expect(profileEntryErrors('trackRecord', { ...project, endDate: '2019-12-31' } as never)).toEqual({ endDate: ['endBeforeStart'] });
  });
});
