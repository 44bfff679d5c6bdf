// The documents context: which workflow resources are documents (a stream per document, served under
// /api/documents/<resource>), their number prefixes, tax and selection limits (signed-in-area.md §9), and
// the error codes of the document rules (§5.3). Identity, company, project and platform status lists have
// contexts of their own and are not documents.
import type { DocumentKindField, TenderType } from './documents-events.js';
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
  'materialRequest',
  'machineRequest',
  'tradeRequest',
  'variationOrder',
  'instruction',
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
  materialRequest: 'MRQ',
  machineRequest: 'MCR',
  tradeRequest: 'TRQ',
  variationOrder: 'VO',
  instruction: 'INS',
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
  materialRequest: false,
  machineRequest: false,
  tradeRequest: false,
  variationOrder: false,
  instruction: false,
};

/** SST in percent (spec §9: "Tax: 6% SST"). */
export const SST_PERCENT = 6;
/** Spec §5.3/§9: a single selection holds at most 10 items. */
export const MAX_ITEMS_PER_SELECTION = 10;
/** Line items per document (a shape limit, not a spec rule). */
export const MAX_LINE_ITEMS = 500;
export const DEFAULT_CURRENCY = 'RM';

/** Spec §5.3: "a date and time must be at least 5 minutes ahead" (tender open and close times). */
export const MIN_LEAD_MINUTES = 5;
/** Spec §5.3/§9: a tender closing within 30 minutes of creation carries a warning. */
export const TENDER_CLOSES_SOON_MINUTES = 30;
/** Spec §9: transaction fee on awards and payment certificates, 1.5% (in basis points: hundredths of a percent). */
export const TRANSACTION_FEE_BASIS_POINTS = 150;
/** Spec §9: the trade payment certificate counts 75% of unfixed goods (materials on site). */
export const UNFIXED_GOODS_PERCENT = 75;
/** Spec silent: the standard forms' (PAM 2006, CIDB 2000) retention of 10% of the valuation, limited to 5% of the contract sum. */
export const DEFAULT_RETENTION_PERCENT = '10.00';
export const DEFAULT_RETENTION_LIMIT_PERCENT = '5.00';

/** The fields each kind has besides the common ones (labels: README of apps/api/src/documents). */
export const DocumentKindFieldNames: Readonly<Record<DocumentResource, readonly DocumentKindField[]>> = {
  tender: [
    'openAt',
    'closeAt',
    'expectedDeliveryStart',
    'expectedDeliveryEnd',
    'minimumAmount',
    'maximumAmount',
    'tenderType',
    'sourceDocumentId',
  ],
  purchaseOrder: ['sourceDocumentId'],
  workOrder: ['sourceDocumentId'],
  rentalOrder: ['sourceDocumentId'],
  letterOfAward: ['sourceDocumentId'],
  subPurchaseOrder: [],
  subRentalOrder: [],
  deliveryOrder: ['sourceDocumentId', 'vendorDocumentNo', 'driverName', 'driverContact'],
  serviceOrder: ['sourceDocumentId', 'vendorDocumentNo'],
  invoice: ['vendorDocumentNo'],
  progressiveClaim: ['sourceDocumentId', 'claimPercentage'],
  milestoneClaim: ['sourceDocumentId', 'claimItems'],
  paymentCertificate: [
    'sourceDocumentId',
    'invoiceNo',
    'contractSum',
    'workDoneAmount',
    'unfixedGoodsAmount',
    'previousCertifiedAmount',
    'retentionPercent',
    'retentionLimitPercent',
  ],
  stock: [],
  materialRequest: [],
  machineRequest: [],
  tradeRequest: [],
  variationOrder: ['sourceDocumentId', 'variationType', 'instructionId'],
  instruction: ['sourceDocumentId'],
};

/** The request kinds (a project's purchase requisitions) and the tender type each becomes. */
export const RequestResources = ['materialRequest', 'machineRequest', 'tradeRequest'] as const satisfies readonly DocumentResource[];
export type RequestResource = (typeof RequestResources)[number];
export const RequestTenderTypes: Readonly<Record<RequestResource, TenderType>> = {
  materialRequest: 'material',
  machineRequest: 'machine',
  tradeRequest: 'trade',
};
export function isRequestResource(name: string): name is RequestResource {
  return (RequestResources as readonly string[]).includes(name);
}

/** Which kinds a document's `sourceDocumentId` may name: the request a tender is made from, the tender an order awards, the order delivered or claimed. */
export const DocumentSourceKinds: Readonly<Partial<Record<DocumentResource, readonly DocumentResource[]>>> = {
  tender: ['materialRequest', 'machineRequest', 'tradeRequest'],
  purchaseOrder: ['tender'],
  workOrder: ['tender'],
  rentalOrder: ['tender'],
  letterOfAward: ['tender'],
  deliveryOrder: ['purchaseOrder', 'subPurchaseOrder', 'rentalOrder', 'subRentalOrder'],
  serviceOrder: ['workOrder', 'letterOfAward'],
  progressiveClaim: ['letterOfAward', 'workOrder', 'purchaseOrder', 'subPurchaseOrder'],
  milestoneClaim: ['letterOfAward', 'workOrder', 'purchaseOrder', 'subPurchaseOrder'],
  variationOrder: ['letterOfAward', 'workOrder', 'purchaseOrder', 'subPurchaseOrder'],
  instruction: ['letterOfAward', 'workOrder', 'purchaseOrder', 'subPurchaseOrder'],
  paymentCertificate: ['letterOfAward', 'workOrder', 'purchaseOrder', 'subPurchaseOrder'],
};

/** The contracts a variation order varies (its source): an awarded order or letter of award. */
export const VariationContractKinds = [
  'letterOfAward',
  'workOrder',
  'purchaseOrder',
  'subPurchaseOrder',
] as const satisfies readonly DocumentResource[];
/** A variation order adds work (addition) or takes it out (omission: its amount is taken off the contract sum). */
export const VariationTypes = ['addition', 'omission'] as const;
export type VariationType = (typeof VariationTypes)[number];
/** The statuses in which a variation order counts in its contract's sum: approved and issued, then acknowledged. */
export const VariationCountingStatuses = ['issued', 'accepted'] as const;
/** The statuses in which a contract is awarded (confirmed by the contractor) and may be varied. */
export const AwardedContractStatuses = ['accepted', 'fulfilled'] as const;

/** Kinds whose lines carry delivered (or served) quantities. */
export const DocumentKindsWithDeliveredQuantities: readonly DocumentResource[] = ['deliveryOrder', 'serviceOrder'];

/** Warnings a reply may carry: the command was accepted, but the user should look again. */
export const DocumentWarningCodes = {
  tenderClosesSoon: 'tenderClosesSoon',
} as const;

export type DocumentWarningCode = keyof typeof DocumentWarningCodes;

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
  unknownProject: 'unknownProject',
  amountMismatch: 'amountMismatch',
  idempotencyKeyReused: 'idempotencyKeyReused',
  invalidAsOf: 'invalidAsOf',
  documentCorrupt: 'documentCorrupt',
  // Business rules of signed-in-area.md §5.3 on the kinds' own fields (422 each).
  dateTimeNotAhead: 'dateTimeNotAhead',
  closeNotAfterOpen: 'closeNotAfterOpen',
  tenderTimesRequired: 'tenderTimesRequired',
  tenderClosesAfterDeliveryStart: 'tenderClosesAfterDeliveryStart',
  minimumAboveMaximum: 'minimumAboveMaximum',
  percentageAbove100: 'percentageAbove100',
  percentageNegative: 'percentageNegative',
  percentageAboveRemaining: 'percentageAboveRemaining',
  quantityAboveRemaining: 'quantityAboveRemaining',
  deliveryQuantityRequired: 'deliveryQuantityRequired',
  serviceQuantityRequired: 'serviceQuantityRequired',
  vendorDocumentNoTaken: 'vendorDocumentNoTaken',
  claimItemsPreventCancel: 'claimItemsPreventCancel',
  unknownSourceDocument: 'unknownSourceDocument',
  unknownOrderLine: 'unknownOrderLine',
  previousCertifiedAboveValuation: 'previousCertifiedAboveValuation',
  workDoneRequired: 'workDoneRequired',
  // A tender made from a request: the request must be approved, and feeds one live tender at a time.
  requestNotApproved: 'requestNotApproved',
  requestAlreadyTendered: 'requestAlreadyTendered',
  // Variation orders (422; document-variations.ts)
  contractNotAwarded: 'contractNotAwarded',
  variationBelowZero: 'variationBelowZero',
  variationBelowCertified: 'variationBelowCertified',
  unknownInstruction: 'unknownInstruction',
  // A payment certificate on a contract certifies against the contract's sum as varied (422, 409).
  contractSumFromContract: 'contractSumFromContract',
  contractSumChanged: 'contractSumChanged',
  // A list's filter key it does not know (400; document-list.ts)
  unknownFilter: 'unknownFilter',
} as const;

export type DocumentErrorCode = keyof typeof DocumentErrorCodes;
