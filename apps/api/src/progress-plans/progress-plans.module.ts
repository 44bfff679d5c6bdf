// The progress planning context: a project's planned dates and percent complete per BQ row, its approval
// through the progressPlanning machine. See the README.
import { Module } from '@nestjs/common';
import { BillsOfQuantityModule } from '../bills-of-quantity/bills-of-quantity.module.js';
import { ProgressPlansController } from './progress-plans.controller.js';
import { ProgressPlans } from './progress-plans.service.js';

@Module({
  imports: [BillsOfQuantityModule],
  controllers: [ProgressPlansController],
  providers: [ProgressPlans],
})
export class ProgressPlansModule {}
