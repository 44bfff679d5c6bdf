// The read model of a project's plan (its budget, its progress plan): one row per project (company,
// status, times) for the company's flat lists per status, an index per offered order. The plan's own
// content is read from its stream, so only its start and its status changes write here.
import type { WorkflowStatusChanged } from '@binaan/contracts';
import type { Projection, StoredEvent } from '@binaan/event-store';

export function projectPlanProjection(plan: { name: string; table: string; streamType: string; startedType: string }): Projection {
  const { table, streamType } = plan;
  return {
    name: plan.name,
    eventTypes: [plan.startedType, 'WorkflowStatusChanged'],
    tables: [table],
    setupSql: `
    CREATE TABLE IF NOT EXISTS ${table} (
      project_id text PRIMARY KEY, company_id text NOT NULL, status text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS ${table}_by_status ON ${table} (company_id, status, updated_at DESC, project_id);
    CREATE INDEX IF NOT EXISTS ${table}_by_update ON ${table} (company_id, updated_at DESC, project_id);`,
    inline: (events) => (events.some((stored) => stored.streamType === streamType) ? null : []),
    async apply(events: readonly StoredEvent[], db) {
      for (const stored of events) {
        if (stored.streamType !== streamType) continue;
        const projectId = stored.streamId.slice(`${streamType}-`.length);
        const at = stored.metadata.recordedAt;
        if (stored.type === plan.startedType) {
          await db.query(
            `INSERT INTO ${table} (project_id, company_id, status, created_at, updated_at, revision) VALUES ($1, $2, 'pending', $3, $3, $4) ON CONFLICT (project_id) DO NOTHING`,
            [projectId, (stored.data as { companyId: string }).companyId, at, stored.revision],
          );
        } else if (stored.type === 'WorkflowStatusChanged') {
          const change = stored.data as unknown as WorkflowStatusChanged;
          await db.query(`UPDATE ${table} SET status = $2, updated_at = $3, revision = $4 WHERE project_id = $1`, [
            projectId,
            change.statusAfter,
            at,
            stored.revision,
          ]);
        }
      }
    },
  };
}
