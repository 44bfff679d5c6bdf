import { describe, expect, it } from '@jest/globals';
import { SubscriptionType } from '@binaan/contracts';
import { createdBySeller, type SideFacts } from './document-sides.js';

const facts = (overrides: Partial<SideFacts>): SideFacts => ({
  creatorCompanyId: 'me',
  source: null,
  creatorType: null,
  counterpartyType: null,
  ...overrides,
});

describe('which side created a document', () => {
  it('invoices and claims: the seller, whoever raises them', () => {
    for (const resource of ['invoice', 'progressiveClaim', 'milestoneClaim'] as const) {
      expect(createdBySeller(resource, facts({ creatorType: SubscriptionType.Buyer, counterpartyType: SubscriptionType.Developer }))).toBe(
        true,
      );
    }
  });

  it('kinds without sides are left to the machine', () => {
    for (const resource of ['purchaseOrder', 'workOrder', 'tender', 'paymentCertificate', 'stock'] as const) {
      expect(createdBySeller(resource, facts({ creatorType: SubscriptionType.Seller }))).toBeUndefined();
    }
  });

  it("a delivery or service order on an order: the seller when the creator is the order's counterparty, whatever its type", () => {
    const order = { companyId: 'buyer-co', counterpartyCompanyId: 'me' };
    for (const resource of ['deliveryOrder', 'serviceOrder'] as const) {
      expect(createdBySeller(resource, facts({ source: order, creatorType: SubscriptionType.Buyer }))).toBe(true);
      expect(
        createdBySeller(
          resource,
          facts({ source: { companyId: 'me', counterpartyCompanyId: 'seller-co' }, creatorType: SubscriptionType.Seller }),
        ),
      ).toBe(false);
    }
  });

  it("one on no order: by the subscription types, a mixed type by its counterparty's", () => {
    expect(
      createdBySeller('deliveryOrder', facts({ creatorType: SubscriptionType.Seller, counterpartyType: SubscriptionType.Seller })),
    ).toBe(true);
    expect(createdBySeller('deliveryOrder', facts({ creatorType: SubscriptionType.ProcurementSeller }))).toBe(true);
    expect(createdBySeller('serviceOrder', facts({ creatorType: SubscriptionType.Buyer, counterpartyType: SubscriptionType.Buyer }))).toBe(
      false,
    );
    expect(createdBySeller('serviceOrder', facts({ creatorType: SubscriptionType.Developer }))).toBe(false);
    expect(
      createdBySeller('serviceOrder', facts({ creatorType: SubscriptionType.CidbContractor, counterpartyType: SubscriptionType.Buyer })),
    ).toBe(true);
    expect(
      createdBySeller('serviceOrder', facts({ creatorType: SubscriptionType.BuyerSeller, counterpartyType: SubscriptionType.Seller })),
    ).toBe(false);
    expect(createdBySeller('deliveryOrder', facts({ creatorType: SubscriptionType.BuyerSeller, counterpartyType: null }))).toBe(false);
  });
});
