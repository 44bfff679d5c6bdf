// The documents context: which workflow resources are documents (a stream per document, served under
// /api/documents/<resource>), their number prefixes, tax and selection limits (signed-in-area.md §9), and
// the error codes of the document rules (§5.3). Identity, company, project and platform status lists have
// contexts of their own and are not documents.
import type { WorkflowResource } from './workflow-resources.js';

export const DocumentResources = [
  'tender',
  'purchaseOrder',
  'workOrder',
  'rentalOrder',
  'letterOfAward',
  'subPurchaseOrder',
  'subRentalOrder',
  'deliveryOrder',
  'serviceOrder',
  'invoice',
  'progressiveClaim',
  'milestoneClaim',
  'paymentCertificate',
  'stock',
] as const satisfies readonly WorkflowResource[];

export type DocumentResource = (typeof DocumentResources)[number];

export function isDocumentResource(name: string): name is DocumentResource {
  return (DocumentResources as readonly string[]).includes(name);
}

/** Document number prefix per kind: `<prefix>-<year>-<5 digits>`, counted per company, kind and year. */
export const DocumentNumberPrefixes: Readonly<Record<DocumentResource, string>> = {
  tender: 'TD',
  purchaseOrder: 'PO',
  workOrder: 'WO',
  rentalOrder: 'RO',
  letterOfAward: 'LOA',
  subPurchaseOrder: 'SPO',
  subRentalOrder: 'SRO',
  deliveryOrder: 'DO',
  serviceOrder: 'SO',
  invoice: 'INV',
  progressiveClaim: 'PCL',
  milestoneClaim: 'MCL',
  paymentCertificate: 'PYC',
  stock: 'STK',
};

/** Whether SST applies by default (a document may say otherwise with `sstApplicable`). */
export const DocumentSstByDefault: Readonly<Record<DocumentResource, boolean>> = {
  tender: false,
  purchaseOrder: true,
  workOrder: true,
  rentalOrder: true,
  letterOfAward: false,
  subPurchaseOrder: true,
  subRentalOrder: true,
  deliveryOrder: false,
  serviceOrder: false,
  invoice: true,
  progressiveClaim: false,
  milestoneClaim: false,
  paymentCertificate: false,
  stock: false,
};

/** SST in percent (spec §9: "Tax: 6% SST"). */
export const SST_PERCENT = 6;
/** Spec §5.3/§9: a single selection holds at most 10 items. */
export const MAX_ITEMS_PER_SELECTION = 10;
/** Line items per document (a shape limit, not a spec rule). */
export const MAX_LINE_ITEMS = 500;
export const DEFAULT_CURRENCY = 'RM';

/** Error codes of the documents context (`error.<code>` in the ui). */
export const DocumentErrorCodes = {
  unknownDocumentResource: 'unknownDocumentResource',
  documentNotFound: 'documentNotFound',
  companyNotChosen: 'companyNotChosen',
  ifMatchRequired: 'ifMatchRequired',
  invalidIfMatch: 'invalidIfMatch',
  notEditable: 'notEditable',
  endBeforeStart: 'endBeforeStart',
  quantityNotPositive: 'quantityNotPositive',
  zeroRateNotIncluded: 'zeroRateNotIncluded',
  itemRequired: 'itemRequired',
  tooManyItemsSelected: 'tooManyItemsSelected',
  counterpartyIsOwnCompany: 'counterpartyIsOwnCompany',
  unknownCounterparty: 'unknownCounterparty',
  amountMismatch: 'amountMismatch',
  idempotencyKeyReused: 'idempotencyKeyReused',
  invalidAsOf: 'invalidAsOf',
  documentCorrupt: 'documentCorrupt',
} as const;

export type DocumentErrorCode = keyof typeof DocumentErrorCodes;
