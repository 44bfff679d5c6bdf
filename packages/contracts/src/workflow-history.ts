import type { LevelRule, VerifyLevel } from './workflow-authority.js';
import type { WorkflowEventName } from './workflow-events.js';
import type { WorkflowResource, WorkflowStatus } from './workflow-resources.js';

/** Who did it: a user acting for a company, or the platform itself (userId and companyId 'system'). */
export type WorkflowActorRef = {
  userId: string;
  companyId: string;
};

/**
 * The recorded status-change event the api appends to a document's stream for every accepted workflow
 * command. It is self-describing: a history timeline reads it without any machine logic, and a plain fold
 * (`evolve` in @binaan/workflows) rebuilds the document's workflow state from these alone.
 * Never edit this shape: a change is a new `schemaVersion`.
 */
export type WorkflowStatusChanged<R extends WorkflowResource = WorkflowResource> = {
  type: 'WorkflowStatusChanged';
  schemaVersion: 1;
  resource: R;
  /** The workflow event that was accepted (Create, Request_Approve, Approve, ...). */
  workflowEvent: WorkflowEventName;
  /** null only for Create: the document did not exist before. */
  statusBefore: WorkflowStatus<R> | null;
  statusAfter: WorkflowStatus<R>;
  actor: WorkflowActorRef;
  /** ISO 8601 time, given by the caller (deciding is pure). */
  at: string;
  remark: string | null;
  /** The verify level this Approve filled; null for every other event. */
  approvalLevel: VerifyLevel | null;
  /** Set when this event opened an approval round: the levels the document needs, from its amount. */
  requiredLevels: readonly VerifyLevel[] | null;
  /** Whether the creator may approve in the round this event opened (from the authority manual). */
  allowSelfApproval: boolean | null;
  /** The document amount (RM) the command carried, if any. */
  amount: number | null;
  /** Set on Create: the company that owns the document (the creator's, or the one the system or an admin named). */
  ownerCompanyId: string | null;
  /** Set on Create for documents sent to another company (the seller of an order, the buyer of an invoice). */
  counterpartyCompanyId: string | null;
  /** Set on Create: true when the selling side created the document (seller-created delivery orders, ...). */
  createdBySeller: boolean | null;
  /** The version of the machine that decided this event (the document's version, fixed at Create). */
  machineVersion: number;
  /**
   * Fields of approvals with quorum levels, delegation and escalation. Optional so that events recorded before
   * them fold exactly as they did: absent means none (one holder per level, own authority, no escalation).
   */
  /** Set when this event opened a round: what each required level needs (count, holders, reject rule). */
  levelRules?: readonly LevelRule[] | null;
  /** Approve or Reject by a delegate: the delegator whose authority was used (the actor is the delegate). */
  onBehalfOf?: string | null;
  /** A Reject that is one vote at a majority level and did not end the round: the level voted at. */
  rejectionLevel?: VerifyLevel | null;
  /** Escalate (the platform's timer): the overdue level and who may now act at it besides its holders. */
  escalation?: { level: VerifyLevel; toUserIds: readonly string[] } | null;
};
