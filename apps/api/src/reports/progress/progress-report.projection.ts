// The developer report's read model: the progress plans' and the project names' rows (progress-report-rows.ts),
// written by the fold the report replays for a past time, so `store rebuild` and a report as of now agree.
import type { Projection, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { PROGRESS_STREAM_TYPE } from '../../progress-plans/progress-plan.events.js';
import { applyToRow, rowTableSql } from '../report-rows.js';
import { PROJECT_STREAM_TYPE, progressRows, projectNameRows } from './progress-report-rows.js';

export const progressReportProjection: Projection = {
  name: 'progressReport',
  eventTypes: ['ProgressPlanStarted', 'ProgressPlanned', 'ProgressRecorded', 'ProjectCreated', 'ProjectEdited'],
  tables: [progressRows.table, projectNameRows.table],
  setupSql: `
    ${rowTableSql(progressRows)}
    CREATE INDEX IF NOT EXISTS report_progress_plans_company ON report_progress_plans (company_id, project_id);
    ${rowTableSql(projectNameRows)}
    CREATE INDEX IF NOT EXISTS report_project_names_project ON report_project_names (project_id);`,
  inline: (events) =>
    events.some((stored) => stored.streamType === PROGRESS_STREAM_TYPE || stored.streamType === PROJECT_STREAM_TYPE) ? null : [],
  async apply(events: readonly StoredEvent[], db: SqlExecutor) {
    for (const event of events) {
      if (event.streamType === PROGRESS_STREAM_TYPE) await applyToRow(progressRows, event, db);
      else if (event.streamType === PROJECT_STREAM_TYPE) await applyToRow(projectNameRows, event, db);
    }
  },
};
