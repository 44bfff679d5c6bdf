import { getNextTransitions, type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition } from 'xstate';
import type { WorkflowRefusalCode } from '@binaan/contracts';
import { dependsOnInput, runGuard, ROUTING, type GuardResult } from './guards.js';
import { guardsOf } from './define-workflow.js';
import type { MachineEvent, TransitionMeta, WorkflowContext } from './types.js';

// Reading a machine's transitions back: for refusal reasons, available actions, the catalogue and the docs.

/** The outgoing transitions of a snapshot for one event, in the order XState tries them. */
export function candidatesFor(snapshot: AnyMachineSnapshot, eventType: string): AnyTransitionDefinition[] {
  return getNextTransitions(snapshot).filter((t) => t.eventType === eventType);
}

/** First failing guard of a transition and how many guards passed before it (null result: all passed). */
export function firstFailureAt(
  transition: AnyTransitionDefinition,
  context: WorkflowContext,
  event: MachineEvent,
  skipInput = false,
): { result: GuardResult; passed: number } {
  let passed = 0;
  for (const ref of guardsOf(transition.guard)) {
    if (skipInput && dependsOnInput(ref)) continue;
    const result = runGuard(ref, context, event);
    if (result !== null) return { result, passed };
    passed += 1;
  }
  return { result: null, passed };
}

/** First failing guard of a transition: a refusal code, ROUTING, or null when every guard passes. */
export function firstFailure(
  transition: AnyTransitionDefinition,
  context: WorkflowContext,
  event: MachineEvent,
  skipInput = false,
): GuardResult {
  return firstFailureAt(transition, context, event, skipInput).result;
}

/**
 * Why XState refused `event`. Without a transition for the event here it is the wrong status. Otherwise the
 * candidate that got furthest speaks (an admin without a remark hears "remark required", not that they are
 * not the creator); on a tie the last one, because machines list special cases (system, last approval)
 * first and the general user transition last.
 */
export function refusalReason(snapshot: AnyMachineSnapshot, event: MachineEvent): WorkflowRefusalCode {
  let code: WorkflowRefusalCode = 'wrongStatus';
  let furthest = -1;
  for (const transition of candidatesFor(snapshot, event.type)) {
    const { result, passed } = firstFailureAt(transition, snapshot.context as WorkflowContext, event);
    if (result !== null && result !== ROUTING && passed >= furthest) {
      code = result;
      furthest = passed;
    }
  }
  return code;
}

export function metaOf(transition: AnyTransitionDefinition): TransitionMeta {
  return transition.meta as TransitionMeta;
}

/** A machine's statuses (state keys), the pseudo-status before Create included. */
export function stateKeys(machine: AnyStateMachine): string[] {
  return Object.keys(machine.root.states);
}

/** Every transition of a machine, state by state, in config order. */
export function transitionsOf(machine: AnyStateMachine): { from: string; transition: AnyTransitionDefinition }[] {
  const rows: { from: string; transition: AnyTransitionDefinition }[] = [];
  for (const [from, node] of Object.entries(machine.root.states)) {
    for (const list of node.transitions.values()) {
      for (const transition of list) rows.push({ from, transition });
    }
  }
  return rows;
}

export function targetOf(transition: AnyTransitionDefinition): string {
  const target = transition.target?.[0];
  // Every machine transition has exactly one target; a targetless one would be a machine bug.
  if (!target) throw new Error(`transition ${transition.eventType} from ${transition.source.key} has no target`);
  return target.key;
}
