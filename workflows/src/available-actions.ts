import type { WorkflowEventName, WorkflowResource } from '@binaan/contracts';
import { resolveDocument } from './decide.js';
import { firstFailure, metaOf } from './transitions.js';
import { getNextTransitions } from 'xstate';
import type { Actor, AvailableAction, MachineEvent, WorkflowContext, WorkflowState } from './types.js';

/**
 * The events this actor may send now, one per event, with its label key and the fields the command must
 * carry. Guards on those fields (remark, amount and its limit) are left to `decide`: the user has not typed
 * them yet. `state` null lists what may create a new document.
 */
export function availableActions<R extends WorkflowResource>(resource: R, state: WorkflowState<R> | null, actor: Actor): AvailableAction[] {
  const resolved = resolveDocument(resource, state);
  if (!resolved.ok) return [];
  const { snapshot } = resolved;
  const context = snapshot.context as WorkflowContext;
  const actions: AvailableAction[] = [];
  const seen = new Set<string>();
  for (const transition of getNextTransitions(snapshot)) {
    const type = transition.eventType as WorkflowEventName;
    if (seen.has(type)) continue;
    const probe: MachineEvent = { type, at: '', actor };
    if (firstFailure(transition, context, probe, true) !== null) continue;
    seen.add(type);
    const meta = metaOf(transition);
    actions.push({ event: type, labelKey: meta.labelKey, requiredFields: meta.requiredFields });
  }
  return actions;
}
