// Read model of the progress plans: one row per project's plan (company, status, times), for the
// company's flat lists per status (§2.6's pending, approved, rejected pages). Rows are read from the
// stream, so planning a row writes no read model.
import { projectPlanProjection } from '../common/project-plan-projection.js';
import { PROGRESS_STREAM_TYPE } from './progress-plan.events.js';

export const progressPlansProjection = projectPlanProjection({
  name: 'progressPlans',
  table: 'progress_plans',
  streamType: PROGRESS_STREAM_TYPE,
  startedType: 'ProgressPlanStarted',
});
