// The authority context over the API: company workflow assignments (spec §3 "Company authority", §7
// company-workflow/view/workflow-and-assignments-list) and authority manuals (spec §3 labels-only entity:
// process, approval label, note, approval levels and limits, role type, roles). Amounts are RM decimal strings.
import type { AuthorityLevel, LevelQuorum, RejectRule, VerifyLevel } from './workflow-authority.js';

/** One resource code with who holds which level: the spec's `workflowAssignments` item. */
export type WorkflowAssignmentGroup = { code: string; assignments: { user_id: string; workflow_level: AuthorityLevel }[] };

export type WorkflowAssignmentsReply = { success: true; workflowAssignments: WorkflowAssignmentGroup[] };

/** POST company-workflow/assignments (and .../unassign): one level of one user on one resource code. */
export type WorkflowAssignmentBody = { code: string; user_id: string; workflow_level: AuthorityLevel };

/**
 * One approval level of a manual. Besides its limit: how many of its holders must approve (`quorum`: 'any' one,
 * 'all', or a number n of them), when a reject there ends the round (`rejectRule`: at the first, or at a
 * majority of its holders), how long its approvers have to answer (`responseHours`: they are reminded when it
 * passes), and whom the level is opened to `escalateAfterHours` later (`escalateTo`: a named member, or the
 * holders of the next level). Absent fields mean the plain case: any one, first reject, no due time.
 */
export type AuthorityManualLevelBody = {
  level: VerifyLevel;
  limit: string | null;
  quorum?: LevelQuorum;
  rejectRule?: RejectRule;
  responseHours?: number | null;
  escalateAfterHours?: number | null;
  escalateTo?: EscalationTarget | null;
};

/** Whom an overdue level is opened to: a named member of the company, or the holders of the next level. */
export type EscalationTarget = { to: 'user'; userId: string } | { to: 'nextLevel' };

/** PUT authority-manuals/<resource>: the whole manual; `expectedVersion` (optional) guards a concurrent change. */
export type AuthorityManualBody = {
  label: string;
  note?: string;
  levels: AuthorityManualLevelBody[];
  allowSelfApproval?: boolean;
  roleType?: string;
  roles?: string[];
  expectedVersion?: number;
};

export type AuthorityManualView = {
  companyId: string;
  resource: string;
  label: string;
  note: string;
  levels: AuthorityManualLevelBody[];
  allowSelfApproval: boolean;
  roleType: string;
  roles: string[];
  /** 1 when defined, +1 on every change. */
  version: number;
  updatedAt: string;
  updatedBy: string | null;
};

/** One audited change: who gave whom which level (or changed which manual), when. */
export type AuthorityHistoryRow = {
  at: string;
  eventType: string;
  actor: { userId: string | null; name: string | null };
  code: string;
  userId: string | null;
  userName: string | null;
  level: number | null;
  manualVersion: number | null;
  streamId: string;
  revision: number;
};

/** Why an approval round needs the levels it needs (the document view's approvalRoute.reason). */
export type ApprovalReason = {
  manual: 'authorityManual' | 'workflowDefault';
  manualVersion: number | null;
  amount: string | null;
  /** The limit of the last level the amount needs (null: no limit, or no manual). */
  limitApplied: string | null;
  /** The highest limit the amount is above (the level below the last one needed): why the last level is needed. */
  limitCrossed?: string | null;
  /** Grants of authority in force now from the holders of the round's levels, for this kind and amount. */
  delegations?: {
    id: string;
    from: { userId: string; name: string | null };
    to: { userId: string; name: string | null };
    upTo: string | null;
    endsAt: string;
  }[];
};

/** POST authority-delegations: lend approval authority for a period. The delegator defaults to the caller. */
export type DelegationBody = {
  toUserId: string;
  fromUserId?: string;
  /** Document kinds covered; null or absent: every kind the delegator approves. */
  resources?: string[] | null;
  /** Largest document amount in RM (decimal string); null or absent: no cap. */
  upTo?: string | null;
  /** Default: now. */
  startsAt?: string;
  endsAt: string;
  reason: string;
};

/** A delegation as lists and the approval route show it; `state` is read at the time of the answer. */
export type DelegationView = {
  id: string;
  fromUser: { id: string; name: string | null };
  toUser: { id: string; name: string | null };
  resources: string[] | null;
  upTo: string | null;
  startsAt: string;
  endsAt: string;
  reason: string;
  state: 'upcoming' | 'inForce' | 'ended' | 'revoked';
  grantedBy: string | null;
  grantedAt: string;
  revokedAt: string | null;
  revokeReason: string | null;
};

/** One page of delegations, newest start first; `next` is the cursor of the page after (null: none). */
export type DelegationsPage = { success: true; delegations: DelegationView[]; next: string | null };
