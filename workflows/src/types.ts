import type {
  AuthorityAssignments,
  DelegatedAuthority,
  LevelRule,
  AuthorityManual,
  VerifyLevel,
  WorkflowEventName,
  WorkflowRefusalCode,
  WorkflowResource,
  WorkflowStatus,
  WorkflowStatusChanged,
  WorkflowCommandField,
} from '@binaan/contracts';

/**
 * Who sends a command. The api resolves the user's authority before deciding: `company` holds the company
 * workflow assignments, `project` those of the document's project (empty for company-level resources).
 * `kind` is 'admin' for platform administrators (user type 2) and 'system' for the platform itself.
 */
export type Actor = {
  userId: string;
  companyId: string;
  kind: 'user' | 'admin' | 'system';
  authorities: {
    company: AuthorityAssignments;
    project: AuthorityAssignments;
  };
  /**
   * Authority lent to this user by others, in force at the decision time (the api resolves the grants and the
   * delegators' present levels). Used only where the actor's own levels do not reach.
   */
  delegations?: readonly DelegatedAuthority[];
};

/** The platform's own actor: timers, the payment gateway, events mirrored from another company's record. */
export const SYSTEM_ACTOR: Actor = {
  userId: 'system',
  companyId: 'system',
  kind: 'system',
  authorities: { company: {}, project: {} },
};

/** One approval given (or, at a majority level, one reject vote). */
export type ApprovalRecord = {
  level: VerifyLevel;
  userId: string;
  at: string;
  /** A delegate's act: the delegator whose authority it used (both are on record). */
  onBehalfOf?: string | null;
};

/**
 * The approval round of a document. `requiredLevels` is fixed when the round opens (from the amount and the
 * authority manual at that moment), so editing the manual never changes a round already under way.
 */
export type ApprovalRound = {
  open: boolean;
  requiredLevels: readonly VerifyLevel[];
  approvals: readonly ApprovalRecord[];
  allowSelfApproval: boolean;
  /** What each level needs (absent: one approval per level, the first reject ends the round). */
  levelRules?: readonly LevelRule[];
  /** Reject votes at majority levels that did not (yet) end the round. */
  rejections?: readonly ApprovalRecord[];
  /** Levels opened to more people after their response time passed (the platform's Escalate). */
  escalations?: readonly { level: VerifyLevel; userIds: readonly string[]; at: string }[];
};

/** What the machines keep besides the status. Plain data: the api may store it in a read model as is. */
export type WorkflowContext = {
  resource: WorkflowResource;
  /** The machine version the document was created under; later decisions use that version. */
  machineVersion: number;
  ownerCompanyId: string | null;
  createdByUserId: string | null;
  counterpartyCompanyId: string | null;
  createdBySeller: boolean;
  amount: number | null;
  approval: ApprovalRound;
};

/** A document's workflow state: its status and context. */
export type WorkflowState<R extends WorkflowResource = WorkflowResource> = {
  status: WorkflowStatus<R>;
  context: WorkflowContext;
};

/**
 * A command as the api builds it from a request. `at` is the decision time (deciding is pure). `manual` is
 * the authority manual the api looked up for the resource; commands that open an approval round use it.
 */
export type WorkflowCommand = {
  type: WorkflowEventName;
  at: string;
  remark?: string;
  amount?: number;
  counterpartyCompanyId?: string;
  /**
   * Create only: the company the document belongs to when the system or an administrator creates it for a
   * company (a user signing up, a bill). A user may only name their own company.
   */
  ownerCompanyId?: string;
  createdBySeller?: boolean;
  manual?: AuthorityManual;
  /** Escalate only: the overdue level and who may now act at it. */
  escalation?: { level: VerifyLevel; toUserIds: readonly string[] };
};

/** The event the XState machines receive: the command plus who sent it. */
export type MachineEvent = WorkflowCommand & { actor: Actor };

export type WorkflowRefusal = {
  code: WorkflowRefusalCode;
  resource: string;
  status: string | null;
  event: string;
  /** A more specific message key where the spec has one (e.g. 'pendingUserCannotBeSuspended'). */
  detail?: string;
};

export type WorkflowDecision<R extends WorkflowResource = WorkflowResource> =
  { ok: true; state: WorkflowState<R>; event: WorkflowStatusChanged<R> } | { ok: false; refusal: WorkflowRefusal };

/** An action the actor may take now; the ui draws one button per entry. */
export type AvailableAction = {
  event: WorkflowEventName;
  labelKey: string;
  requiredFields: readonly WorkflowCommandField[];
};

/** Transition meta, kept on every machine transition. */
export type TransitionMeta = {
  labelKey: string;
  requiredFields: readonly WorkflowCommandField[];
  /** Words for the docs' guard column. */
  guardText: string;
  /**
   * Whether the step passes between the two companies once the document is shared: the counterparty's
   * answers and the owner's own moves (cancel, fulfil, close...), not the owner's approval round (opening
   * it, approving, rejecting, resubmitting). The step that shares a document is between them whatever
   * this says (its target is a status the counterparty sees). Derived from the guards and effect in
   * `transitionsFor`; a machine may say otherwise for one transition.
   */
  betweenCompanies: boolean;
};
