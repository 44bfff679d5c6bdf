import { createActor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import {
  isWorkflowEventName,
  isWorkflowResource,
  isWorkflowStatus,
  type WorkflowRefusalCode,
  type WorkflowResource,
  type WorkflowStatus,
  type WorkflowStatusChanged,
} from '@binaan/contracts';
import { definitionFor, latestDefinition } from './catalogue.js';
import { initialContext } from './context.js';
import { approverIdentity, nextMissingLevel } from './authority.js';
import { NO_DOCUMENT, type WorkflowDefinition } from './define-workflow.js';
import { refusalReason } from './transitions.js';
import type { Actor, MachineEvent, WorkflowCommand, WorkflowContext, WorkflowDecision, WorkflowState } from './types.js';

/**
 * xstate's `transition(machine, snapshot, event)` builds a fresh inert actor scope on every call, and the
 * Actor it makes for it computes the machine's initial snapshot each time (about 2% of a workflow action's
 * API CPU in the documents bench's profile). Our machines spawn and invoke nothing and `decide` ignores the
 * actions it would collect, so one inert scope per machine, all of whose effects are no-ops, gives the same
 * next snapshot: `machine.transition` is pure given the snapshot and the event.
 */
/** The scope `machine.transition` takes. */
type Scope = Parameters<AnyStateMachine['transition']>[2];

const inertScopes = new WeakMap<AnyStateMachine, Scope>();

function inertScope(machine: AnyStateMachine): Scope {
  let scope = inertScopes.get(machine);
  if (!scope) {
    const self = createActor(machine);
    const none = () => undefined;
    scope = {
      self,
      id: '',
      sessionId: '',
      logger: none,
      defer: none,
      emit: none,
      system: self.system,
      stopChild: none,
      actionExecutor: none,
    };
    inertScopes.set(machine, scope);
  }
  return scope;
}

/** The machine's next snapshot (the same one when no transition is enabled). */
function nextSnapshot(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: MachineEvent): AnyMachineSnapshot {
  return machine.transition(snapshot, event, inertScope(machine));
}

/** The machine snapshot of a document (or of "no document yet" for null), or the refusal that stops us. */
export type Resolved<R extends WorkflowResource> =
  | { ok: true; definition: WorkflowDefinition<R>; snapshot: AnyMachineSnapshot; status: WorkflowStatus<R> | null }
  | { ok: false; code: WorkflowRefusalCode };

/** Finds the machine version the document lives under and rebuilds its snapshot with `resolveState`. */
export function resolveDocument<R extends WorkflowResource>(resource: R, state: WorkflowState<R> | null): Resolved<R> {
  if (!isWorkflowResource(resource)) return { ok: false, code: 'unknownResource' };
  const definition = state ? definitionFor(resource, state.context.machineVersion) : latestDefinition(resource);
  if (!definition) return { ok: false, code: 'unknownMachineVersion' };
  if (state && (!isWorkflowStatus(resource, state.status) || state.context.resource !== resource)) {
    return { ok: false, code: 'unknownStatus' };
  }
  const context: WorkflowContext = state ? state.context : initialContext(resource, definition.version);
  const snapshot = definition.machine.resolveState({ value: state ? state.status : NO_DOCUMENT, context });
  return { ok: true, definition, snapshot, status: state ? state.status : null };
}

/**
 * Decides one workflow command: the document's next status and context with the status event to record,
 * or a typed refusal. Pure: the time comes in the command, the actor's authority in `actor`.
 * `state` is null for Create (the document does not exist yet).
 */
export function decide<R extends WorkflowResource>(
  resource: R,
  state: WorkflowState<R> | null,
  command: WorkflowCommand,
  actor: Actor,
): WorkflowDecision<R> {
  const refuse = (code: WorkflowRefusalCode, detail?: string): WorkflowDecision<R> => ({
    ok: false,
    refusal: { code, resource, status: state ? state.status : null, event: command.type, ...(detail ? { detail } : {}) },
  });
  const resolved = resolveDocument(resource, state);
  if (!resolved.ok) return refuse(resolved.code);
  const { definition, snapshot, status } = resolved;
  if (!isWorkflowEventName(command.type) || !definition.machine.events.includes(command.type)) return refuse('unknownEvent');

  const event: MachineEvent = { ...command, actor };
  const next = nextSnapshot(definition.machine, snapshot, event);
  // A blocked guard (or no transition at all) hands back the very same snapshot.
  if (next === snapshot) {
    const code = refusalReason(snapshot, event);
    const detail = code === 'wrongStatus' ? definition.refusalDetails?.[status ?? NO_DOCUMENT]?.[command.type] : undefined;
    return refuse(code, detail);
  }
  const before = snapshot.context as WorkflowContext;
  const after = next.context as WorkflowContext;
  const statusAfter = next.value as WorkflowStatus<R>;
  return {
    ok: true,
    state: { status: statusAfter, context: after },
    event: statusEvent(resource, status, statusAfter, before, after, command, actor),
  };
}

/** The recorded event, read off the context change so it always matches what the machine did. */
function statusEvent<R extends WorkflowResource>(
  resource: R,
  statusBefore: WorkflowStatus<R> | null,
  statusAfter: WorkflowStatus<R>,
  before: WorkflowContext,
  after: WorkflowContext,
  command: WorkflowCommand,
  actor: Actor,
): WorkflowStatusChanged<R> {
  const opened = after.approval.requiredLevels !== before.approval.requiredLevels;
  const approved = !opened && after.approval.approvals.length > before.approval.approvals.length;
  const isCreate = command.type === 'Create';
  return {
    type: 'WorkflowStatusChanged',
    schemaVersion: 1,
    resource,
    workflowEvent: command.type,
    statusBefore,
    statusAfter,
    actor: { userId: actor.userId, companyId: actor.companyId },
    at: command.at,
    remark: command.remark?.trim() ? command.remark : null,
    approvalLevel: approved ? (after.approval.approvals[after.approval.approvals.length - 1]?.level ?? null) : null,
    requiredLevels: opened ? after.approval.requiredLevels : null,
    allowSelfApproval: opened ? after.approval.allowSelfApproval : null,
    amount: command.amount ?? null,
    ownerCompanyId: isCreate ? after.ownerCompanyId : null,
    counterpartyCompanyId: isCreate ? after.counterpartyCompanyId : null,
    createdBySeller: isCreate ? after.createdBySeller : null,
    machineVersion: after.machineVersion,
    ...roundFields(before, after, command, actor, opened, approved),
  };
}

type RoundFields = Pick<Partial<WorkflowStatusChanged>, 'levelRules' | 'onBehalfOf' | 'rejectionLevel' | 'escalation'>;

/**
 * The optional fields of quorum levels, delegation and escalation, present only when they say something, so
 * that a round without them records exactly what it always did.
 */
function roundFields(
  before: WorkflowContext,
  after: WorkflowContext,
  command: WorkflowCommand,
  actor: Actor,
  opened: boolean,
  approved: boolean,
): RoundFields {
  const fields: RoundFields = {};
  if (opened && after.approval.levelRules) fields.levelRules = after.approval.levelRules;
  const voted = (after.approval.rejections?.length ?? 0) > (before.approval.rejections?.length ?? 0);
  const escalated = (after.approval.escalations?.length ?? 0) > (before.approval.escalations?.length ?? 0);
  if (voted) fields.rejectionLevel = after.approval.rejections!.at(-1)!.level;
  if (escalated) {
    const escalation = after.approval.escalations!.at(-1)!;
    fields.escalation = { level: escalation.level, toUserIds: escalation.userIds };
  }
  let onBehalfOf: string | null | undefined = null;
  if (approved) onBehalfOf = after.approval.approvals.at(-1)?.onBehalfOf;
  else if (voted) onBehalfOf = after.approval.rejections!.at(-1)!.onBehalfOf;
  else if (command.type === 'Reject' && before.approval.open && !after.approval.open) {
    // A reject that ended the round: whose authority it used is read by the same rule the guard applied.
    const level = nextMissingLevel(before.approval);
    const identity = level === null ? null : approverIdentity(before, actor, level, false);
    onBehalfOf = identity?.ok ? identity.onBehalfOf : null;
  }
  if (onBehalfOf) fields.onBehalfOf = onBehalfOf;
  return fields;
}
