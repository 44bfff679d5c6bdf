import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@binaan/event-store';
import { foldCompany } from './company-state.js';
import { decideDirectoryListing } from './directory-listing.decider.js';

let position = 0;
const stored = (type: string, data: object): StoredEvent =>
  ({
    id: `e${++position}`,
    streamId: 'company-c1',
    streamType: 'company',
    type,
    data,
    metadata: { actorUserId: 'u1', recordedAt: '2026-12-01T00:00:00.000Z' },
    revision: position,
    position,
  }) as unknown as StoredEvent;
const company = (subscriptionType: number, ...more: StoredEvent[]) =>
  foldCompany([
    stored('CompanyRegistered', {
      companyId: 'c1',
      name: 'Kukuh Sdn Bhd',
      registrationNo: '1-A',
      subscriptionType,
      subscriptionDetailType: 'basic',
      isDemo: false,
    }),
    ...more,
  ])!;
const refusalOf = (decide: () => unknown) => {
  try {
    decide();
    return null;
  } catch (error) {
    const reply = error as { getStatus(): number; getResponse(): { errorCode: string } };
    return [reply.getStatus(), reply.getResponse().errorCode];
  }
};

describe('listing a company in the contractor directory', () => {
  it('given a seller never listed, when listed with a reason, then the change records it', () => {
    expect(decideDirectoryListing(company(2), { listed: true, reason: ' Supplying Johor. ' })).toEqual([
      { type: 'CompanyDirectoryListingChanged', data: { listed: true, reason: 'Supplying Johor.' } },
    ]);
  });

  it('given a listed company, when listed again, then nothing; when taken off, then the change', () => {
    const listed = company(2, stored('CompanyDirectoryListingChanged', { listed: true, reason: 'yes' }));
    expect(listed.directoryListing).toEqual({ listed: true, at: '2026-12-01T00:00:00.000Z', byUserId: 'u1', reason: 'yes' });
    expect(decideDirectoryListing(listed, { listed: true, reason: 'again' })).toEqual([]);
    expect(decideDirectoryListing(listed, { listed: false, reason: 'busy' })).toEqual([
      { type: 'CompanyDirectoryListingChanged', data: { listed: false, reason: 'busy' } },
    ]);
  });

  it('given a buyer, when listed, then 422 noDirectoryTrade; taking it off stays allowed', () => {
    expect(refusalOf(() => decideDirectoryListing(company(1), { listed: true, reason: 'x' }))).toEqual([422, 'noDirectoryTrade']);
    expect(decideDirectoryListing(company(1), { listed: false, reason: 'x' })).toEqual([]);
  });

  it('given a CIDB contractor, its specialisations from the registered details decide', () => {
    const details = (cidbSpecialisations: number[]) =>
      stored('CompanyDetailsRecorded', { details: { subscriptionType: 14, cidbGrade: 3, cidbSpecialisations }, registeredByUserId: 'u1' });
    expect(decideDirectoryListing(company(14, details([2])), { listed: true, reason: 'x' })).toHaveLength(1);
    expect(refusalOf(() => decideDirectoryListing(company(14), { listed: true, reason: 'x' }))).toEqual([422, 'noDirectoryTrade']);
  });

  it('when the body lacks a yes or no or a reason, then 400 validationFailed', () => {
    expect(refusalOf(() => decideDirectoryListing(company(2), { listed: true }))).toEqual([400, 'validationFailed']);
  });
});
