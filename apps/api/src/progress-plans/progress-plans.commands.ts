// The progress planning context's commands (house style: imperative names), sent through the CQRS
// CommandBus by ProgressPlansController; a handler each (progress-plans-command.handlers.ts) reads the path
// and the raw body (progress-plan-input.ts, bq-input.ts) and hands the result to ProgressPlans, where the
// checks and the decisions live. The path's ids, the raw body and If-Match travel as the route got them.
import { Command } from '@nestjs/cqrs';
import type { Principal } from '../common/principal.js';
import type { Resolved } from '../common/command-result.js';
import type { ProgressPlans } from './progress-plans.service.js';

/** Start the project's progress plan (its rows are the BQ's), pending approval. */
export class StartProgressPlan extends Command<Resolved<ProgressPlans['start']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
  ) {
    super();
  }
}

/** A BQ row's planned dates and / or percent complete. */
export class PlanProgressRow extends Command<Resolved<ProgressPlans['plan']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly nodeId: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** One progressPlanning machine event (Approve, Reject, Resubmit, Reopen) on the project's plan. */
export class ActOnProgressPlan extends Command<Resolved<ProgressPlans['act']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly event: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}
