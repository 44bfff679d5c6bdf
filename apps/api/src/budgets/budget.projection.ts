// Read model of the ongoing budgets: one row per project's budget (company, status, times), for the
// company's flat lists per status (§2.6's pending, approved, rejected pages). Lines are read from the
// stream (a budget is tens of events), so a line change writes no read model.
import type { WorkflowStatusChanged } from '@binaan/contracts';
import type { Projection, StoredEvent } from '@binaan/event-store';
import { BUDGET_STREAM_TYPE } from './budget.events.js';

export const ongoingBudgetsProjection: Projection = {
  name: 'ongoingBudgets',
  eventTypes: ['BudgetStarted', 'WorkflowStatusChanged'],
  tables: ['ongoing_budgets'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS ongoing_budgets (
      project_id text PRIMARY KEY, company_id text NOT NULL, status text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS ongoing_budgets_by_status ON ongoing_budgets (company_id, status, updated_at DESC, project_id);
    CREATE INDEX IF NOT EXISTS ongoing_budgets_by_update ON ongoing_budgets (company_id, updated_at DESC, project_id);`,
  inline: (events) => (events.some((stored) => stored.streamType === BUDGET_STREAM_TYPE) ? null : []),
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== BUDGET_STREAM_TYPE) continue;
      const projectId = stored.streamId.slice(`${BUDGET_STREAM_TYPE}-`.length);
      const at = stored.metadata.recordedAt;
      if (stored.type === 'BudgetStarted') {
        await db.query(
          `INSERT INTO ongoing_budgets (project_id, company_id, status, created_at, updated_at, revision) VALUES ($1, $2, 'pending', $3, $3, $4) ON CONFLICT (project_id) DO NOTHING`,
          [projectId, (stored.data as { companyId: string }).companyId, at, stored.revision],
        );
      } else if (stored.type === 'WorkflowStatusChanged') {
        const change = stored.data as unknown as WorkflowStatusChanged;
        await db.query('UPDATE ongoing_budgets SET status = $2, updated_at = $3, revision = $4 WHERE project_id = $1', [projectId, change.statusAfter, at, stored.revision]);
      }
    }
  },
};
