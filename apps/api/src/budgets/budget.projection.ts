// Read model of the ongoing budgets: one row per project's budget (company, status, times), for the
// company's flat lists per status (§2.6's pending, approved, rejected pages). Lines are read from the
// stream (a budget is tens of events), so a line change writes no read model.
import { projectPlanProjection } from '../common/project-plan-projection.js';
import { BUDGET_STREAM_TYPE } from './budget.events.js';

export const ongoingBudgetsProjection = projectPlanProjection({
  name: 'ongoingBudgets',
  table: 'ongoing_budgets',
  streamType: BUDGET_STREAM_TYPE,
  startedType: 'BudgetStarted',
});
