// One test per row of signed-in-area.md §2.6 ("Notification link targets") and one per rule under it.
// Expected paths are copied from the spec's table, with P standing for the project id.
import { describe, expect, it } from '@jest/globals';
import { notificationLink, type NotificationLinkInput } from './notifications-links.js';

const P = 'proj-7';
const ID = 'doc-42';
const data = (extra: Record<string, unknown> = {}) => JSON.stringify({ project_id: P, ...extra });
const href = (module: string, src: string, extra: Record<string, unknown> = {}, subscriptionType?: number) =>
  notificationLink({ module, src, src_id: ID, event_data: data(extra) }, { subscriptionType: subscriptionType ?? null }).href;
const hrefs = (module: string, srcs: string[], extra: Record<string, unknown> = {}, subscriptionType?: number) =>
  srcs.map((src) => href(module, src, extra, subscriptionType));

const DEVELOPER = 4;
const BUYER = 1;

describe('notification links: one per row of the spec table (signed-in-area.md §2.6)', () => {
  it('Pending user approvals (admin): /administration/users/pending-approval', () => {
    expect(href('user', 'pendingApproval')).toBe('/administration/users/pending-approval');
  });

  it('Dashboard: /dashboard', () => {
    expect(href('dashboard', 'any')).toBe('/dashboard');
  });

  it('Projects: /project/demand or supply/{pending-approval, active, rejected}?viewid=', () => {
    expect(hrefs('project', ['pendingApproval', 'active', 'rejected'], { project_type: 1 })).toEqual([
      `/project/demand/pending-approval?viewid=${ID}`,
      `/project/demand/active?viewid=${ID}`,
      `/project/demand/rejected?viewid=${ID}`,
    ]);
    expect(href('project', 'active', { project_type: 2 })).toBe(`/project/supply/active?viewid=${ID}`);
  });

  it('Bill of quantity: /bill-of-quantity/{projectId}/{pending-approval, rejected, active}', () => {
    expect(hrefs('billOfQuantity', ['pendingApproval', 'rejected', 'active'])).toEqual([
      `/bill-of-quantity/${P}/pending-approval`,
      `/bill-of-quantity/${P}/rejected`,
      `/bill-of-quantity/${P}/active`,
    ]);
  });

  it('Ongoing budget: /ongoing-budget/{projectId}/{pending, rejected, approved}', () => {
    expect(hrefs('ongoingBudget', ['pending', 'rejected', 'approved'])).toEqual([
      `/ongoing-budget/${P}/pending`,
      `/ongoing-budget/${P}/rejected`,
      `/ongoing-budget/${P}/approved`,
    ]);
  });

  it('Tender costing: /project/{projectId}/tender-costing', () => {
    expect(href('tenderCosting', 'new')).toBe(`/project/${P}/tender-costing`);
  });

  it('Quotation: /quotation/{projectId}/quotationRequest/trade, /trade/invitation, /trade/analysis, /received/trade; /new-received/trade when there is no project', () => {
    expect(hrefs('quotation', ['quotationRequest', 'invitation', 'analysis', 'received'])).toEqual([
      `/quotation/${P}/quotationRequest/trade`,
      `/quotation/${P}/trade/invitation`,
      `/quotation/${P}/trade/analysis`,
      `/quotation/${P}/received/trade`,
    ]);
    expect(
      notificationLink({ module: 'quotation', src: 'received', src_id: ID, event_data: JSON.stringify({ project_id: null }) }).href,
    ).toBe('/quotation/new-received/trade');
  });

  it('Requests: /request/{projectId}/{material, machine, trade}/{pending, rejected}', () => {
    expect(href('request', 'pending', { category: 'material' })).toBe(`/request/${P}/material/pending`);
    expect(href('request', 'rejected', { category: 'machine' })).toBe(`/request/${P}/machine/rejected`);
    expect(href('request', 'pending', { category: 'trade' })).toBe(`/request/${P}/trade/pending`);
  });

  it('Tenders: /tender/{projectId}/{material, machine, trade, technical}/{all, active, pending-activation, comparison, pending-contract-approval, invitation, analysis, draft-contract-rejected, received, new-received}', () => {
    expect(
      hrefs(
        'tender',
        ['all', 'active', 'pendingActivation', 'comparison', 'pendingContractApproval', 'draftContractRejected', 'received'],
        { category: 'material' },
        BUYER,
      ),
    ).toEqual([
      `/tender/${P}/material/all`,
      `/tender/${P}/material/active`,
      `/tender/${P}/material/pending-activation`,
      `/tender/${P}/material/comparison`,
      `/tender/${P}/material/pending-contract-approval`,
      `/tender/${P}/material/draft-contract-rejected`,
      `/tender/${P}/material/received`,
    ]);
    expect(hrefs('tender', ['invitation', 'analysis'], { category: 'trade' }, DEVELOPER)).toEqual([
      `/tender/${P}/trade/invitation`,
      `/tender/${P}/trade/analysis`,
    ]);
    expect(href('tender', 'active', { category: 'machine' }, BUYER)).toBe(`/tender/${P}/machine/active`);
    expect(href('tender', 'pendingActivation', { category: 'technical' }, BUYER)).toBe(`/tender/${P}/technical/pending-activation`);
    expect(href('tender', 'newReceived', { category: 'material' }, BUYER)).toBe(`/tender/${P}/material/new-received`);
  });

  it('Tender addendum: /tender/{projectId}/trade/invitation?viewaddendumid=', () => {
    expect(href('tenderAddendum', 'new')).toBe(`/tender/${P}/trade/invitation?viewaddendumid=${ID}`);
  });

  it('Letter of award: /letter-of-award/{projectId}/{accepted, rejected}, also ?viewvoid=; received/new, received/approved, received/rejected', () => {
    expect(hrefs('letterOfAward', ['accepted', 'rejected', 'receivedNew', 'receivedApproved', 'receivedRejected'])).toEqual([
      `/letter-of-award/${P}/accepted`,
      `/letter-of-award/${P}/rejected`,
      `/letter-of-award/${P}/received/new`,
      `/letter-of-award/${P}/received/approved`,
      `/letter-of-award/${P}/received/rejected`,
    ]);
    expect(href('letterOfAward', 'void')).toBe(`/letter-of-award/${P}/accepted?viewvoid=${ID}`);
  });

  it('Work order: /work-order/{projectId}/{accepted, rejected}, plus received variants', () => {
    expect(hrefs('workOrder', ['accepted', 'rejected', 'receivedNew', 'receivedApproved', 'receivedRejected'])).toEqual([
      `/work-order/${P}/accepted`,
      `/work-order/${P}/rejected`,
      `/work-order/${P}/received/new`,
      `/work-order/${P}/received/approved`,
      `/work-order/${P}/received/rejected`,
    ]);
  });

  it('Purchase order: /purchase-order/{projectId}/rejected, plus received/new, received/approved, received/rejected, accepted', () => {
    expect(hrefs('purchaseOrder', ['rejected', 'receivedNew', 'receivedApproved', 'receivedRejected', 'accepted'])).toEqual([
      `/purchase-order/${P}/rejected`,
      `/purchase-order/${P}/received/new`,
      `/purchase-order/${P}/received/approved`,
      `/purchase-order/${P}/received/rejected`,
      `/purchase-order/${P}/accepted`,
    ]);
  });

  it('Rental order: /rental-order/{projectId}/rejected, plus the same received and accepted variants', () => {
    expect(hrefs('rentalOrder', ['rejected', 'receivedNew', 'receivedApproved', 'receivedRejected', 'accepted'])).toEqual([
      `/rental-order/${P}/rejected`,
      `/rental-order/${P}/received/new`,
      `/rental-order/${P}/received/approved`,
      `/rental-order/${P}/received/rejected`,
      `/rental-order/${P}/accepted`,
    ]);
  });

  it('Sub purchase / sub rental order: .../accepted with viewspoid or viewsroid', () => {
    expect(href('subPurchaseOrder', 'receivedNew')).toBe(`/purchase-order/${P}/accepted?viewspoid=${ID}`);
    expect(href('subRentalOrder', 'receivedNew')).toBe(`/rental-order/${P}/accepted?viewsroid=${ID}`);
  });

  it('Delivery order: /delivery-order/{projectId}/{pending-verification, rejected, confirmed, pending, rejected-by-seller}; /seller-delivery-order/{projectId}/... same pattern', () => {
    const srcs = ['pendingVerification', 'rejected', 'confirmed', 'pending', 'rejectedBySeller'];
    const pagesOf = (base: string) =>
      ['pending-verification', 'rejected', 'confirmed', 'pending', 'rejected-by-seller'].map((page) => `/${base}/${P}/${page}`);
    expect(hrefs('deliveryOrder', srcs, { created_by_seller: false })).toEqual(pagesOf('delivery-order'));
    expect(hrefs('deliveryOrder', srcs, { created_by_seller: true })).toEqual(pagesOf('seller-delivery-order'));
  });

  it('Service order: /service-order/{projectId}/{rejected, approved, pending, confirmed, rejected-by-seller}; seller-created: /seller-service-order/{projectId}/{pending-other, confirmed, rejected, pending}', () => {
    expect(
      hrefs('serviceOrder', ['rejected', 'approved', 'pending', 'confirmed', 'rejectedBySeller'], { created_by_seller: false }),
    ).toEqual([
      `/service-order/${P}/rejected`,
      `/service-order/${P}/approved`,
      `/service-order/${P}/pending`,
      `/service-order/${P}/confirmed`,
      `/service-order/${P}/rejected-by-seller`,
    ]);
    expect(hrefs('serviceOrder', ['pendingOther', 'confirmed', 'rejected', 'pending'], { created_by_seller: true })).toEqual([
      `/seller-service-order/${P}/pending-other`,
      `/seller-service-order/${P}/confirmed`,
      `/seller-service-order/${P}/rejected`,
      `/seller-service-order/${P}/pending`,
    ]);
  });

  it('Invoices: /invoice/{projectId}/{material, trade, machine}/ with new, pending-verification, rejected, rejectedByBuyer, accepted, received/new, received/pending-acceptance', () => {
    expect(
      hrefs(
        'invoice',
        ['new', 'pendingVerification', 'rejected', 'rejectedByBuyer', 'accepted', 'receivedNew', 'receivedPendingAcceptance'],
        { category: 'trade' },
      ),
    ).toEqual([
      `/invoice/${P}/trade/new`,
      `/invoice/${P}/trade/pending-verification`,
      `/invoice/${P}/trade/rejected`,
      `/invoice/${P}/trade/rejectedByBuyer`,
      `/invoice/${P}/trade/accepted`,
      `/invoice/${P}/trade/received/new`,
      `/invoice/${P}/trade/received/pending-acceptance`,
    ]);
    expect(href('invoice', 'new', { category: 'material' })).toBe(`/invoice/${P}/material/new`);
    expect(href('invoice', 'new', { category: 'machine' })).toBe(`/invoice/${P}/machine/new`);
  });

  it('Progressive claim: /progressive-claim/{projectId}/{pending-verification, rejected, approved}', () => {
    expect(hrefs('progressiveClaim', ['pendingVerification', 'rejected', 'approved'])).toEqual([
      `/progressive-claim/${P}/pending-verification`,
      `/progressive-claim/${P}/rejected`,
      `/progressive-claim/${P}/approved`,
    ]);
  });

  it('Claim certification: /progressive-claim-certification/{projectId}/{new, pending-certification, rejected}', () => {
    expect(hrefs('progressiveClaimCertification', ['new', 'pendingCertification', 'rejected'])).toEqual([
      `/progressive-claim-certification/${P}/new`,
      `/progressive-claim-certification/${P}/pending-certification`,
      `/progressive-claim-certification/${P}/rejected`,
    ]);
  });

  it('Milestone claims: /milestone-claims/{projectId}/pending-approval; /milestone-claims-certification/{projectId}/pending-certification', () => {
    expect(href('milestoneClaim', 'pendingApproval')).toBe(`/milestone-claims/${P}/pending-approval`);
    expect(href('milestoneClaimCertification', 'pendingCertification')).toBe(`/milestone-claims-certification/${P}/pending-certification`);
  });

  it('Payment certificates: /payment-certificate/{projectId}/{material, machine}/{new, pending-approval, approved, rejected}', () => {
    expect(hrefs('paymentCertificate', ['new', 'pendingApproval', 'approved', 'rejected'], { category: 'machine' })).toEqual([
      `/payment-certificate/${P}/machine/new`,
      `/payment-certificate/${P}/machine/pending-approval`,
      `/payment-certificate/${P}/machine/approved`,
      `/payment-certificate/${P}/machine/rejected`,
    ]);
    expect(href('paymentCertificate', 'new', { category: 'material' })).toBe(`/payment-certificate/${P}/material/new`);
  });

  it('BQ scans: /project/{projectId}/bill-of-quantity-scan-list', () => {
    expect(href('bqScan', 'done')).toBe(`/project/${P}/bill-of-quantity-scan-list`);
  });

  it('Inventory: /inventory/{projectId}/{stock-receive, stock-out-util, transfer-in, stock-out, stock-adjustment}', () => {
    expect(hrefs('inventory', ['stockReceive', 'stockOutUtil', 'transferIn', 'stockOut', 'stockAdjustment'])).toEqual([
      `/inventory/${P}/stock-receive`,
      `/inventory/${P}/stock-out-util`,
      `/inventory/${P}/transfer-in`,
      `/inventory/${P}/stock-out`,
      `/inventory/${P}/stock-adjustment`,
    ]);
  });

  it('Progress planning: /project-progress-planning/{projectId}/{pending, approved, rejected}', () => {
    expect(hrefs('progressPlanning', ['pending', 'approved', 'rejected'])).toEqual([
      `/project-progress-planning/${P}/pending`,
      `/project-progress-planning/${P}/approved`,
      `/project-progress-planning/${P}/rejected`,
    ]);
  });

  it('Tender queries: /tenderQuery/{projectId}/all; /receivedTenderQuery/{projectId}', () => {
    expect(href('tenderQuery', 'new')).toBe(`/tenderQuery/${P}/all`);
    expect(href('receivedTenderQuery', 'new')).toBe(`/receivedTenderQuery/${P}`);
  });

  it('Vendor appraisal: /vendor-management/my-vendor-appraisal', () => {
    expect(href('vendorAppraisal', 'new')).toBe('/vendor-management/my-vendor-appraisal');
  });

  it('Lists of tenderers: /list-of-tenderer/{projectId}/{pending, approved, rejected}', () => {
    expect(hrefs('listOfTenderer', ['pending', 'approved', 'rejected'])).toEqual([
      `/list-of-tenderer/${P}/pending`,
      `/list-of-tenderer/${P}/approved`,
      `/list-of-tenderer/${P}/rejected`,
    ]);
  });

  it('Instructions: /instruction/{projectId}/pending; receivedInstruction/pendingAcceptance, accepted, submitted; comparison', () => {
    expect(href('instruction', 'pending')).toBe(`/instruction/${P}/pending`);
    expect(hrefs('receivedInstruction', ['pendingAcceptance', 'accepted', 'submitted'])).toEqual([
      `/receivedInstruction/${P}/pendingAcceptance`,
      `/receivedInstruction/${P}/accepted`,
      `/receivedInstruction/${P}/submitted`,
    ]);
    expect(href('instruction', 'comparison')).toBe(`/instruction/${P}/comparison`);
  });

  it('Business network: /business-network/{request-received-partner, ..., seller/approved-client2, kiv-profile2, kiv-partner2, conversations?viewid=}', () => {
    expect(
      hrefs('businessNetwork', [
        'requestReceivedPartner',
        'requestReceivedPartner2',
        'requestReceivedProfile',
        'requestReceivedProfile2',
        'receivedSharedProfile2',
        'approvedClient2',
        'kivProfile2',
        'kivPartner2',
      ]),
    ).toEqual([
      '/business-network/request-received-partner',
      '/business-network/request-received-partner2',
      '/business-network/request-received-profile',
      '/business-network/request-received-profile2',
      '/business-network/received-shared-profile2',
      '/business-network/seller/approved-client2',
      '/business-network/kiv-profile2',
      '/business-network/kiv-partner2',
    ]);
    expect(href('businessNetwork', 'conversation')).toBe(`/business-network/conversations?viewid=${ID}`);
  });
});

describe('notification links: the rules under the table', () => {
  it('seller versus buyer variants are chosen by created_by_seller', () => {
    expect(href('deliveryOrder', 'confirmed', { created_by_seller: true })).toBe(`/seller-delivery-order/${P}/confirmed`);
    expect(href('deliveryOrder', 'confirmed', { created_by_seller: false })).toBe(`/delivery-order/${P}/confirmed`);
    expect(href('serviceOrder', 'pending', { created_by_seller: true })).toBe(`/seller-service-order/${P}/pending`);
    expect(href('serviceOrder', 'pending', {})).toBe(`/service-order/${P}/pending`);
  });

  it('tender links: a developer sees invitation or analysis pages, others all, active or comparison', () => {
    for (const developer of [4, 5]) {
      expect(href('tender', 'active', { category: 'trade' }, developer)).toBe(`/tender/${P}/trade/invitation`);
      expect(href('tender', 'all', { category: 'trade' }, developer)).toBe(`/tender/${P}/trade/invitation`);
      expect(href('tender', 'comparison', { category: 'trade' }, developer)).toBe(`/tender/${P}/trade/analysis`);
    }
    for (const other of [1, 2, 3, 6, 14]) {
      expect(href('tender', 'invitation', { category: 'trade' }, other)).toBe(`/tender/${P}/trade/active`);
      expect(href('tender', 'all', { category: 'trade' }, other)).toBe(`/tender/${P}/trade/all`);
      expect(href('tender', 'analysis', { category: 'trade' }, other)).toBe(`/tender/${P}/trade/comparison`);
    }
  });

  it('project type 1 means a demand project, any other value supply', () => {
    expect(href('project', 'active', { project_type: 1 })).toBe(`/project/demand/active?viewid=${ID}`);
    for (const type of [2, 3, null, undefined])
      expect(href('project', 'active', { project_type: type })).toBe(`/project/supply/active?viewid=${ID}`);
  });

  it('an unknown event falls back to /', () => {
    expect(href('somethingNew', 'pending')).toBe('/');
    expect(href('purchaseOrder', 'noSuchPage')).toBe('/');
    expect(href('toString', 'x')).toBe('/');
    expect(notificationLink({ module: 'purchaseOrder', src: 'accepted', src_id: ID, event_data: '{not json' }).href).toBe(
      '/purchase-order/all/accepted',
    );
    expect(notificationLink({ module: '', src: '' }).path).toBe('/');
  });
});

describe('notification links: decisions where the table is silent (apps/api/src/notifications/README.md)', () => {
  it('a document without a project is under the all-projects segment; a received tender without one is new-received', () => {
    const noProject: NotificationLinkInput = {
      module: 'purchaseOrder',
      src: 'receivedNew',
      src_id: ID,
      event_data: JSON.stringify({ project_id: null }),
    };
    expect(notificationLink(noProject).href).toBe('/purchase-order/all/received/new');
    expect(notificationLink({ ...noProject, module: 'tender', src: 'received' }, { subscriptionType: 1 }).href).toBe(
      '/tender/all/material/new-received',
    );
  });

  it("an order waiting for its own company's approval opens the pending-approval page of its kind", () => {
    expect(href('purchaseOrder', 'pendingApproval')).toBe(`/purchase-order/${P}/pending-approval`);
  });

  it('a company waiting for approval opens its review page; an approved one the dashboard; one sent back its registration', () => {
    expect(href('company', 'pendingApproval')).toBe(`/admin/company-registrations/${ID}`);
    expect(href('company', 'approved')).toBe('/dashboard');
    expect(href('company', 'rejected')).toBe('/administration/company');
    expect(href('company', 'documentExpiring')).toBe('/administration/company');
  });

  it('the reply keeps path and query apart, and the query is encoded', () => {
    const link = notificationLink({ module: 'project', src: 'active', src_id: 'a b&c', event_data: { project_type: 1 } });
    expect(link).toEqual({ path: '/project/demand/active', query: { viewid: 'a b&c' }, href: '/project/demand/active?viewid=a%20b%26c' });
  });
});
