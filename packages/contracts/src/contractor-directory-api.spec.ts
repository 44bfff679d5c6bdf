import { describe, expect, it } from '@jest/globals';
import { directoryListingErrors, directoryTradesOf } from './contractor-directory-api.js';

describe('the trades a company is found under in the contractor directory', () => {
  it("are a CIDB contractor's specialisations, in the directory's order", () => {
    expect(directoryTradesOf({ subscriptionType: 14, cidbSpecialisations: [4, 1, 3, 2] })).toEqual([
      'building',
      'civilEngineering',
      'mechanicalElectrical',
      'facilityManagement',
    ]);
    expect(directoryTradesOf({ subscriptionType: 14, cidbSpecialisations: [9] })).toEqual([]);
    expect(directoryTradesOf({ subscriptionType: 14 })).toEqual([]);
  });

  it('are supply for the seller subscriptions and consultancy for a consultant; a buyer or developer offers none', () => {
    for (const seller of [2, 3, 12]) expect(directoryTradesOf({ subscriptionType: seller })).toEqual(['supply']);
    expect(directoryTradesOf({ subscriptionType: 6 })).toEqual(['consultancy']);
    for (const buyer of [1, 4, 5, 7, 11, 13]) expect(directoryTradesOf({ subscriptionType: buyer })).toEqual([]);
    // Specialisations count only for a CIDB contractor.
    expect(directoryTradesOf({ subscriptionType: 2, cidbSpecialisations: [1] })).toEqual(['supply']);
  });
});

describe('a listing change', () => {
  it('needs a yes or no and a reason of at most 500 characters', () => {
    expect(directoryListingErrors({ listed: true, reason: 'Open for work in Johor.' })).toEqual({});
    expect(directoryListingErrors({ listed: false, reason: 'r'.repeat(500) })).toEqual({});
    expect(directoryListingErrors({ listed: 'true', reason: 'x' })).toEqual({ listed: ['required'] });
    expect(directoryListingErrors({ listed: true, reason: '  ' })).toEqual({ reason: ['required'] });
    expect(directoryListingErrors({ listed: true, reason: 'r'.repeat(501) })).toEqual({ reason: ['tooLong'] });
    expect(directoryListingErrors(null)).toEqual({ listed: ['required'], reason: ['required'] });
  });
});
