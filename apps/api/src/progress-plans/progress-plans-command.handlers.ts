// A handler per progress planning command (the design card's @nestjs/cqrs). Each reads the path and the
// raw body as the route did before the bus (same checks, same order, so the same refusal wins) and hands
// the result to the write model, ProgressPlans, with the revision it was made on.
import { refusal, invalidFields } from '../common/refusal.js';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { baseRevision, bodyOf } from '../bills-of-quantity/bq-input.js';
import { isUuid } from '../common/uuid.js';
import { planProject, rowOf } from './progress-plan-input.js';
import { ActOnProgressPlan, PlanProgressRow, StartProgressPlan } from './progress-plans.commands.js';
import { ProgressPlans } from './progress-plans.service.js';

@CommandHandler(StartProgressPlan)
export class StartProgressPlanHandler implements ICommandHandler<StartProgressPlan> {
  constructor(private readonly plans: ProgressPlans) {}
  execute({ principal, projectId }: StartProgressPlan) {
    return this.plans.start(principal, planProject(projectId));
  }
}

@CommandHandler(PlanProgressRow)
export class PlanProgressRowHandler implements ICommandHandler<PlanProgressRow> {
  constructor(private readonly plans: ProgressPlans) {}
  execute({ principal, projectId, nodeId, body: raw, ifMatch }: PlanProgressRow) {
    const body = bodyOf(raw);
    if (!isUuid(nodeId)) throw refusal(404, 'progressNodeNotFound', 'No such row in the bill of quantity.');
    return this.plans.plan(principal, planProject(projectId), rowOf(nodeId, body), baseRevision(body, ifMatch));
  }
}

@CommandHandler(ActOnProgressPlan)
export class ActOnProgressPlanHandler implements ICommandHandler<ActOnProgressPlan> {
  constructor(private readonly plans: ProgressPlans) {}
  execute({ principal, projectId, event, body: raw, ifMatch }: ActOnProgressPlan) {
    const body = bodyOf(raw);
    if (body.remark !== undefined && (typeof body.remark !== 'string' || body.remark.length > 2000))
      throw invalidFields({ remark: ['must be text of at most 2000 characters'] });
    return this.plans.act(
      principal,
      planProject(projectId),
      event,
      typeof body.remark === 'string' ? body.remark.trim() : undefined,
      baseRevision(body, ifMatch),
    );
  }
}

export const PROGRESS_PLAN_COMMAND_HANDLERS = [StartProgressPlanHandler, PlanProgressRowHandler, ActOnProgressPlanHandler];
