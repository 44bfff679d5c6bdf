// The progress planning context: a project's planned dates and percent complete per BQ row, its approval
// through the progressPlanning machine; writes as commands through the CommandBus, a handler each
// registered here. See the README.
import { Module } from '@nestjs/common';
import { BillsOfQuantityModule } from '../bills-of-quantity/bills-of-quantity.module.js';
import { PROGRESS_PLAN_COMMAND_HANDLERS } from './progress-plans-command.handlers.js';
import { ProgressPlansController } from './progress-plans.controller.js';
import { ProgressPlans } from './progress-plans.service.js';

@Module({
  imports: [BillsOfQuantityModule],
  controllers: [ProgressPlansController],
  providers: [...PROGRESS_PLAN_COMMAND_HANDLERS, ProgressPlans],
})
export class ProgressPlansModule {}
