// A handler per ongoing budget command (the design card's @nestjs/cqrs). Each reads the path and the raw
// body as the route did before the bus (same checks, same order, so the same refusal wins) and hands the
// decider's command to the write model, Budgets, with the revision it was made on.
import { invalidFields } from '../common/refusal.js';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { baseRevision, bodyOf, text } from '../bills-of-quantity/bq-input.js';
import type { BudgetLineValues } from './budget.events.js';
import { budgetProject, lineValues } from './budget-input.js';
import { ActOnBudget, AddBudgetLine, AllocateBudgetDocument, RemoveBudgetLine, StartBudget, UpdateBudgetLine } from './budgets.commands.js';
import { Budgets } from './budgets.service.js';

@CommandHandler(StartBudget)
export class StartBudgetHandler implements ICommandHandler<StartBudget> {
  constructor(private readonly budgets: Budgets) {}
  execute({ principal, projectId }: StartBudget) {
    return this.budgets.start(principal, budgetProject(projectId));
  }
}

@CommandHandler(AddBudgetLine)
export class AddBudgetLineHandler implements ICommandHandler<AddBudgetLine> {
  constructor(private readonly budgets: Budgets) {}
  execute({ principal, projectId, body: raw, ifMatch }: AddBudgetLine) {
    const body = bodyOf(raw);
    return this.budgets.change(
      principal,
      budgetProject(projectId),
      { type: 'addLine', lineId: randomUUID(), values: lineValues(body, true) as BudgetLineValues },
      baseRevision(body, ifMatch),
    );
  }
}

@CommandHandler(UpdateBudgetLine)
export class UpdateBudgetLineHandler implements ICommandHandler<UpdateBudgetLine> {
  constructor(private readonly budgets: Budgets) {}
  execute({ principal, projectId, lineId, body: raw, ifMatch }: UpdateBudgetLine) {
    const body = bodyOf(raw);
    return this.budgets.change(
      principal,
      budgetProject(projectId),
      { type: 'updateLine', lineId, changes: lineValues(body, false) },
      baseRevision(body, ifMatch),
    );
  }
}

@CommandHandler(RemoveBudgetLine)
export class RemoveBudgetLineHandler implements ICommandHandler<RemoveBudgetLine> {
  constructor(private readonly budgets: Budgets) {}
  execute({ principal, projectId, lineId, ifMatch }: RemoveBudgetLine) {
    return this.budgets.change(principal, budgetProject(projectId), { type: 'removeLine', lineId }, baseRevision({}, ifMatch));
  }
}

@CommandHandler(AllocateBudgetDocument)
export class AllocateBudgetDocumentHandler implements ICommandHandler<AllocateBudgetDocument> {
  constructor(private readonly budgets: Budgets) {}
  execute({ principal, projectId, documentId, body: raw, ifMatch }: AllocateBudgetDocument) {
    const body = bodyOf(raw);
    const code = body.code === null || body.code === '' ? null : text(body, 'code', 40, true);
    return this.budgets.change(principal, budgetProject(projectId), { type: 'allocate', documentId, code }, baseRevision(body, ifMatch));
  }
}

@CommandHandler(ActOnBudget)
export class ActOnBudgetHandler implements ICommandHandler<ActOnBudget> {
  constructor(private readonly budgets: Budgets) {}
  execute({ principal, projectId, event, body: raw, ifMatch }: ActOnBudget) {
    const body = bodyOf(raw);
    if (body.remark !== undefined && (typeof body.remark !== 'string' || body.remark.length > 2000))
      throw invalidFields({ remark: ['must be text of at most 2000 characters'] });
    const remark = typeof body.remark === 'string' ? body.remark.trim() : undefined;
    return this.budgets.act(principal, budgetProject(projectId), event, remark, baseRevision(body, ifMatch));
  }
}

export const BUDGET_COMMAND_HANDLERS = [
  StartBudgetHandler,
  AddBudgetLineHandler,
  UpdateBudgetLineHandler,
  RemoveBudgetLineHandler,
  AllocateBudgetDocumentHandler,
  ActOnBudgetHandler,
];
