// Events of a document stream (`<resource>-<uuid>`, stream type = resource) besides the workflow's
// WorkflowStatusChanged, and of the document-number counters. Never edit a shape: add a schemaVersion.
import type { DocumentResource } from './documents-resources.js';

/** A tender's type (spec §2.6 tender pages: material, machine, trade, technical). */
export const TenderTypes = ['material', 'machine', 'trade', 'technical'] as const;
export type TenderType = (typeof TenderTypes)[number];

/** One line item as recorded: decimal strings (quantity up to 3 decimals, money 2), never floats. */
export type DocumentLineItem = {
  lineNo: number;
  description: string;
  unit: string;
  quantity: string;
  rate: string;
  amount: string;
  includeZeroRate: boolean;
  /** Delivery and service orders: the quantity delivered (or the service done) on this line; "0.000" allowed. */
  deliveredQuantity?: string;
  /** Delivery and service orders with a source order: the order's line this line delivers (default: lineNo). */
  orderLineNo?: number;
  /**
   * Tenders made from bill of quantity items (POST /api/tendering/bq-tenders): the BQ item this line was made
   * from, so the BQ row links to the tender and the line to the row. Set only by that route; an edit may
   * keep it (or drop it), never give a new one.
   */
  bqItemId?: string;
};

/** A milestone claim's claim item (spec §3: number, description, percentage, expected completion date, claim amount). */
export type MilestoneClaimItem = {
  itemNo: number;
  description: string;
  /** Percent of the contract this milestone is worth, "0.00" to "100.00". */
  percentage: string;
  expectedCompletionDate: string | null;
  claimAmount: string;
};

export type DocumentTotals = { subtotal: string; sst: string; total: string };

/** The fields of a document as recorded (money as decimal strings in RM). */
export type DocumentFields = {
  title: string;
  description: string;
  projectId: string | null;
  counterpartyCompanyId: string | null;
  currency: string;
  sstApplicable: boolean;
  documentDate: string | null;
  startDate: string | null;
  endDate: string | null;
  items: DocumentLineItem[];
  totals: DocumentTotals;
} & DocumentKindFields;

/**
 * Fields only some kinds have (`DocumentKindFieldNames` says which). A document records the fields of its
 * kind (null when not given) and no others; events written before they existed simply lack them.
 */
export type DocumentKindFields = {
  /** Tender: opens for bids at (ISO 8601 date-time, at least 5 minutes ahead when set). */
  openAt?: string | null;
  /** Tender: closes for bids at (after openAt, before the expected delivery start). */
  closeAt?: string | null;
  /** Tender: expected delivery start and end dates (YYYY-MM-DD). */
  expectedDeliveryStart?: string | null;
  expectedDeliveryEnd?: string | null;
  /** Tender: the budget range (RM), minimum not above maximum. */
  minimumAmount?: string | null;
  maximumAmount?: string | null;
  /** Tender: what it buys (material, machine, trade, technical); a tender made from a request takes the request's kind. */
  tenderType?: TenderType | null;
  /** The document this one draws on: the request a tender is made from, the tender an order awards, the order a delivery/service order or claim is against. */
  sourceDocumentId?: string | null;
  /** The vendor's own number: invoice number, delivery order number, service order number. Unique per company and kind. */
  vendorDocumentNo?: string | null;
  /** Delivery order: driver name and contact. */
  driverName?: string | null;
  driverContact?: string | null;
  /** Progressive claim: percent of the work claimed, "0.00" to "100.00" (with the other claims on the same order, not above 100). */
  claimPercentage?: string | null;
  /** Milestone claim: its claim items (a claim with claim items cannot be cancelled). */
  claimItems?: MilestoneClaimItem[];
  /** Payment certificate: the invoice number it certifies (spec §3). */
  invoiceNo?: string | null;
  /** Trade payment certificate valuation (RM): contract sum, work done to date, unfixed goods (materials on site), certified before. */
  contractSum?: string | null;
  workDoneAmount?: string | null;
  unfixedGoodsAmount?: string | null;
  previousCertifiedAmount?: string | null;
  /** Retention in percent of the gross valuation (default 10) and its limit in percent of the contract sum (default 5). */
  retentionPercent?: string | null;
  retentionLimitPercent?: string | null;
  /** Variation order: addition or omission (an omission's amount is taken off the contract sum). */
  variationType?: 'addition' | 'omission' | null;
  /** Variation order: the instruction it comes from (a document of kind instruction on the same contract), if any. */
  instructionId?: string | null;
};

export type DocumentKindField = keyof DocumentKindFields;

/** The fields an edit may change (the counterparty is fixed at Create: the workflow recorded it). */
export type EditableDocumentField = Exclude<keyof DocumentFields, 'counterpartyCompanyId'>;

export type DocumentDrafted = {
  type: 'DocumentDrafted';
  data: {
    /** 2 adds the kind's fields (`DocumentKindFields`); version 1 events read them as absent. */
    schemaVersion: 1 | 2;
    resource: DocumentResource;
    documentId: string;
    documentNo: string;
    companyId: string;
    createdBy: string;
    fields: DocumentFields;
  };
};

export type DocumentEdited = {
  type: 'DocumentEdited';
  data: {
    /** 2 may carry the kind's fields (`DocumentKindFields`). */
    schemaVersion: 1 | 2;
    /** Only the fields that changed, with their new values. */
    changes: Partial<Pick<DocumentFields, EditableDocumentField>>;
    editedBy: string;
  };
};

/** Counter stream `documentNumber-<company>-<prefix>-<year>`: revision n holds number n + 1. */
export type DocumentNumberAllocated = {
  type: 'DocumentNumberAllocated';
  data: { documentNo: string; documentId: string; sequence: number };
};

export type DocumentEvent = DocumentDrafted | DocumentEdited;

/**
 * Reservation stream `vendorDocumentNo-<hash of company, kind and number>`: the vendor number (invoice,
 * delivery order, service order) belongs to the document of the last reservation while that document is
 * not cancelled and still carries the number. The first reservation is appended with 'no_stream', a
 * takeover at the stream's head revision, so of two racing documents only one can hold a number.
 */
export type VendorDocumentNoReserved = {
  type: 'VendorDocumentNoReserved';
  data: {
    companyId: string;
    resource: DocumentResource;
    vendorDocumentNo: string;
    documentId: string;
    /** The earlier holder, when this reservation takes the number over from a cancelled or renumbered document. */
    replacesDocumentId: string | null;
  };
};

/** The reservation of a create that then failed to record its document: the number is free again. */
export type VendorDocumentNoReleased = {
  type: 'VendorDocumentNoReleased';
  data: { documentId: string; reason: string };
};
