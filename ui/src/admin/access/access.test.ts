// Where a company lands after the choice (signed-in-area.md §2.3, contractor first) and who may use a module
// (§4.8: unapproved companies only where pending is allowed, admins still reach add-company; §6: any right).
import { describe, expect, it } from 'vitest';
import { encodeAccessRights } from '@binaan/contracts';
import { landingAfterChoice } from '../company/landing.js';
import { accessContext, canUse, moduleByKey } from './modules.js';

describe('landing after company choice', () => {
  it.each([
    [2, 1, 1, '/administration/company'],
    [3, 14, 1, '/cidb-administration/company-profile'],
    [3, 1, 1, '/administration/add-company'],
    [1, 1, 2, '/administration/add-company'],
    [1, 1, 1, '/auth/non-approved-company-login'],
    [4, 14, 1, '/auth/non-approved-company-login'],
  ])('status %i, subscription %i, user type %i -> %s', (status, subscription, userType, landing) => {
    expect(landingAfterChoice(status, subscription, userType as 1 | 2)).toBe(landing);
  });
});

describe('module access', () => {
  const rights = encodeAccessRights(['procurement.view', 'procurement.approve']);
  it('opens a module when any of its rights is held and the company is approved', () => {
    expect(canUse(moduleByKey('myApprovals'), accessContext(rights, 3, 1, 'USER'))).toBe(true);
    expect(canUse(moduleByKey('authority'), accessContext(rights, 3, 1, 'USER'))).toBe(false);
  });
  it('closes what does not allow pending companies while the company is not approved, except add-company for admins', () => {
    expect(canUse(moduleByKey('myApprovals'), accessContext(rights, 2, 1, 'USER'))).toBe(false);
    expect(canUse(moduleByKey('article'), accessContext('', 1, 1, 'USER'))).toBe(true);
    expect(canUse(moduleByKey('addCompany'), accessContext('', 1, 1, 'USER'))).toBe(false);
    expect(canUse(moduleByKey('addCompany'), accessContext('', 1, 1, 'ADMIN'))).toBe(true);
  });
  it('shows the contractor menu only to contractor subscriptions', () => {
    const tenders = encodeAccessRights(['tenderManagement.view']);
    expect(canUse(moduleByKey('tradeAndService.bq'), accessContext(tenders, 3, 14, 'USER'))).toBe(true);
    expect(canUse(moduleByKey('tradeAndService.bq'), accessContext(tenders, 3, 1, 'USER'))).toBe(false);
  });
  it('opens a contractor page with the view right of the documents it reads; the company search needs none', () => {
    expect(canUse(moduleByKey('tradeAndService.bq'), accessContext(rights, 3, 14, 'USER'))).toBe(false);
    expect(canUse(moduleByKey('tradeAndService.received-invoice'), accessContext(rights, 3, 14, 'USER'))).toBe(true);
    expect(canUse(moduleByKey('businessOpportunity.receipt-generator'), accessContext(rights, 3, 14, 'USER'))).toBe(false);
    expect(canUse(moduleByKey('tradeAndService.budget'), accessContext(rights, 3, 14, 'USER'))).toBe(true);
    expect(canUse(moduleByKey('tradeAndService.search-contractor'), accessContext('', 3, 14, 'USER'))).toBe(true);
  });
});
