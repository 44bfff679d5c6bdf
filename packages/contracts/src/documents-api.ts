// Shapes of /api/documents/<resource>: what the ui sends and reads. Money and quantities are decimal
// strings ("1234.50"); dates are YYYY-MM-DD; times ISO 8601.
import type { ApprovalReason } from './authority-api.js';
import type { VerifyLevel } from './workflow-authority.js';
import type { WorkflowCommandField, WorkflowEventName } from './workflow-events.js';
import type { DocumentFields } from './documents-events.js';

export type DocumentLineItemInput = {
  description: string;
  unit: string;
  quantity: string;
  rate: string;
  /** Spec §5.3: a rate of 0 needs the include box ticked. */
  includeZeroRate?: boolean;
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
};

/** Body of POST /api/documents/<resource>/<id>/actions/<Event>. */
export type DocumentActionInput = { remark?: string; amount?: string };

export type DocumentAvailableAction = { event: WorkflowEventName; labelKey: string; requiredFields: readonly WorkflowCommandField[] };

export type ApprovalRouteView = {
  /** Why these levels: the owner company's authority manual (or the workflows default, VerifyLevel1 only), its version, the amount and the limit applied. */
  reason: ApprovalReason;
  open: boolean;
  requiredLevels: readonly VerifyLevel[];
  approvals: { level: VerifyLevel; userId: string; userName: string | null; at: string }[];
  nextLevel: VerifyLevel | null;
  /** Users of the owner company who hold the next level (and are not excluded as the creator). */
  mayActNext: { userId: string; name: string | null }[];
};

export type DocumentView = DocumentFields & {
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
  availableActions: DocumentAvailableAction[];
  approvalRoute: ApprovalRouteView;
  editable: boolean;
};

export type DocumentListItem = {
  id: string;
  resource: string;
  documentNo: string;
  title: string;
  status: string;
  total: string;
  currency: string;
  companyId: string;
  counterpartyCompanyId: string | null;
  projectId: string | null;
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
