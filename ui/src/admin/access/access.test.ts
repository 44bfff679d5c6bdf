// Where a company lands after the choice (signed-in-area.md §2.3 as packages/contracts reads it: an approved
// company goes home, whatever its subscription) and who may use a module (§4.8: unapproved companies only
// where pending is allowed, admins still reach add-company; §6: any right).
import { describe, expect, it } from 'vitest';
import { ADMIN_MODULE_RIGHTS, encodeAccessRights, landingAfterChoice } from '@binaan/contracts';
import { accessContext, canUse, MODULES, moduleByKey } from './modules.js';

describe('landing after company choice', () => {
  const home = moduleByKey('article').path;
  it.each([
    ['approved', 3, '/article'],
    ['submitted', 2, '/administration/company'],
    ['in progress', 1, '/auth/non-approved-company-login'],
    ['archived', 4, '/auth/non-approved-company-login'],
  ])('a user of a company %s lands on %s', (_case, status, landing) => {
    expect(landingAfterChoice(status, 1)).toBe(landing);
  });
  it.each([1, 14])(
    'an approved company of subscription %i lands on the first entry its menu offers (Home; the contractor too)',
    (subscription) => {
      const access = accessContext(encodeAccessRights(['procurement.view']), 3, subscription, 'USER');
      expect(landingAfterChoice(3, 1)).toBe(MODULES.find((m) => m.group === 'main' && canUse(m, access))?.path);
      expect(landingAfterChoice(3, 1)).toBe(home);
    },
  );
  it('a submitted company lands on its profile, which its people may open while it waits', () => {
    const profile = MODULES.find((m) => m.path === landingAfterChoice(2, 1))!;
    expect(canUse(profile, accessContext(encodeAccessRights(['administration.companyProfile.view']), 2, 1, 'USER'))).toBe(true);
  });
  it.each([1, 2, 3, 4])(
    'the platform administrator lands home in a company of status %i, a page open to them there without any role',
    (status) => {
      expect(landingAfterChoice(status, 2)).toBe(home);
      expect(canUse(moduleByKey('article'), accessContext(encodeAccessRights(ADMIN_MODULE_RIGHTS), status, 1, 'ADMIN'))).toBe(true);
    },
  );
});

describe('module access', () => {
  const rights = encodeAccessRights(['procurement.view', 'procurement.approve']);
  it('opens a module when any of its rights is held and the company is approved', () => {
    expect(canUse(moduleByKey('myApprovals'), accessContext(rights, 3, 1, 'USER'))).toBe(true);
    expect(canUse(moduleByKey('authority'), accessContext(rights, 3, 1, 'USER'))).toBe(false);
  });
  it('opens the delegations to every member of an approved company, without a right of its own', () => {
    expect(canUse(moduleByKey('delegations'), accessContext('', 3, 1, 'USER'))).toBe(true);
    expect(canUse(moduleByKey('delegations'), accessContext(rights, 1, 1, 'USER'))).toBe(false);
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
