import { and, assign, setup, type AnyStateMachine } from 'xstate';
import { workflowActionLabelKey, type WorkflowCommandField, type WorkflowEventName, type WorkflowResource } from '@binaan/contracts';
import { applyChange, changeFromEvent, type ApprovalEffect } from './context.js';
import { guardField, guardSpecs, guardText, type GuardParams, type GuardRef } from './guards.js';
import type { MachineEvent, TransitionMeta, WorkflowContext } from './types.js';

/**
 * The pseudo-status before Create: the document does not exist yet. It is every machine's initial state so
 * that Create is an ordinary guarded transition; it is no status of the spec and never a target.
 */
export const NO_DOCUMENT = 'none';

const check =
  <K extends keyof GuardParams>(name: K) =>
  ({ context, event }: { context: WorkflowContext; event: MachineEvent }, params: GuardParams[K]) =>
    guardSpecs[name].check(context, event, params) === null;

/** One setup for every machine: the same context, events, guards (by name, with params) and one action. */
export const workflowSetup = setup({
  types: {
    context: {} as WorkflowContext,
    events: {} as MachineEvent,
    transitionMeta: {} as TransitionMeta,
  },
  guards: {
    hasAuthority: check('hasAuthority'),
    canApprove: check('canApprove'),
    isApprover: check('isApprover'),
    isLastApproval: check('isLastApproval'),
    endsRound: check('endsRound'),
    roundOpen: check('roundOpen'),
    escalatesWaitingLevel: check('escalatesWaitingLevel'),
    isCounterparty: check('isCounterparty'),
    hasRemark: check('hasRemark'),
    hasAmount: check('hasAmount'),
    withinLimit: check('withinLimit'),
    hasCounterparty: check('hasCounterparty'),
    approvalNotOpen: check('approvalNotOpen'),
    isSystem: check('isSystem'),
    isAdmin: check('isAdmin'),
    isCreator: check('isCreator'),
    namesOwnCompany: check('namesOwnCompany'),
  },
  actions: {
    // Every accepted event folds the same change `evolve` folds on replay.
    record: assign(({ context, event }, params: { effect: ApprovalEffect }) =>
      applyChange(context, changeFromEvent(context, event, params.effect)),
    ),
  },
});

// Guard references, written the way the machines read best.
export const own = (level: GuardParams['hasAuthority']['level']): GuardRef => ({ type: 'hasAuthority', params: { level } });
export const counterparty = (
  level: GuardParams['isCounterparty']['level'],
  side: GuardParams['isCounterparty']['side'] = 'any',
): GuardRef => ({
  type: 'isCounterparty',
  params: { level, side },
});
export const remark: GuardRef = { type: 'hasRemark', params: undefined };
export const amount: GuardRef = { type: 'hasAmount', params: undefined };
export const withinLimit: GuardRef = { type: 'withinLimit', params: undefined };
export const hasCounterparty: GuardRef = { type: 'hasCounterparty', params: undefined };
export const approvalNotOpen: GuardRef = { type: 'approvalNotOpen', params: undefined };
export const canApprove: GuardRef = { type: 'canApprove', params: undefined };
export const isApprover: GuardRef = { type: 'isApprover', params: undefined };
export const isLastApproval: GuardRef = { type: 'isLastApproval', params: undefined };
export const endsRound: GuardRef = { type: 'endsRound', params: undefined };
export const roundOpen: GuardRef = { type: 'roundOpen', params: undefined };
export const escalatesWaitingLevel: GuardRef = { type: 'escalatesWaitingLevel', params: undefined };
export const system: GuardRef = { type: 'isSystem', params: undefined };
export const admin: GuardRef = { type: 'isAdmin', params: undefined };
export const creator: GuardRef = { type: 'isCreator', params: undefined };
export const namesOwnCompany: GuardRef = { type: 'namesOwnCompany', params: undefined };

type WorkflowGuard = ReturnType<typeof and<WorkflowContext, MachineEvent, GuardRef[]>>;

/** A transition as the machine configs take it (the shape XState's config expects, kept loose here). */
export type WorkflowTransition = {
  target: string;
  guard?: WorkflowGuard;
  actions: [{ type: 'record'; params: { effect: ApprovalEffect } }];
  meta: TransitionMeta;
};

/** Guard references of a transition as given to `and([...])`, kept beside XState's own copy for diagnosis. */
const guardLists = new WeakMap<object, readonly GuardRef[]>();

export function guardsOf(guard: unknown): readonly GuardRef[] {
  if (typeof guard !== 'function') return [];
  return guardLists.get(guard) ?? [];
}

const ROUND_GUARDS: ReadonlySet<string> = new Set(['canApprove', 'isApprover', 'isLastApproval', 'endsRound', 'escalatesWaitingLevel']);

/**
 * A step between the companies (TransitionMeta.betweenCompanies): the counterparty acts, or the owner
 * acts outside its approval round (a step that opens or records a round, or that only an approver of the
 * round may take, such as Reject with its remark, stays inside the owner company).
 */
export function isBetweenCompanies(guards: readonly GuardRef[], effect: ApprovalEffect): boolean {
  if (guards.some((g) => g.type === 'isCounterparty')) return true;
  return effect === 'none' && !guards.some((g) => ROUND_GUARDS.has(g.type));
}

/** Builds transitions of one resource: the label key and required fields land in `meta`. */
export function transitionsFor(resource: WorkflowResource) {
  const go = (
    event: WorkflowEventName,
    target: string,
    guards: readonly GuardRef[],
    effect: ApprovalEffect = 'none',
    betweenCompanies = isBetweenCompanies(guards, effect),
  ): WorkflowTransition => {
    const requiredFields = guards.map(guardField).filter((f): f is WorkflowCommandField => f !== undefined);
    const meta: TransitionMeta = {
      labelKey: workflowActionLabelKey(resource, event),
      requiredFields,
      guardText: guards.map(guardText).join(' + ') || 'anyone',
      betweenCompanies,
    };
    const transition: WorkflowTransition = { target, actions: [{ type: 'record', params: { effect } }], meta };
    if (guards.length > 0) {
      const guard: WorkflowGuard = and<WorkflowContext, MachineEvent, GuardRef[]>([...guards]);
      guardLists.set(guard, guards);
      transition.guard = guard;
    }
    return transition;
  };
  /**
   * Approve during an approval round: the last required level moves the document to `done`; an earlier
   * level keeps it in (or moves it to) `more`. Both record the level.
   */
  const approve = (done: string, more: string, event: WorkflowEventName = 'Approve'): WorkflowTransition[] => [
    go(event, done, [canApprove, isLastApproval], 'approve'),
    go(event, more, [canApprove], 'approve'),
  ];
  /**
   * Reject during an approval round, by whoever may act at the waiting level: it ends the round (to `done`)
   * at once, or at a majority level only once more than half the level's holders rejected; until then the
   * reject is a vote recorded in `stay` (the status the round runs in).
   */
  const reject = (done: string, stay: string): WorkflowTransition[] => [
    go('Reject', done, [isApprover, remark, endsRound], 'reject'),
    go('Reject', stay, [isApprover, remark], 'rejectVote'),
  ];
  /** The platform's timer opens an overdue level to its escalation target; the status stays. */
  const escalate = (stay: string): WorkflowTransition => go('Escalate', stay, [system, roundOpen, escalatesWaitingLevel], 'escalate');
  return { go, approve, reject, escalate };
}

/** A machine with what the catalogue needs besides XState's definition. */
export type WorkflowDefinition<R extends WorkflowResource = WorkflowResource> = {
  resource: R;
  version: number;
  machine: AnyStateMachine;
  /** Where the spec is silent: what this machine decided, in words (README and generated docs). */
  decisions: readonly string[];
  /** Message keys more specific than the refusal code, per status and event (e.g. the spec's user messages). */
  refusalDetails?: Readonly<Record<string, Readonly<Record<string, string>>>>;
};
