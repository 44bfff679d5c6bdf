// The ongoing budget context: a project's budget per trade code (lines from the BQ's build-ups), what was
// committed and claimed against it, its approval through the ongoingBudget machine. See the README.
import { Module } from '@nestjs/common';
import { BillsOfQuantityModule } from '../bills-of-quantity/bills-of-quantity.module.js';
import { BudgetsController } from './budgets.controller.js';
import { Budgets } from './budgets.service.js';

@Module({
  imports: [BillsOfQuantityModule],
  controllers: [BudgetsController],
  providers: [Budgets],
})
export class BudgetsModule {}
