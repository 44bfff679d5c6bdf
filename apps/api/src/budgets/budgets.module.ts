// The ongoing budget context: a project's budget per trade code (lines from the BQ's build-ups), what was
// committed and claimed against it, its approval through the ongoingBudget machine; writes as commands
// through the CommandBus, a handler each registered here. See the README.
import { Module } from '@nestjs/common';
import { BillsOfQuantityModule } from '../bills-of-quantity/bills-of-quantity.module.js';
import { BUDGET_COMMAND_HANDLERS } from './budgets-command.handlers.js';
import { BudgetsController } from './budgets.controller.js';
import { Budgets } from './budgets.service.js';

@Module({
  imports: [BillsOfQuantityModule],
  controllers: [BudgetsController],
  providers: [...BUDGET_COMMAND_HANDLERS, Budgets],
})
export class BudgetsModule {}
