import { describe, expect, it } from '@jest/globals';
import {
  COMPANY_DOCUMENT_CATEGORIES,
  companyFileDetailsErrors,
  daysUntil,
  groupOfCategory,
  malaysianDate,
  removalReasonErrors,
} from './company-files-api.js';

describe('company file details', () => {
  it('take a known kind, short texts and real dates, expiry not before issue', () => {
    expect(
      companyFileDetailsErrors({
        category: 'cidbCertificate',
        title: 'CIDB',
        referenceNo: 'X-1',
        issuedOn: '2026-01-31',
        expiresOn: '2027-01-30',
      }),
    ).toEqual({});
    expect(companyFileDetailsErrors({ category: 'passport' })).toEqual({ category: ['unknownCategory'] });
    expect(companyFileDetailsErrors({ category: 'logo', title: 'x'.repeat(201) })).toEqual({ title: ['tooLong'] });
    expect(companyFileDetailsErrors({ category: 'insurance', issuedOn: '2026-02-30' })).toEqual({ issuedOn: ['invalidDate'] });
    expect(companyFileDetailsErrors({ category: 'insurance', issuedOn: '2026-05-01', expiresOn: '2026-04-30' })).toEqual({
      expiresOn: ['beforeIssue'],
    });
    // A replacement names no kind.
    expect(companyFileDetailsErrors({ expiresOn: '2027-01-01' }, false)).toEqual({});
  });

  it('a removal needs a reason of at most 500 characters', () => {
    expect(removalReasonErrors({ reason: 'Expired' })).toEqual({});
    expect(removalReasonErrors({ reason: '  ' })).toEqual({ reason: ['required'] });
    expect(removalReasonErrors(null)).toEqual({ reason: ['required'] });
    expect(removalReasonErrors({ reason: 'x'.repeat(501) })).toEqual({ reason: ['tooLong'] });
  });

  it('every document kind has its group', () => {
    for (const category of COMPANY_DOCUMENT_CATEGORIES) expect(groupOfCategory(category)).toBeDefined();
    expect(groupOfCategory('auditedAccounts')).toBe('financial');
  });

  it('counts days on the Malaysian calendar (UTC+8)', () => {
    // 17:00 UTC on the 1st is already the 2nd in Kuala Lumpur.
    expect(malaysianDate(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
    expect(daysUntil('2026-04-01', '2026-03-02')).toBe(30);
    expect(daysUntil('2026-03-01', '2026-03-02')).toBe(-1);
  });
});
