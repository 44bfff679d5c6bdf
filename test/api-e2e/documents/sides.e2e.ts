// Who created a document, the seller or the buyer (apps/api/src/documents/document-sides.ts), over
// the API on PGlite and PostgreSQL, for every kind whose machine tells the two apart: delivery and service
// orders from either side, invoices and claims from the seller. From the creator's side the document is
// sent to the other company; from the other company's side it is offered the answer the machine's docs give
// that side (workflows/docs: Reject_By_Buyer when the seller created it, Reject_By_Seller when the buyer
// did), the other rejection is refused, and its notification names the seller as vendor_name and leads to
// the page of signed-in-area.md §2.6 for that side (the seller-* pages for seller-created orders). The
// rejection then tells the creator, on its side's page.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { notificationLink, type NotificationEventData } from '@binaan/contracts';
import { feed, settled } from '../notifications/harness.js';
import {
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  SERI,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  userIdOf,
  type Running,
} from './harness.js';

const TEGUH_NAME = 'Teguh Bina Sdn Bhd';
const MUTIARA_NAME = 'Mutiara Supplies Sdn Bhd';
type Who = 'kumar' | 'lim' | 'ahmad' | 'mei' | 'hafiz';

type Case = {
  name: string;
  resource: string;
  creator: Who;
  approver: Who;
  ask: string;
  counterparty: Who;
  counterpartyCompanyId: string;
  body: Record<string, unknown>;
  offered: string;
  refused: string | null;
  vendorName: string;
  /** The counterparty's notification when the document reaches it, and the creator's once it is rejected. */
  receivedLink: string;
  rejectedLink: string | null;
};

const delivered = [{ description: 'Ready-mix concrete G30', unit: 'm3', quantity: '10', rate: '245.00', deliveredQuantity: '10' }];
const served = [{ description: 'Scaffolding erection, Block A', unit: 'lot', quantity: '1', rate: '4800.00', deliveredQuantity: '1' }];
const priced = [{ description: 'Ready-mix concrete G30', unit: 'm3', quantity: '10', rate: '245.00' }];

const CASES: Case[] = [
  {
    name: 'a delivery order issued by the seller (Mutiara Supplies to Teguh Bina)',
    resource: 'deliveryOrder',
    creator: 'ahmad',
    approver: 'mei',
    ask: 'Request_Approve',
    counterparty: 'lim',
    counterpartyCompanyId: TEGUH,
    body: { title: 'DO: concrete, level 4 slab', items: delivered, vendorDocumentNo: 'MS-DO-E2E-1' },
    offered: 'Reject_By_Buyer',
    refused: 'Reject_By_Seller',
    vendorName: MUTIARA_NAME,
    receivedLink: '/seller-delivery-order/all/pending',
    rejectedLink: '/seller-delivery-order/all/rejected',
  },
  {
    name: 'a delivery order recorded by the buyer (Teguh Bina, Mutiara Supplies delivering)',
    resource: 'deliveryOrder',
    creator: 'kumar',
    approver: 'lim',
    ask: 'Request_Approve',
    counterparty: 'mei',
    counterpartyCompanyId: MUTIARA,
    body: { title: 'DO received: concrete, level 4 slab', items: delivered },
    offered: 'Reject_By_Seller',
    refused: 'Reject_By_Buyer',
    vendorName: MUTIARA_NAME,
    receivedLink: '/delivery-order/all/pending',
    rejectedLink: '/delivery-order/all/rejected-by-seller',
  },
  {
    name: 'a service order issued by the seller (Mutiara Supplies to Teguh Bina)',
    resource: 'serviceOrder',
    creator: 'ahmad',
    approver: 'mei',
    ask: 'Request_Approve',
    counterparty: 'lim',
    counterpartyCompanyId: TEGUH,
    body: { title: 'SO: scaffolding, Block A', items: served },
    offered: 'Reject_By_Buyer',
    refused: 'Reject_By_Seller',
    vendorName: MUTIARA_NAME,
    receivedLink: '/seller-service-order/all/pending',
    rejectedLink: '/seller-service-order/all/rejected',
  },
  {
    name: 'a service order recorded by the buyer (Teguh Bina, Mutiara Supplies serving)',
    resource: 'serviceOrder',
    creator: 'kumar',
    approver: 'lim',
    ask: 'Request_Approve',
    counterparty: 'mei',
    counterpartyCompanyId: MUTIARA,
    body: { title: 'SO received: scaffolding, Block A', items: served },
    offered: 'Reject_By_Seller',
    refused: 'Reject_By_Buyer',
    vendorName: MUTIARA_NAME,
    receivedLink: '/service-order/all/pending',
    rejectedLink: '/service-order/all/rejected-by-seller',
  },
  {
    name: 'an invoice from the seller (Mutiara Supplies to Teguh Bina)',
    resource: 'invoice',
    creator: 'ahmad',
    approver: 'mei',
    ask: 'Request_Verify',
    counterparty: 'lim',
    counterpartyCompanyId: TEGUH,
    body: { title: 'Invoice: concrete, level 4 slab', items: priced, vendorDocumentNo: 'MS-INV-E2E-1' },
    offered: 'Reject_By_Buyer',
    refused: null,
    vendorName: MUTIARA_NAME,
    receivedLink: '/invoice/all/material/received/pending-acceptance',
    rejectedLink: '/invoice/all/material/rejectedByBuyer',
  },
  {
    name: 'a progressive claim from the contractor (Teguh Bina to Seri Hartanah)',
    resource: 'progressiveClaim',
    creator: 'kumar',
    approver: 'lim',
    ask: 'Request_Verify',
    counterparty: 'hafiz',
    counterpartyCompanyId: SERI,
    body: {
      title: 'Progress claim: piling',
      items: [{ description: 'Piling, 40% complete', unit: 'lot', quantity: '1', rate: '12000.00' }],
    },
    offered: 'Reject_By_Buyer',
    refused: null,
    vendorName: TEGUH_NAME,
    receivedLink: '/progressive-claim-certification/all/new',
    rejectedLink: '/progressive-claim/all/rejected',
  },
  {
    name: 'a milestone claim from the contractor (Teguh Bina to Seri Hartanah)',
    resource: 'milestoneClaim',
    creator: 'kumar',
    approver: 'lim',
    ask: 'Request_Approve',
    counterparty: 'hafiz',
    counterpartyCompanyId: SERI,
    body: {
      title: 'Milestone claim: piling complete',
      claimItems: [{ description: 'Piling complete', percentage: '15', claimAmount: '9000.00' }],
    },
    offered: 'Reject_By_Buyer',
    refused: null,
    vendorName: TEGUH_NAME,
    receivedLink: '/milestone-claims-certification/all/pending-certification',
    rejectedLink: null,
  },
];

describe.each(FEATURE_STORES)('who created a document, seller or buyer, on %s', (kind) => {
  let running: Running | undefined;
  const r = () => running!;
  const tokens = {} as Record<Who, string>;

  /** A level given through the authority API by an administrator of the company. */
  const assign = async (adminToken: string, code: string, email: string, level: number) => {
    const body = { code, user_id: await userIdOf(r(), email), workflow_level: level };
    expect((await r().api.call('post', '/api/company-workflow/assignments', { token: adminToken, body })).status).toBe(200);
  };

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    for (const [who, email, company] of [
      ['kumar', 'kumar@teguhbina.my', TEGUH],
      ['lim', 'lim@teguhbina.my', TEGUH],
      ['ahmad', 'ahmad@mutiarasupplies.my', MUTIARA],
      ['mei', 'mei@mutiarasupplies.my', MUTIARA],
      ['hafiz', 'hafiz@serihartanah.my', SERI],
    ] as const)
      tokens[who] = await r().signIn(email, company);
    // The demo gives no one service orders or milestone claims, nor Seri Hartanah any claim level: the companies' administrators do.
    const aminah = await r().signIn('aminah@teguhbina.my', TEGUH);
    const aminahAtSeri = await r().signIn('aminah@teguhbina.my', SERI);
    for (const code of ['serviceOrder', 'milestoneClaim']) {
      await assign(aminah, code, 'kumar@teguhbina.my', 10);
      await assign(aminah, code, 'lim@teguhbina.my', 20);
    }
    await assign(tokens.mei, 'serviceOrder', 'ahmad@mutiarasupplies.my', 10);
    await assign(tokens.mei, 'serviceOrder', 'mei@mutiarasupplies.my', 20);
    for (const code of ['progressiveClaim', 'milestoneClaim']) await assign(aminahAtSeri, code, 'hafiz@serihartanah.my', 20);
  }, 300_000);
  afterAll(async () => running?.stop());

  it.each(CASES)(
    '$name: sent, the other side is offered $offered, told with the seller as vendor on its page, and its rejection goes back to the creator',
    async (plan) => {
      const base = `/api/documents/${plan.resource}`;
      const act = async (who: Who, id: string, event: string, revision: number, body: Record<string, unknown> = {}) => {
        r().clock.advance(60_000);
        return r().api.call('post', `${base}/${id}/actions/${event}`, {
          token: tokens[who],
          body,
          headers: { 'If-Match': String(revision) },
        });
      };
      const created = await r().api.call('post', base, {
        token: tokens[plan.creator],
        body: { ...plan.body, counterpartyCompanyId: plan.counterpartyCompanyId },
      });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const asked = await act(plan.creator, id, plan.ask, created.body.revision);
      expect(asked.status).toBe(200);
      const sent = await act(plan.approver, id, 'Approve', asked.body.revision);
      expect(sent.status).toBe(200);
      await settled(r().app);

      // The other company's side: the answer for its side, not the other one.
      const seen = await r().api.call('get', `${base}/${id}`, { token: tokens[plan.counterparty] });
      expect(seen.status).toBe(200);
      const offered = (seen.body.availableActions as { event: string }[]).map((action) => action.event);
      expect(offered).toContain(plan.offered);
      expect(offered).not.toContain('Reject_By_Seller' === plan.offered ? 'Reject_By_Buyer' : 'Reject_By_Seller');
      if (plan.refused) {
        const wrong = await act(plan.counterparty, id, plan.refused, seen.body.revision, { remark: 'Wrong side' });
        expect([wrong.status, wrong.body.errorCode]).toEqual([403, 'notCounterparty']);
      }
      const received = (await feed(r(), tokens[plan.counterparty], 0, 50)).events.find((event) => event.src_id === id);
      expect(received).toBeDefined();
      const data = JSON.parse(received!.event_data) as NotificationEventData;
      expect(data).toMatchObject({ vendor_name: plan.vendorName });
      expect(notificationLink(received!).href).toBe(plan.receivedLink);

      // Its answer goes back to the creator, on the creator's side's page.
      const rejected = await act(plan.counterparty, id, plan.offered, seen.body.revision, {
        remark: 'Quantities do not match the site record',
      });
      expect([rejected.status, rejected.body.status]).toEqual([200, 'rejected']);
      await settled(r().app);
      const told = (await feed(r(), tokens[plan.creator], 0, 50)).events.filter(
        (event) => event.src_id === id && JSON.parse(event.event_data).status === 'rejected',
      );
      expect(told.map((event) => notificationLink(event).href)).toEqual(plan.rejectedLink ? [plan.rejectedLink] : []);
    },
  );

  itAnsweredEveryCallWithoutAServerError(() => running);
});
