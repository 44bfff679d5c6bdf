import type { WorkflowResource, WorkflowStatusChanged } from '@binaan/contracts';
import { approverIdentity, levelRulesFor, nextMissingLevel, requiredLevelsFor } from './authority.js';
import type { MachineEvent, WorkflowContext } from './types.js';

/** The part of a recorded status event that changes the context. Machines and `evolve` both fold it. */
export type ContextChange = Pick<
  WorkflowStatusChanged,
  | 'workflowEvent'
  | 'actor'
  | 'at'
  | 'approvalLevel'
  | 'requiredLevels'
  | 'allowSelfApproval'
  | 'amount'
  | 'ownerCompanyId'
  | 'counterpartyCompanyId'
  | 'createdBySeller'
  | 'machineVersion'
  | 'levelRules'
  | 'onBehalfOf'
  | 'rejectionLevel'
  | 'escalation'
>;

/**
 * What a transition does to the approval round, set per transition in the machine's action params: open it,
 * record an approval, end it with a reject (recording a delegate's delegator), record a reject vote that
 * leaves it open (majority levels), or open the waiting level to its escalation target.
 */
export type ApprovalEffect = 'none' | 'open' | 'approve' | 'reject' | 'rejectVote' | 'escalate';

/** Documents the selling side always raises (to the buyer): their counterparty is the buyer by default. */
const RAISED_BY_SELLER: ReadonlySet<WorkflowResource> = new Set(['invoice', 'progressiveClaim', 'milestoneClaim']);

export function initialContext(resource: WorkflowResource, machineVersion: number): WorkflowContext {
  return {
    resource,
    machineVersion,
    ownerCompanyId: null,
    createdByUserId: null,
    counterpartyCompanyId: null,
    createdBySeller: RAISED_BY_SELLER.has(resource),
    amount: null,
    approval: { open: false, requiredLevels: [], approvals: [], allowSelfApproval: false },
  };
}

/**
 * The one context reducer. Machines call it through their `record` action, `evolve` calls it on recorded
 * events: sharing it is what makes replay give the same state as deciding.
 */
export function applyChange(context: WorkflowContext, change: ContextChange): WorkflowContext {
  const next: WorkflowContext = { ...context };
  if (change.workflowEvent === 'Create') {
    next.machineVersion = change.machineVersion;
    next.ownerCompanyId = change.ownerCompanyId ?? change.actor.companyId;
    next.createdByUserId = change.actor.userId;
    next.counterpartyCompanyId = change.counterpartyCompanyId;
    next.createdBySeller = change.createdBySeller ?? context.createdBySeller;
  }
  if (change.amount !== null) next.amount = change.amount;
  const act = (level: NonNullable<ContextChange['approvalLevel']>) => ({
    level,
    userId: change.actor.userId,
    at: change.at,
    ...(change.onBehalfOf ? { onBehalfOf: change.onBehalfOf } : {}),
  });
  if (change.requiredLevels !== null) {
    next.approval = {
      open: true,
      // A fresh array: decide() tells an opened round by this reference.
      requiredLevels: [...change.requiredLevels],
      approvals: [],
      allowSelfApproval: change.allowSelfApproval === true,
      ...(change.levelRules ? { levelRules: change.levelRules } : {}),
    };
  } else if (change.approvalLevel !== null) {
    const approvals = [...context.approval.approvals, act(change.approvalLevel)];
    const round = { ...context.approval, approvals };
    round.open = nextMissingLevel(round) !== null;
    next.approval = round;
  } else if (change.rejectionLevel != null && context.approval.open) {
    next.approval = { ...context.approval, rejections: [...(context.approval.rejections ?? []), act(change.rejectionLevel)] };
  } else if (change.escalation != null && context.approval.open) {
    const escalation = { level: change.escalation.level, userIds: [...change.escalation.toUserIds], at: change.at };
    next.approval = { ...context.approval, escalations: [...(context.approval.escalations ?? []), escalation] };
  } else if (context.approval.open) {
    // Any other accepted event (Reject, Cancel, ...) ends the round; the approvals given stay on record.
    next.approval = { ...context.approval, open: false };
  }
  return next;
}

/** The change a machine transition makes, from the context, the event and the transition's effect. */
export function changeFromEvent(context: WorkflowContext, event: MachineEvent, effect: ApprovalEffect): ContextChange {
  const opening = effect === 'open';
  const amount = event.amount ?? null;
  // Guards have already refused an amount above the limits, so null here cannot reach a decision.
  const requiredLevels = opening ? requiredLevelsFor(amount ?? context.amount, event.manual) : null;
  const waiting = nextMissingLevel(context.approval);
  const acting = effect === 'approve' || effect === 'reject' || effect === 'rejectVote';
  const identity = acting && waiting !== null ? approverIdentity(context, event.actor, waiting, effect === 'approve') : null;
  return {
    workflowEvent: event.type,
    actor: { userId: event.actor.userId, companyId: event.actor.companyId },
    at: event.at,
    approvalLevel: effect === 'approve' ? waiting : null,
    requiredLevels,
    levelRules: requiredLevels ? levelRulesFor(requiredLevels, event.manual) : null,
    onBehalfOf: identity?.ok ? identity.onBehalfOf : null,
    rejectionLevel: effect === 'rejectVote' ? waiting : null,
    escalation: effect === 'escalate' && event.escalation ? event.escalation : null,
    allowSelfApproval: opening ? event.manual?.allowSelfApproval === true : null,
    amount,
    ownerCompanyId: event.type === 'Create' ? (event.ownerCompanyId ?? event.actor.companyId) : null,
    counterpartyCompanyId: event.type === 'Create' ? (event.counterpartyCompanyId ?? null) : null,
    createdBySeller: event.type === 'Create' ? (event.createdBySeller ?? context.createdBySeller) : null,
    // The initial context carries the machine's version, so Create records the version it was created under.
    machineVersion: context.machineVersion,
  };
}
