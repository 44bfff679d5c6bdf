// Read model of the progress plans: one row per project's plan (company, status, times), for the
// company's flat lists per status (§2.6's pending, approved, rejected pages). Rows are read from the
// stream, so planning a row writes no read model.
import type { WorkflowStatusChanged } from '@binaan/contracts';
import type { Projection, StoredEvent } from '@binaan/event-store';
import { PROGRESS_STREAM_TYPE } from './progress-plan.events.js';

export const progressPlansProjection: Projection = {
  name: 'progressPlans',
  eventTypes: ['ProgressPlanStarted', 'WorkflowStatusChanged'],
  tables: ['progress_plans'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS progress_plans (
      project_id text PRIMARY KEY, company_id text NOT NULL, status text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS progress_plans_by_status ON progress_plans (company_id, status, updated_at DESC, project_id);
    CREATE INDEX IF NOT EXISTS progress_plans_by_update ON progress_plans (company_id, updated_at DESC, project_id);`,
  inline: (events) => (events.some((stored) => stored.streamType === PROGRESS_STREAM_TYPE) ? null : []),
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== PROGRESS_STREAM_TYPE) continue;
      const projectId = stored.streamId.slice(`${PROGRESS_STREAM_TYPE}-`.length);
      const at = stored.metadata.recordedAt;
      if (stored.type === 'ProgressPlanStarted') {
        await db.query(
          `INSERT INTO progress_plans (project_id, company_id, status, created_at, updated_at, revision) VALUES ($1, $2, 'pending', $3, $3, $4) ON CONFLICT (project_id) DO NOTHING`,
          [projectId, (stored.data as { companyId: string }).companyId, at, stored.revision],
        );
      } else if (stored.type === 'WorkflowStatusChanged') {
        const change = stored.data as unknown as WorkflowStatusChanged;
        await db.query('UPDATE progress_plans SET status = $2, updated_at = $3, revision = $4 WHERE project_id = $1', [projectId, change.statusAfter, at, stored.revision]);
      }
    }
  },
};
