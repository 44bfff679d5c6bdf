// A notification opens its §2.6 link target (notificationLink in packages/contracts); the signed-in area
// resolves the target to the document the notification is about, or to the list of the target's kind.
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { notificationLink, type NotificationLinkInput } from '@binaan/contracts';
import { isSignedInPath } from '../signed-in-paths.js';
import { LINK_TARGET_ROUTES, resolveLinkTarget } from './link-targets.js';

const data = (extra: Record<string, unknown>) => JSON.stringify({ project_id: 'proj-1', ...extra });
const target = (input: NotificationLinkInput, subscriptionType = 1) =>
  new URL(notificationLink(input, { subscriptionType }).href, 'http://x');
const routes = LINK_TARGET_ROUTES.map((path) => ({ path }));
const routed = (path: string) => matchRoutes(routes, path) !== null;
const list = (resource: string, filter: Record<string, string>) => `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
/** A few kinds' statuses, as the catalogue gives them. */
const STATUSES: Record<string, string[]> = {
  purchaseOrder: ['new', 'pendingApproval', 'rejected', 'accepted'],
  deliveryOrder: ['new', 'pendingVerification', 'confirmed'],
  tender: ['new', 'active'],
};
const statuses = (resource: string) => STATUSES[resource] ?? [];

describe('the document a notification is about', () => {
  it('an order waiting for approval: its target, then the order itself when the bell passes it along', () => {
    const url = target({
      module: 'purchaseOrder',
      src: 'pendingApproval',
      src_id: 'po-7',
      event_data: data({ resource: 'purchaseOrder' }),
    });
    expect(url.pathname).toBe('/purchase-order/proj-1/pending-approval');
    expect(routed(url.pathname)).toBe(true);
    expect(resolveLinkTarget(url.pathname, url.search, { notification: { resource: 'purchaseOrder', id: 'po-7' } })).toEqual({
      to: '/purchaseOrder/po-7/show',
    });
  });

  it("the same target reached without the bell (a pasted address): the kind's list, filtered to the project and to the page's status", () => {
    expect(resolveLinkTarget('/purchase-order/proj-1/pending-approval', '', null)).toEqual({
      to: list('purchaseOrder', { projectId: 'proj-1' }),
    });
    expect(resolveLinkTarget('/purchase-order/proj-1/rejected', '', null, statuses)).toEqual({
      to: list('purchaseOrder', { projectId: 'proj-1', status: 'rejected' }),
    });
    // A page that is no status of the kind filters the project only; a received page says so.
    expect(resolveLinkTarget('/purchase-order/proj-1/received/new', '', null, statuses)).toEqual({
      to: list('purchaseOrder', { projectId: 'proj-1', direction: 'received', status: 'new' }),
    });
    expect(resolveLinkTarget('/delivery-order/proj-1/pending-verification', '', null, statuses)).toEqual({
      to: list('deliveryOrder', { projectId: 'proj-1', status: 'pendingVerification' }),
    });
    expect(resolveLinkTarget('/tender/proj-1/trade/invitation', '', null, statuses)).toEqual({
      to: list('tender', { projectId: 'proj-1' }),
    });
  });

  it('a document without a project (the "all" segment) lists the kind across projects', () => {
    const url = target({ module: 'purchaseOrder', src: 'rejected', src_id: 'po-8', event_data: JSON.stringify({}) });
    expect(url.pathname).toBe('/purchase-order/all/rejected');
    expect(resolveLinkTarget(url.pathname, '', null, statuses)).toEqual({ to: list('purchaseOrder', { status: 'rejected' }) });
    expect(resolveLinkTarget('/purchase-order/all/accepted', '', null)).toEqual({ to: '/purchaseOrder' });
  });

  it('a seller-created delivery order and a certification page lead to their own kinds', () => {
    const delivery = target({ module: 'deliveryOrder', src: 'pending', src_id: 'do-1', event_data: data({ created_by_seller: true }) });
    expect(delivery.pathname).toBe('/seller-delivery-order/proj-1/pending');
    expect(resolveLinkTarget(delivery.pathname, '', undefined)).toEqual({ to: list('deliveryOrder', { projectId: 'proj-1' }) });
    expect(resolveLinkTarget('/progressive-claim-certification/proj-1/new', '', undefined)).toEqual({
      to: list('progressiveClaim', { projectId: 'proj-1' }),
    });
    // The inventory's targets are its own pages' paths (routed before the link targets): nothing to resolve.
    expect(LINK_TARGET_ROUTES.some((route) => route.startsWith('/inventory'))).toBe(false);
  });

  it("a sub order is named by its view id in the parent's list", () => {
    const url = target({ module: 'subPurchaseOrder', src: 'accepted', src_id: 'spo-3', event_data: data({}) });
    expect(url.search).toBe('?viewspoid=spo-3');
    expect(resolveLinkTarget(url.pathname, url.search, null)).toEqual({ to: '/subPurchaseOrder/spo-3/show' });
  });

  it('a voided letter of award is named by viewvoid', () => {
    const url = target({ module: 'letterOfAward', src: 'void', src_id: 'loa-9', event_data: data({}) });
    expect(resolveLinkTarget(url.pathname, url.search, null)).toEqual({ to: '/letterOfAward/loa-9/show' });
  });

  it('passed state naming something that is not a document kind is not trusted', () => {
    expect(resolveLinkTarget('/purchase-order/proj-1/rejected', '', { notification: { resource: 'users', id: 'x' } })).toEqual({
      to: list('purchaseOrder', { projectId: 'proj-1' }),
    });
  });
});

describe('kinds whose list name is their path (tenders, invoices)', () => {
  it('tender and invoice targets are routed to the resolver, for a developer and for others', () => {
    for (const subscriptionType of [1, 4]) {
      const tender = target({ module: 'tender', src: 'active', src_id: 't-1', event_data: data({ category: 'trade' }) }, subscriptionType);
      expect(routed(tender.pathname)).toBe(true);
      // A developer's tender pages are its invitation page (§2.6): the tender's Invitations tab.
      expect(resolveLinkTarget(tender.pathname, '', { notification: { resource: 'tender', id: 't-1' } })).toEqual({
        to: subscriptionType === 4 ? '/tender/t-1/show?tab=invitations' : '/tender/t-1/show',
      });
    }
    const received = target({
      module: 'invoice',
      src: 'receivedPendingAcceptance',
      src_id: 'inv-1',
      event_data: data({ category: 'material' }),
    });
    expect(received.pathname).toBe('/invoice/proj-1/material/received/pending-acceptance');
    expect(routed(received.pathname)).toBe(true);
    expect(routed('/invoice/proj-1/machine/rejectedByBuyer')).toBe(true);
  });

  it("react-admin's own pages of those kinds are left alone", () => {
    for (const path of [
      '/tender/t-1/show',
      '/tender/t-1',
      '/tender/create',
      '/invoice/inv-1/show',
      '/invoice/inv-1/show/history',
      '/tender',
    ])
      expect(routed(path), path).toBe(false);
  });
});

describe('targets that are not documents', () => {
  it('the dashboard is the home page', () => {
    expect(resolveLinkTarget(notificationLink({ module: 'company', src: 'approved', src_id: 'c-1' }).path, '', null)).toEqual({
      to: '/article',
    });
  });

  it("project pages lead to their page: the BQ editor, else the project's page", () => {
    const bq = target({ module: 'billOfQuantity', src: 'pendingApproval', src_id: 'bq-1', event_data: data({}) });
    expect(bq.pathname).toBe('/bill-of-quantity/proj-1/pending-approval');
    expect(routed(bq.pathname)).toBe(true);
    // The BQ has its own page: the editor on the project's BQ tab.
    expect(resolveLinkTarget(bq.pathname, '', null)).toEqual({ to: '/project/proj-1/bill-of-quantity' });
    // The scan list is a page of its own (AdminApp.tsx), not a link target that leads elsewhere.
    const scan = target({ module: 'bqScan', src: 'x', src_id: 'y', event_data: data({}) });
    expect(scan.pathname).toBe('/project/proj-1/bill-of-quantity-scan-list');
    expect(resolveLinkTarget(scan.pathname, '', null)).toBeNull();
    // Tender costing is the project's page itself (its Tender costing tab at the spec's path), not a link target to resolve.
    const costing = target({ module: 'tenderCosting', src: 'x', src_id: 'y', event_data: data({}) });
    expect(costing.pathname).toBe('/project/proj-1/tender-costing');
    expect(routed(costing.pathname)).toBe(false);
    expect(resolveLinkTarget(costing.pathname, '', null)).toBeNull();
    const budget = target({ module: 'ongoingBudget', src: 'pending', src_id: 'b-1', event_data: data({}) });
    expect(resolveLinkTarget(budget.pathname, '', null)).toEqual({ to: '/projects/proj-1/budget' });
    const plan = target({ module: 'progressPlanning', src: 'approved', src_id: 'p-1', event_data: data({}) });
    expect(resolveLinkTarget(plan.pathname, '', null)).toEqual({ to: '/projects/proj-1/progress' });
    const query = target({ module: 'tenderQuery', src: 'x', src_id: 'q-1', event_data: data({}) });
    expect(resolveLinkTarget(query.pathname, '', null)).toEqual({ to: '/projects/proj-1/documents' });
    const request = target({ module: 'request', src: 'pending', src_id: 'r-1', event_data: data({ category: 'trade' }) });
    // A request link is the kind's request list in the project, on its status's tab.
    const statuses = () => ['new', 'pendingApproval', 'approved', 'rejected', 'cancelled'];
    expect(resolveLinkTarget(request.pathname, '', null, statuses)).toEqual({
      to: `/tradeRequest?filter=${encodeURIComponent(JSON.stringify({ projectId: 'proj-1', status: 'pendingApproval' }))}`,
    });
    expect(resolveLinkTarget('/request/proj-1/material/rejected', '', null, statuses)).toEqual({
      to: `/materialRequest?filter=${encodeURIComponent(JSON.stringify({ projectId: 'proj-1', status: 'rejected' }))}`,
    });
    // Without a project there is no project page to open.
    expect(resolveLinkTarget('/quotation/new-received/trade', '', null)).toBeNull();
    expect(resolveLinkTarget('/bill-of-quantity/all/active', '', null)).toBeNull();
  });

  it('a project notification opens the project (its list page redirects on viewid)', () => {
    const url = target({ module: 'project', src: 'pendingApproval', src_id: 'proj-9', event_data: JSON.stringify({ project_type: 1 }) });
    expect(url.pathname + url.search).toBe('/project/demand/pending-approval?viewid=proj-9');
  });

  it("pending user approvals are the users page's own tab, not a link target", () => {
    const path = notificationLink({ module: 'user', src: 'pendingApproval', src_id: 'u-1' }).path;
    expect(path).toBe('/administration/users/pending-approval');
    expect(routed(path)).toBe(false);
    expect(isSignedInPath(path)).toBe(true);
  });

  it('leads a received tender to the quotation form and a quoted one to the Invitations tab', () => {
    const passed = { notification: { resource: 'tender', id: 'td-1' } };
    expect(resolveLinkTarget('/tender/proj-1/material/received', '', passed)).toEqual({ to: '/tendering/received/td-1' });
    expect(resolveLinkTarget('/tender/all/material/new-received', '', passed)).toEqual({ to: '/tendering/received/td-1' });
    expect(resolveLinkTarget('/tender/all/material/new-received', '', null)).toEqual({ to: '/tendering/received' });
    expect(resolveLinkTarget('/tender/proj-1/material/invitation', '', passed)).toEqual({ to: '/tender/td-1/show?tab=invitations' });
    // Not an invitation: the tender itself, as before.
    expect(resolveLinkTarget('/tender/proj-1/material/comparison', '', passed)).toEqual({ to: '/tender/td-1/show' });
  });
});

describe('the tender exchange: queries and addenda', () => {
  const TENDER = '0b6f2a52-3f0e-4c3e-9a55-2d7f3b1c9e10';

  it("a question opens the buyer's tender on its Queries tab; an answer the seller's board", () => {
    const asked = target({
      module: 'tenderQuery',
      src: 'new',
      src_id: TENDER,
      event_data: data({ resource: 'tender', tender_id: TENDER }),
    });
    expect(asked.pathname).toBe('/tenderQuery/proj-1/all');
    expect(resolveLinkTarget(asked.pathname, asked.search, { notification: { resource: 'tender', id: TENDER } })).toEqual({
      to: `/tender/${TENDER}/show?tab=queries`,
    });
    const answered = target({
      module: 'receivedTenderQuery',
      src: 'new',
      src_id: TENDER,
      event_data: data({ resource: 'tender', tender_id: TENDER }),
    });
    expect(answered.pathname).toBe('/receivedTenderQuery/proj-1');
    expect(resolveLinkTarget(answered.pathname, answered.search, { notification: { resource: 'tender', id: TENDER } })).toEqual({
      to: `/tendering/received/${TENDER}/board`,
    });
  });

  it("an addendum (?viewaddendumid=<tender>:<n>) opens the seller's board with that addendum marked, with or without the bell", () => {
    const url = target({
      module: 'tenderAddendum',
      src: 'new',
      src_id: `${TENDER}:2`,
      event_data: data({ resource: 'tender', tender_id: TENDER }),
    });
    expect(url.searchParams.get('viewaddendumid')).toBe(`${TENDER}:2`);
    const place = { to: `/tendering/received/${TENDER}/board?addendum=2` };
    expect(resolveLinkTarget(url.pathname, url.search, { notification: { resource: 'tender', id: `${TENDER}:2` } })).toEqual(place);
    expect(resolveLinkTarget(url.pathname, url.search, null)).toEqual(place);
  });
});

describe('instruction targets (§2.6 /instruction, /receivedInstruction)', () => {
  it("the sub-contractor's received pages list the instructions received in the project, on the page's status", () => {
    const url = target({ module: 'receivedInstruction', src: 'pendingAcceptance', src_id: 'ins-1', event_data: data({}) });
    expect(url.pathname).toBe('/receivedInstruction/proj-1/pendingAcceptance');
    expect(routed(url.pathname)).toBe(true);
    expect(resolveLinkTarget(url.pathname, '', null)).toEqual({
      to: list('instruction', { projectId: 'proj-1', direction: 'received', status: 'pendingAcceptance' }),
    });
    expect(resolveLinkTarget('/receivedInstruction/proj-1/submitted', '', null)).toEqual({
      to: list('instruction', { projectId: 'proj-1', direction: 'received', status: 'submitted' }),
    });
  });

  it("the issuer's pending page lists its own; the comparison opens the instruction's Comparison tab, or the submitted ones", () => {
    expect(routed('/instruction/proj-1/pending')).toBe(true);
    expect(resolveLinkTarget('/instruction/proj-1/pending', '', null)).toEqual({
      to: list('instruction', { projectId: 'proj-1', direction: 'sent', status: 'pending' }),
    });
    const url = target({ module: 'instruction', src: 'comparison', src_id: 'ins-2', event_data: data({ resource: 'instruction' }) });
    expect(url.pathname).toBe('/instruction/proj-1/comparison');
    expect(resolveLinkTarget(url.pathname, url.search, { notification: { resource: 'instruction', id: 'ins-2' } })).toEqual({
      to: '/instruction/ins-2/show?tab=comparison',
    });
    expect(resolveLinkTarget(url.pathname, '', null)).toEqual({
      to: list('instruction', { projectId: 'proj-1', direction: 'sent', status: 'submitted' }),
    });
    // The kind's own page is react-admin's, not a target.
    expect(routed('/instruction/ins-2/show')).toBe(false);
  });
});
