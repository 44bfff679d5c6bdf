import type { VerifyLevel, WorkflowResource, WorkflowStatusChanged } from '@binaan/contracts';
import { nextMissingLevel } from './authority.js';
import { applyChange, initialContext } from './context.js';
import type { WorkflowContext, WorkflowState } from './types.js';

/** A stream whose events do not chain (statusBefore differs from the folded status): it was tampered with. */
export class WorkflowReplayError extends Error {
  override readonly name = 'WorkflowReplayError';
  constructor(
    readonly expected: string | null,
    readonly event: WorkflowStatusChanged,
  ) {
    super(`${event.resource}: ${event.workflowEvent} recorded from ${String(event.statusBefore)} but the document was ${String(expected)}`);
  }
}

/**
 * Folds one recorded status event into a document's workflow state, without XState: the event says the
 * status after, and the context change is the machines' own reducer. This is the replay path.
 */
export function evolve<R extends WorkflowResource>(state: WorkflowState<R> | null, event: WorkflowStatusChanged<R>): WorkflowState<R> {
  const status = state === null ? null : state.status;
  if (status !== event.statusBefore) throw new WorkflowReplayError(status, event);
  const context = state === null ? initialContext(event.resource, event.machineVersion) : state.context;
  return { status: event.statusAfter, context: applyChange(context, event) };
}

/** Folds a whole stream; null when it is empty. */
export function foldStatusEvents<R extends WorkflowResource>(events: Iterable<WorkflowStatusChanged<R>>): WorkflowState<R> | null {
  let state: WorkflowState<R> | null = null;
  for (const event of events) state = evolve(state, event);
  return state;
}

/**
 * The context an event leaves and the verify level its approval round then waits for (null: none open),
 * for a history that says what a step left waiting. The machines' own reducer without evolve's check that
 * the statuses chain, so it reads even a stream that does not. `context`: the one before (null: a Create).
 */
export function roundAfter(
  context: WorkflowContext | null,
  event: WorkflowStatusChanged,
): { context: WorkflowContext; waitingLevel: VerifyLevel | null } {
  const next = applyChange(context ?? initialContext(event.resource, event.machineVersion), event);
  return { context: next, waitingLevel: next.approval.open ? nextMissingLevel(next.approval) : null };
}
