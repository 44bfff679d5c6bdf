// The ongoing budget context's commands (house style: imperative names), sent through the CQRS CommandBus
// by BudgetsController; a handler each (budgets-command.handlers.ts) reads the path and the raw body
// (budget-input.ts, bq-input.ts) and hands the result to Budgets, where the checks and the decisions live.
// The path's ids, the raw body and If-Match travel as the route got them.
import { Command } from '@nestjs/cqrs';
import type { Principal } from '../common/principal.js';
import type { Resolved } from '../common/command-result.js';
import type { Budgets } from './budgets.service.js';

/** Start the project's budget from its BQ's build-ups (a line per trade code), pending approval. */
export class StartBudget extends Command<Resolved<Budgets['start']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
  ) {
    super();
  }
}

export class AddBudgetLine extends Command<Resolved<Budgets['change']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

export class UpdateBudgetLine extends Command<Resolved<Budgets['change']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly lineId: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** The route takes no body: only If-Match names the revision. */
export class RemoveBudgetLine extends Command<Resolved<Budgets['change']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly lineId: string,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** Count an order or claim of the project under a trade code ({ code }, null: unallocated). */
export class AllocateBudgetDocument extends Command<Resolved<Budgets['change']>> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
    readonly documentId: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** One ongoingBudget machine event (Approve, Reject, Resubmit, Reopen) on the project's budget. */
export class ActOnBudget extends Command<Resolved<Budgets['act']>> {
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
