// One report row per document of the kinds the reports read: who buys and who sells, the amount, the status
// and since when, when it was committed (the seller accepted the order, the certificate was approved, the
// buyer accepted the invoice), completed (fulfilled, paid), and its approval rounds with the time each level
// waited. Folded from the documents context's events only (DocumentDrafted, DocumentEdited,
// WorkflowStatusChanged), so the same fold feeds the read model and the reports as of a past time.
import {
  isDocumentResource,
  type DocumentDrafted,
  type DocumentEdited,
  type DocumentFields,
  type DocumentResource,
  type WorkflowStatusChanged,
} from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import { isSharedStatus } from '../../documents/document-rules.js';
import { tradeValuationOf } from '../../documents/document-fees-view.js';
import type { RowSource } from '../report-rows.js';
import { closeWaits, openRound, recordApproval, type ApprovalRoundState, type ApprovalWait } from './approval-waits.js';
import { parseMoney } from '../../documents/money.js';

/** The kinds the reports read, and when each is committed and completed (their first time in that status). */
export const REPORTED_KINDS = {
  purchaseOrder: { side: 'buyer', committed: 'accepted', completed: 'fulfilled' },
  workOrder: { side: 'buyer', committed: 'accepted', completed: 'fulfilled' },
  rentalOrder: { side: 'buyer', committed: 'accepted', completed: 'fulfilled' },
  letterOfAward: { side: 'buyer', committed: 'accepted', completed: 'fulfilled' },
  subPurchaseOrder: { side: 'buyer', committed: 'accepted', completed: null },
  subRentalOrder: { side: 'buyer', committed: 'accepted', completed: null },
  deliveryOrder: { side: 'either', committed: 'confirmed', completed: 'fulfilled' },
  serviceOrder: { side: 'either', committed: 'confirmed', completed: 'fulfilled' },
  invoice: { side: 'seller', committed: 'accepted', completed: 'accepted' },
  progressiveClaim: { side: 'seller', committed: 'approved', completed: 'closed' },
  milestoneClaim: { side: 'seller', committed: 'approved', completed: 'approved' },
  paymentCertificate: { side: 'buyer', committed: 'approved', completed: 'closed' },
} as const satisfies Partial<
  Record<DocumentResource, { side: 'buyer' | 'seller' | 'either'; committed: string; completed: string | null }>
>;

export type ReportedKind = keyof typeof REPORTED_KINDS;
export const isReportedKind = (resource: string): resource is ReportedKind => resource in REPORTED_KINDS;

/** The orders a buyer places: its spend. */
export const ORDER_KINDS: readonly ReportedKind[] = [
  'purchaseOrder',
  'workOrder',
  'rentalOrder',
  'letterOfAward',
  'subPurchaseOrder',
  'subRentalOrder',
];
/** What an order buys, for spend by trade: materials, machines, or a trade's work. */
export const TRADE_OF_KIND: Readonly<Record<string, 'material' | 'machine' | 'trade'>> = {
  purchaseOrder: 'material',
  subPurchaseOrder: 'material',
  rentalOrder: 'machine',
  subRentalOrder: 'machine',
  workOrder: 'trade',
  letterOfAward: 'trade',
};

export type DocumentReportRow = {
  stream_id: string;
  document_id: string;
  resource: string;
  company_id: string;
  buyer_company_id: string | null;
  seller_company_id: string | null;
  project_id: string | null;
  total_sen: string;
  status: string;
  status_since: string;
  created_at: string;
  shared_at: string | null;
  committed_at: string | null;
  completed_at: string | null;
  end_date: string | null;
  certified_sen: string | null;
  retention_sen: string | null;
  /** A payment certificate's valuation fields as they stand (JSON), so an edit of one of them recomputes the rest. */
  valuation: string | null;
  /** The open approval round (JSON), null when none is open. */
  approval_round: string | null;
  /** Every level's wait in every round (JSON array of ApprovalWait). */
  approval_waits: string;
};

export const documentReportRows: RowSource<DocumentReportRow> = {
  table: 'report_documents',
  columns: {
    stream_id: 'text',
    document_id: 'text',
    resource: 'text',
    company_id: 'text',
    buyer_company_id: 'text',
    seller_company_id: 'text',
    project_id: 'text',
    total_sen: 'bigint',
    status: 'text',
    status_since: 'timestamptz',
    created_at: 'timestamptz',
    shared_at: 'timestamptz',
    committed_at: 'timestamptz',
    completed_at: 'timestamptz',
    end_date: 'text',
    certified_sen: 'bigint',
    retention_sen: 'bigint',
    valuation: 'jsonb',
    approval_round: 'jsonb',
    approval_waits: 'jsonb',
  },
  fold: (row, event) =>
    isDocumentResource(event.streamType) && isReportedKind(event.streamType) ? foldDocument(row, event, event.streamType) : row,
};

/** A total in sen, from the documents' two-place decimal text. */
const sen = (total: string) => (parseMoney(total) ?? 0n).toString();
const VALUATION_FIELDS = [
  'contractSum',
  'workDoneAmount',
  'unfixedGoodsAmount',
  'previousCertifiedAmount',
  'retentionPercent',
  'retentionLimitPercent',
  'sstApplicable',
] as const;

/** A payment certificate's certified amount (amount due) and retention, from its valuation fields; a plain certificate certifies its total. */
function certificateFigures(
  resource: string,
  valuation: Record<string, unknown> | null,
  totalSen: string,
): Pick<DocumentReportRow, 'certified_sen' | 'retention_sen'> {
  if (resource !== 'paymentCertificate') return { certified_sen: null, retention_sen: null };
  const figures = valuation ? tradeValuationOf(valuation as unknown as Omit<DocumentFields, 'totals'>) : null;
  return figures
    ? { certified_sen: figures.amountDue.toString(), retention_sen: figures.retention.toString() }
    : { certified_sen: totalSen, retention_sen: '0' };
}

function withFields(row: DocumentReportRow, fields: Partial<DocumentFields>): DocumentReportRow {
  const next = { ...row };
  if ('projectId' in fields) next.project_id = fields.projectId ?? null;
  if ('endDate' in fields) next.end_date = fields.endDate ?? null;
  if (fields.totals) next.total_sen = sen(fields.totals.total);
  if (row.resource === 'paymentCertificate') {
    const valuation: Record<string, unknown> = row.valuation ? (JSON.parse(row.valuation) as Record<string, unknown>) : {};
    for (const key of VALUATION_FIELDS) if (key in fields) valuation[key] = (fields as Record<string, unknown>)[key] ?? null;
    next.valuation = JSON.stringify(valuation);
    Object.assign(next, certificateFigures(row.resource, valuation, next.total_sen));
  }
  return next;
}

function foldDocument(row: DocumentReportRow | null, event: StoredEvent, resource: ReportedKind): DocumentReportRow | null {
  const at = event.metadata.recordedAt;
  if (event.type === 'DocumentDrafted') {
    const { data } = event as unknown as DocumentDrafted;
    const drafted: DocumentReportRow = {
      stream_id: event.streamId,
      document_id: data.documentId,
      resource,
      company_id: data.companyId,
      buyer_company_id: null,
      seller_company_id: null,
      project_id: null,
      total_sen: '0',
      status: 'none',
      status_since: at,
      created_at: at,
      shared_at: null,
      committed_at: null,
      completed_at: null,
      end_date: null,
      certified_sen: null,
      retention_sen: null,
      valuation: null,
      approval_round: null,
      approval_waits: '[]',
    };
    return withFields(drafted, data.fields);
  }
  if (!row) return null;
  if (event.type === 'DocumentEdited') return withFields(row, (event as unknown as DocumentEdited).data.changes);
  if (event.type !== 'WorkflowStatusChanged') return row;
  const change = event.data as unknown as WorkflowStatusChanged;
  const next: DocumentReportRow = {
    ...row,
    status: change.statusAfter,
    status_since: change.statusAfter === row.status ? row.status_since : at,
  };
  if (change.workflowEvent === 'Create') Object.assign(next, sides(row.company_id, change, resource));
  const kind = REPORTED_KINDS[resource];
  if (next.shared_at === null && isSharedStatus(resource, change.machineVersion, change.statusAfter)) next.shared_at = at;
  if (next.committed_at === null && change.statusAfter === kind.committed) next.committed_at = at;
  if (next.completed_at === null && kind.completed !== null && change.statusAfter === kind.completed) next.completed_at = at;
  return withApproval(next, change, at);
}

/** Buyer and seller from the side the Create recorded: orders and certificates are the buyer's, invoices and claims the seller's. */
function sides(
  owner: string,
  change: WorkflowStatusChanged,
  resource: ReportedKind,
): Pick<DocumentReportRow, 'buyer_company_id' | 'seller_company_id'> {
  const side = REPORTED_KINDS[resource].side;
  const ownerSells = side === 'seller' || (side === 'either' && change.createdBySeller === true);
  return ownerSells
    ? { buyer_company_id: change.counterpartyCompanyId, seller_company_id: owner }
    : { buyer_company_id: owner, seller_company_id: change.counterpartyCompanyId };
}

function withApproval(row: DocumentReportRow, change: WorkflowStatusChanged, at: string): DocumentReportRow {
  const round = row.approval_round ? (JSON.parse(row.approval_round) as ApprovalRoundState) : null;
  const waits = JSON.parse(row.approval_waits) as ApprovalWait[];
  let next: { round: ApprovalRoundState | null; waits: ApprovalWait[] };
  if (change.requiredLevels !== null) next = openRound(closeWaits(waits, at, 'superseded'), change.requiredLevels, at);
  else if (change.approvalLevel !== null && round) next = recordApproval(round, waits, change.approvalLevel, at);
  else if (round) next = { round: null, waits: closeWaits(waits, at, change.workflowEvent === 'Cancel' ? 'cancelled' : 'rejected') };
  else return row;
  return { ...row, approval_round: next.round ? JSON.stringify(next.round) : null, approval_waits: JSON.stringify(next.waits) };
}
