import type { AuthorityLevel, WorkflowCommandField, WorkflowRefusalCode } from '@binaan/contracts';
import { approverIdentity, approversAt, holdsLevel, nextMissingLevel, rejectEndsRound, requiredLevelsFor, ruleOf } from './authority.js';
import type { MachineEvent, WorkflowContext } from './types.js';

// Every guard the machines use, by name. Each check returns the refusal code it stands for, or null when it
// passes, so one implementation serves XState (pass/fail), refusal diagnosis and availableActions. Guards
// read only the event (actor, remark, amount, manual) and the machine context.

export type CounterpartySide = 'seller' | 'buyer' | 'any';

export type GuardParams = {
  hasAuthority: { level: AuthorityLevel };
  canApprove: undefined;
  isApprover: undefined;
  isLastApproval: undefined;
  endsRound: undefined;
  roundOpen: undefined;
  escalatesWaitingLevel: undefined;
  isCounterparty: { level: AuthorityLevel; side: CounterpartySide };
  hasRemark: undefined;
  hasAmount: undefined;
  withinLimit: undefined;
  hasCounterparty: undefined;
  approvalNotOpen: undefined;
  isSystem: undefined;
  isAdmin: undefined;
  isCreator: undefined;
  namesOwnCompany: undefined;
};

export type GuardName = keyof GuardParams;

/** A guard as the machines reference it: by name, with params where it takes them. */
export type GuardRef = { [K in GuardName]: { type: K; params: GuardParams[K] } }[GuardName];

/** A routing guard only picks between transitions of one event; failing it is no refusal. */
export const ROUTING = 'routing' as const;
export type GuardResult = WorkflowRefusalCode | typeof ROUTING | null;

type Check<P> = (context: WorkflowContext, event: MachineEvent, params: P) => GuardResult;

type GuardSpec<P> = {
  check: Check<P>;
  /** Depends on what the user types (remark, amount): availableActions skips it and lists the field instead. */
  field?: WorkflowCommandField;
  /** Depends on command input without being a field of its own (the amount limit): availableActions skips it. */
  input?: true;
  /** Text for the docs' guard column. */
  text: (params: P) => string;
};

/** The actor acts for the document's company; before Create, for the company the document will belong to. */
const ownCompany = (context: WorkflowContext, event: MachineEvent): boolean =>
  (context.ownerCompanyId ?? event.ownerCompanyId ?? event.actor.companyId) === event.actor.companyId;

/**
 * Shared by canApprove and isApprover: the actor may act on the level whose turn it is, with their own
 * level, an escalation naming them, or a delegation in force (authority.ts approverIdentity).
 */
function approverCheck(context: WorkflowContext, event: MachineEvent, approving: boolean): GuardResult {
  if (!context.approval.open) return 'approvalNotRequested';
  if (!ownCompany(context, event)) return 'notOwnerCompany';
  const level = nextMissingLevel(context.approval);
  if (level === null) return 'noAuthority';
  const identity = approverIdentity(context, event.actor, level, approving);
  return identity.ok ? null : identity.code;
}

/** The person this actor's act counts for at the waiting level (the delegator when a delegate acts). */
function principalNow(context: WorkflowContext, event: MachineEvent, level: NonNullable<ReturnType<typeof nextMissingLevel>>): string {
  const identity = approverIdentity(context, event.actor, level, false);
  return (identity.ok ? identity.onBehalfOf : null) ?? event.actor.userId;
}

export const guardSpecs: { [K in GuardName]: GuardSpec<GuardParams[K]> } = {
  hasAuthority: {
    check: (context, event, { level }) => {
      if (!ownCompany(context, event)) return 'notOwnerCompany';
      return holdsLevel(event.actor, context.resource, level) ? null : 'noAuthority';
    },
    text: ({ level }) => `own company, level ${level}`,
  },
  canApprove: {
    check: (context, event) => approverCheck(context, event, true),
    text: () =>
      'next missing verify level (own, escalated to them, or delegated and within the delegator); not the creator unless the manual allows, nor through a delegate; one level per person',
  },
  isApprover: {
    check: (context, event) => approverCheck(context, event, false),
    text: () => 'holds the next missing verify level (own, escalated or delegated)',
  },
  isLastApproval: {
    // Called before the approval is recorded: this one is the last when it meets the last missing level's need.
    check: (context) => {
      const { approval } = context;
      const level = nextMissingLevel(approval);
      if (level === null || level !== approval.requiredLevels[approval.requiredLevels.length - 1]) return ROUTING;
      const need = ruleOf(approval, level)?.need ?? 1;
      return approversAt(approval, level).length + 1 >= need ? null : ROUTING;
    },
    text: () => 'meets the last required level (its quorum)',
  },
  endsRound: {
    // A reject ends the round at once, or at a majority level once more than half its holders rejected.
    check: (context, event) => {
      const level = nextMissingLevel(context.approval);
      return level === null || rejectEndsRound(context.approval, level, principalNow(context, event, level)) ? null : ROUTING;
    },
    text: () => "ends the round (one reject, or the level's majority)",
  },
  roundOpen: {
    check: (context) => (context.approval.open ? null : 'approvalNotRequested'),
    text: () => 'approval round open',
  },
  escalatesWaitingLevel: {
    check: (context, event) =>
      event.escalation && event.escalation.level === nextMissingLevel(context.approval) && event.escalation.toUserIds.length > 0
        ? null
        : 'wrongStatus',
    input: true,
    text: () => 'the level the round waits for, to someone',
  },
  isCounterparty: {
    check: (context, event, { level, side }) => {
      if (context.counterpartyCompanyId === null || context.counterpartyCompanyId !== event.actor.companyId) return 'notCounterparty';
      const counterpartySide = context.createdBySeller ? 'buyer' : 'seller';
      if (side !== 'any' && side !== counterpartySide) return 'notCounterparty';
      return holdsLevel(event.actor, context.resource, level) ? null : 'noAuthority';
    },
    text: ({ level, side }) => `counterparty${side === 'any' ? '' : ` (${side})`}, level ${level}`,
  },
  hasRemark: {
    check: (_context, event) => (typeof event.remark === 'string' && event.remark.trim() !== '' ? null : 'remarkRequired'),
    field: 'remark',
    text: () => 'remark',
  },
  hasAmount: {
    check: (_context, event) =>
      typeof event.amount === 'number' && Number.isFinite(event.amount) && event.amount >= 0 ? null : 'amountRequired',
    field: 'amount',
    text: () => 'amount',
  },
  withinLimit: {
    check: (context, event) => (requiredLevelsFor(event.amount ?? context.amount, event.manual) === null ? 'limitExceeded' : null),
    input: true,
    text: () => 'amount within the manual limits',
  },
  hasCounterparty: {
    check: (_context, event) =>
      event.counterpartyCompanyId && event.counterpartyCompanyId !== event.actor.companyId ? null : 'counterpartyRequired',
    field: 'counterpartyCompanyId',
    text: () => 'counterparty company',
  },
  approvalNotOpen: {
    check: (context) => (context.approval.open ? 'approvalAlreadyRequested' : null),
    text: () => 'no approval round open',
  },
  isSystem: { check: (_c, event) => (event.actor.kind === 'system' ? null : 'systemOnly'), text: () => 'system' },
  isAdmin: { check: (_c, event) => (event.actor.kind === 'admin' ? null : 'adminOnly'), text: () => 'platform admin' },
  namesOwnCompany: {
    // For Create without an authority guard: the platform may create for any company, a user only for theirs.
    check: (_c, event) =>
      event.actor.kind !== 'user' || (event.ownerCompanyId ?? event.actor.companyId) === event.actor.companyId ? null : 'notOwnerCompany',
    text: () => 'a user names only their own company',
  },
  isCreator: {
    check: (context, event) => (context.createdByUserId === event.actor.userId ? null : 'noAuthority'),
    text: () => 'creator',
  },
};

/** Runs one guard reference. */
export function runGuard(ref: GuardRef, context: WorkflowContext, event: MachineEvent): GuardResult {
  const spec = guardSpecs[ref.type] as GuardSpec<unknown>;
  return spec.check(context, event, ref.params);
}

export function guardText(ref: GuardRef): string {
  const spec = guardSpecs[ref.type] as GuardSpec<unknown>;
  return spec.text(ref.params);
}

export function guardField(ref: GuardRef): WorkflowCommandField | undefined {
  return guardSpecs[ref.type].field;
}

/** Whether availableActions should skip this guard: it depends on what the user has not typed yet. */
export function dependsOnInput(ref: GuardRef): boolean {
  const spec = guardSpecs[ref.type];
  return spec.field !== undefined || spec.input === true;
}
