import { WorkflowRefusalHttpStatus, type WorkflowResource } from '@binaan/contracts';
import { decide } from './decide.js';
import type { Actor, WorkflowCommand, WorkflowRefusal, WorkflowState } from './types.js';

/** A refusal as an exception, for handlers that prefer throwing; carries the HTTP status the api answers. */
export class WorkflowRefusedError extends Error {
  override readonly name = 'WorkflowRefusedError';
  readonly httpStatus: number;
  constructor(readonly refusal: WorkflowRefusal) {
    super(`${refusal.resource} ${refusal.event} from ${String(refusal.status)}: ${refusal.code}`);
    this.httpStatus = WorkflowRefusalHttpStatus[refusal.code];
  }
}

/** `decide`, throwing WorkflowRefusedError on a refusal. */
export function decideOrThrow<R extends WorkflowResource>(
  resource: R,
  state: WorkflowState<R> | null,
  command: WorkflowCommand,
  actor: Actor,
) {
  const decision = decide(resource, state, command, actor);
  if (!decision.ok) throw new WorkflowRefusedError(decision.refusal);
  return { state: decision.state, event: decision.event };
}
