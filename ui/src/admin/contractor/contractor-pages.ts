// The contractor menu's pages (signed-in-area.md §2.4) and what each shows. The spec names them only; the api
// has no bill-of-quantity, budget, receipt or quotation records, so each page is built from the closest real
// call (decisions in ui/src/admin/README.md, "Contractor menu"): document lists by direction, the documents'
// line items, GET document-totals, and the company directory.
import type { DocumentResource, WorkflowResource } from '@binaan/contracts';

/** A printable document made from a recorded one; nothing new is recorded. */
export type PrintKind = 'invoice' | 'receipt' | 'quotation';

export type ContractorListPage = {
  kind: 'list';
  resource: DocumentResource;
  /** sent: the company's own documents; received: addressed to it. */
  direction: 'sent' | 'received';
  /** Shows the kind's create button (the generic create form of the documents area). */
  create?: boolean;
  /** Only these statuses (the api's status filter). */
  statuses?: readonly string[];
  /** Each row opens a printable document made from it. */
  print?: PrintKind;
  /** Each row unfolds to its line items (the bill of quantity). */
  items?: boolean;
  /** No total column: a payment certificate's amount comes with its approval round, and the list's total is its items' (none); a tender received has no total the reader may see. */
  noTotal?: boolean;
};

export type ContractorPageDef = ContractorListPage | { kind: 'budget' } | { kind: 'search' };

export const CONTRACTOR_PAGES: Readonly<Record<string, ContractorPageDef>> = {
  // Trade and service: the contractor as the buyer of others' work.
  'tradeAndService.search-contractor': { kind: 'search' },
  'tradeAndService.bq': { kind: 'list', resource: 'tender', direction: 'sent', items: true },
  'tradeAndService.budget': { kind: 'budget' },
  'tradeAndService.call-tender': { kind: 'list', resource: 'tender', direction: 'sent', create: true },
  'tradeAndService.received-invoice': { kind: 'list', resource: 'invoice', direction: 'received' },
  // Business opportunity: the contractor as the seller.
  // A tender received comes without its buyer's estimate (the api withholds it): no total column.
  'businessOpportunity.received-tender': { kind: 'list', resource: 'tender', direction: 'received', items: true, noTotal: true },
  'businessOpportunity.invoice-generator': { kind: 'list', resource: 'invoice', direction: 'sent', create: true, print: 'invoice' },
  'businessOpportunity.receipt-generator': {
    kind: 'list',
    resource: 'paymentCertificate',
    direction: 'received',
    statuses: ['approved', 'closed'],
    print: 'receipt',
    noTotal: true,
  },
  'businessOpportunity.quotation-generator': { kind: 'list', resource: 'tender', direction: 'received', print: 'quotation', noTotal: true },
};

/** The document kinds a page reads (for the module rights that open it). */
export function pageResources(def: ContractorPageDef): WorkflowResource[] {
  if (def.kind === 'list') return [def.resource];
  if (def.kind === 'budget') return ['tender', 'purchaseOrder', 'workOrder', 'invoice'];
  return [];
}
