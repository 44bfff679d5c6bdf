// Shapes of /api/documents/<resource>: what the ui sends and reads. Money and quantities are decimal
// strings ("1234.50"); dates are YYYY-MM-DD; times ISO 8601.
import type { ApprovalReason } from './authority-api.js';
import type { VerifyLevel } from './workflow-authority.js';
import type { WorkflowCommandField, WorkflowEventName } from './workflow-events.js';
import type { DocumentFields, DocumentLineItem, DocumentTotals } from './documents-events.js';
import type { DocumentResource, DocumentWarningCode } from './documents-resources.js';

export type DocumentLineItemInput = {
  description: string;
  unit: string;
  quantity: string;
  rate: string;
  /** Spec §5.3: a rate of 0 needs the include box ticked. */
  includeZeroRate?: boolean;
  /** Delivery and service orders only: quantity delivered or served on this line (at most the remaining quantity). */
  deliveredQuantity?: string;
  /** Delivery and service orders with a source order: the order line delivered (default: this line's number). */
  orderLineNo?: number;
};

export type MilestoneClaimItemInput = {
  description: string;
  percentage: string;
  expectedCompletionDate?: string | null;
  claimAmount: string;
};

/** POST body (title required) and PUT body (every field optional; counterpartyCompanyId not editable). */
export type DocumentInput = {
  title?: string;
  description?: string;
  projectId?: string | null;
  counterpartyCompanyId?: string | null;
  currency?: string;
  sstApplicable?: boolean;
  documentDate?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  items?: DocumentLineItemInput[];
  // The kind's own fields (`DocumentKindFieldNames`); a field another kind has is 400.
  openAt?: string | null;
  closeAt?: string | null;
  expectedDeliveryStart?: string | null;
  expectedDeliveryEnd?: string | null;
  minimumAmount?: string | null;
  maximumAmount?: string | null;
  sourceDocumentId?: string | null;
  vendorDocumentNo?: string | null;
  driverName?: string | null;
  driverContact?: string | null;
  claimPercentage?: string | null;
  claimItems?: MilestoneClaimItemInput[];
  invoiceNo?: string | null;
  contractSum?: string | null;
  workDoneAmount?: string | null;
  unfixedGoodsAmount?: string | null;
  previousCertifiedAmount?: string | null;
  retentionPercent?: string | null;
  retentionLimitPercent?: string | null;
};

/** Accepted, but look again (e.g. a tender that closes within 30 minutes of being saved). */
export type DocumentWarning = { code: DocumentWarningCode; message: string; field?: string };

/** The platform's transaction fee (spec §9: 1.5% on awards and payment certificates). */
export type TransactionFeeView = { percent: string; base: string; amount: string };

/** A trade payment certificate's valuation, every step rounded half up to the sen (spec §9). */
export type TradeCertificateView = {
  contractSum: string | null;
  workDone: string;
  unfixedGoods: string;
  unfixedGoodsPercent: string;
  unfixedGoodsAllowed: string;
  grossValuation: string;
  retentionPercent: string;
  retentionLimitPercent: string;
  retentionLimit: string | null;
  retention: string;
  netValuation: string;
  previousCertified: string;
  amountDue: string;
  sst: string;
  totalPayable: string;
};

export type DocumentFeesView = { transactionFee: TransactionFeeView | null; tradeCertificate: TradeCertificateView | null };

/** Body of POST /api/documents/<resource>/<id>/actions/<Event>. */
export type DocumentActionInput = { remark?: string; amount?: string };

export type DocumentAvailableAction = { event: WorkflowEventName; labelKey: string; requiredFields: readonly WorkflowCommandField[] };

export type ApprovalRouteView = {
  /** Why these levels: the owner company's authority manual (or the workflows default, VerifyLevel1 only), its version, the amount and the limit applied. */
  reason: ApprovalReason;
  open: boolean;
  requiredLevels: readonly VerifyLevel[];
  /** Each approval; `onBehalfOf` when a delegate gave it with the named delegator's authority. */
  approvals: { level: VerifyLevel; userId: string; userName: string | null; at: string; onBehalfOf?: RoutePerson | null }[];
  nextLevel: VerifyLevel | null;
  /**
   * Who may act at the next level now: its holders (not the creator unless the manual allows, not those who
   * acted in the round), delegates acting for them (`onBehalfOf`), and people the level was escalated to.
   */
  mayActNext: { userId: string; name: string | null; onBehalfOf?: RoutePerson | null; escalated?: boolean }[];
  /**
   * When the next level is due (the manual's response time from when it began to wait, fixed when the round
   * opened) and how long past it the level is now, in ms (0 while not yet due); null without a response time.
   * Absent from the counterparty's empty route.
   */
  dueAt?: string | null;
  overdueBy?: number | null;
  /** Per required level of the round (empty before a round): what it needs, who approved, who is awaited. */
  levels: ApprovalRouteLevel[];
};

export type RoutePerson = { userId: string; name: string | null };

export type ApprovalRouteLevel = {
  level: VerifyLevel;
  /** Approvals it needs (1: any one holder). */
  need: number;
  quorum: 'any' | 'all' | number;
  rejectRule: 'one' | 'majority';
  holders: RoutePerson[];
  approvedBy: (RoutePerson & { at: string; onBehalfOf: RoutePerson | null })[];
  /** Reject votes at a majority level that have not ended the round. */
  rejectedBy: (RoutePerson & { at: string; onBehalfOf: RoutePerson | null })[];
  /** Holders who have not acted yet, while the level is still short of its quorum. */
  awaited: RoutePerson[];
  escalatedTo: RoutePerson[];
};

/**
 * A line as its reader sees it: rate and amount are null where the reader may not see them (a tender's lines
 * read by its counterparty, a bidder: the rates are the buyer's own estimate, as for an invited seller).
 */
export type DocumentViewLineItem = Omit<DocumentLineItem, 'rate' | 'amount'> & { rate: string | null; amount: string | null };

/**
 * `items` and `totals` as the reader may see them: a tender read by its counterparty has its lines without the
 * buyer's rates and amounts, no totals (null) and no budget range (minimumAmount, maximumAmount null).
 */
export type DocumentView = Omit<DocumentFields, 'items' | 'totals'> & {
  items: DocumentViewLineItem[];
  totals: DocumentTotals | null;
  id: string;
  resource: string;
  documentNo: string;
  companyId: string;
  status: string;
  revision: number;
  machineVersion: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** The owner's and the counterparty's names, read from the companies read model when asked (null: unknown). */
  companyName: string | null;
  counterpartyName: string | null;
  /** The owner's project the document is filed under, by name (null: none); a counterparty reads it too. */
  projectName: string | null;
  availableActions: DocumentAvailableAction[];
  approvalRoute: ApprovalRouteView;
  editable: boolean;
  /** Computed on the server from the recorded fields (never sent by the client). */
  fees: DocumentFeesView;
  warnings: DocumentWarning[];
  /** The document it was made from (`sourceDocumentId`) by kind and number, when the caller may see it; else null. */
  source?: DocumentSourceView | null;
  /** A contract, its claims and variation orders: the contract sum as varied (`ContractSumView`); else null. */
  contract?: ContractSumView | null;
  /** An instruction: the variation orders made from it (its comparison), those the caller may see, the first `LinkedVariationsShown` by number; else null. */
  linkedVariations?: LinkedVariationView[] | null;
  /** An instruction: how many variation orders `linkedVariations` is drawn from and the total of the issued ones; else null. */
  linkedVariationsSummary?: LinkedVariationsSummary | null;
};

/** The variation orders an instruction's comparison lists at most; the summary counts them all. */
export const LinkedVariationsShown = 100;
export type LinkedVariationsSummary = { count: number; issuedCount: number; issuedTotal: string };

/** A variation order made from an instruction, as its comparison lists it. */
export type LinkedVariationView = {
  id: string;
  documentNo: string;
  title: string;
  status: string;
  variationType: string | null;
  amount: string;
};

/**
 * The sum of a contract (letter of award, work, purchase or sub-purchase order) as varied: its own subtotal
 * plus the issued and accepted variation orders (omissions negative), beside what its claims certified.
 */
export type ContractSumView = {
  contractId: string;
  contractResource: string;
  contractNo: string;
  originalSum: string;
  variationsSum: string;
  adjustedSum: string;
  certifiedSum: string;
  variationCount: number;
  /** Progressive claim: its claim percentage of the adjusted sum; null otherwise. */
  claimValue: string | null;
};

/** A document named by another (its source): kind, id and number, for a link. */
export type DocumentSourceView = { id: string; resource: string; documentNo: string };

/**
 * A document list counts its total only up to this many (then Content-Range carries this number and
 * X-Total-Capped: true): a total at or above it reads "10,000 or more".
 */
export const DocumentListTotalCap = 10_000;
/**
 * The same for a search (`q`): its matches are found by reading rows, not counted off an index, so the
 * count stops sooner ("1,000 or more").
 */
export const DocumentListSearchTotalCap = 1_000;

export type DocumentListItem = {
  id: string;
  resource: string;
  documentNo: string;
  title: string;
  status: string;
  /** Null where the reader may not see it: a tender received as its counterparty (the buyer's estimate). */
  total: string | null;
  currency: string;
  companyId: string;
  counterpartyCompanyId: string | null;
  /** Names from the companies read model at the time of the list (null: unknown). */
  companyName: string | null;
  counterpartyName: string | null;
  projectId: string | null;
  /** The owner's project by name, from the projects read model at the time of the list (null: none); a counterparty reads it too. */
  projectName: string | null;
  /** A tender's type (material, machine, trade, technical); null for other kinds and untyped tenders. */
  tenderType: string | null;
  /** A tender's closing time (ISO); null for other kinds and tenders without one. */
  closeAt: string | null;
  /** The verify level an open approval round waits for (the machine's next missing level); null outside a round. */
  awaitingLevel: VerifyLevel | null;
  /** When the awaited level is due (its response time); null without one, outside a round, and for the counterparty. */
  dueAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  revision: number;
};

export type DocumentActionReply = {
  success: true;
  id: string;
  revision: number;
  status: string;
  availableActions: DocumentAvailableAction[];
};

export type DocumentHistoryRow = {
  revision: number;
  at: string;
  eventType: string;
  action: string;
  actor: { userId: string | null; name: string | null; companyId: string | null; companyName: string | null };
  statusBefore: string | null;
  statusAfter: string | null;
  remark: string | null;
  approvalLevel: VerifyLevel | null;
  /** Set when this event opened an approval round: the levels the round needs. */
  requiredLevels: readonly VerifyLevel[] | null;
  /** The verify level the approval round waits for after this event; null when no round is open. */
  waitingLevel: VerifyLevel | null;
  /** A delegate's approval or reject: the delegator whose authority it used (the actor is the delegate). */
  onBehalfOf?: RoutePerson | null;
  /** A reject that was one vote at a majority level (the round went on): that level. */
  rejectionLevel?: VerifyLevel | null;
  /** The platform's escalation of an overdue level: the level and who may now act at it. */
  escalation?: { level: VerifyLevel; to: RoutePerson[] } | null;
  hash: string;
  prevHash: string;
  chainVerified: boolean;
};

export type ChainVerificationReply = {
  success: boolean;
  resource: string;
  id: string;
  streamId: string;
  ok: boolean;
  eventsChecked: number;
  firstBadRevision: number | null;
  reason: string | null;
};

/** GET document-totals: the chosen company's documents counted and summed per project, kind, status and direction. */
export type DocumentTotalsRow = {
  projectId: string | null;
  /** The project's name (a received document's project is its sender's; null: none or not found). */
  projectName: string | null;
  resource: DocumentResource;
  status: string;
  /** sent: the company's own documents; received: addressed to it (and shared with it). */
  direction: 'sent' | 'received';
  count: number;
  /** Exact decimal string, like every amount; null for tenders received (their buyers' estimates are theirs). */
  total: string | null;
  currency: string;
};
