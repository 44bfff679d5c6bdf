import { describe, expect, it } from 'vitest';
import { SubscriptionType } from '@binaan/contracts';
import { canUse, MODULES } from '../access/modules.js';
import { companyReportsOf } from './report-offer.js';

describe('the company reports a subscription type is offered', () => {
  it('buyer to buyers, seller to sellers, developer (and buyer: it tenders and orders) to developers', () => {
    expect(companyReportsOf(SubscriptionType.Buyer)).toEqual(['buyer']);
    expect(companyReportsOf(SubscriptionType.ProcurementSeller)).toEqual(['seller']);
    expect(companyReportsOf(SubscriptionType.Developer)).toEqual(['buyer', 'developer']);
  });

  it('every report to a mixed type, none without a type', () => {
    expect(companyReportsOf(SubscriptionType.BuyerSeller)).toEqual(['buyer', 'seller', 'developer']);
    expect(companyReportsOf(SubscriptionType.DeveloperBuyer)).toEqual(['buyer', 'seller', 'developer']);
    expect(companyReportsOf(SubscriptionType.Consultant)).toEqual(['seller']);
    expect(companyReportsOf(undefined)).toEqual([]);
  });

  it('opens the report pages only with the reports right and the type', () => {
    const buyer = MODULES.find((m) => m.key === 'reportsBuyer')!;
    const base = { approved: true, admin: false, contractor: false };
    const withRight = '1'.repeat(200);
    expect(canUse(buyer, { ...base, rights: withRight, subscriptionType: SubscriptionType.Buyer })).toBe(true);
    expect(canUse(buyer, { ...base, rights: withRight, subscriptionType: SubscriptionType.Seller })).toBe(false);
    expect(canUse(buyer, { ...base, rights: '', subscriptionType: SubscriptionType.Buyer })).toBe(false);
  });
});
