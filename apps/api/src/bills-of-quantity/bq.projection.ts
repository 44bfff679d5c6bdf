// Read model of the bills of quantity: one row per project's BQ (its company, status, the amount its
// approval was asked for, when it started and its status last changed), for the company's flat list of
// BQs per status (§2.6's pending-approval, active, rejected pages). Row edits are not projected: the tree
// is read from the stream (bq-loader.ts), so a tree change costs no read-model write.
import type { WorkflowStatusChanged } from '@binaan/contracts';
import type { Projection, StoredEvent } from '@binaan/event-store';
import { BQ_STREAM_TYPE } from './bq.events.js';

export const billsOfQuantityProjection: Projection = {
  name: 'billsOfQuantity',
  eventTypes: ['BqStarted', 'WorkflowStatusChanged'],
  tables: ['bills_of_quantity'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS bills_of_quantity (
      project_id text PRIMARY KEY, company_id text NOT NULL, status text NOT NULL, amount numeric(15, 2),
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS bills_of_quantity_by_status ON bills_of_quantity (company_id, status, updated_at DESC, project_id);
    CREATE INDEX IF NOT EXISTS bills_of_quantity_by_update ON bills_of_quantity (company_id, updated_at DESC, project_id);`,
  inline: (events) =>
    events.some(
      (stored) => stored.streamType === BQ_STREAM_TYPE && (stored.type === 'BqStarted' || stored.type === 'WorkflowStatusChanged'),
    )
      ? null
      : [],
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== BQ_STREAM_TYPE) continue;
      const projectId = stored.streamId.slice(`${BQ_STREAM_TYPE}-`.length);
      const at = stored.metadata.recordedAt;
      if (stored.type === 'BqStarted') {
        const data = stored.data as { companyId: string };
        await db.query(
          `INSERT INTO bills_of_quantity (project_id, company_id, status, amount, created_at, updated_at, revision) VALUES ($1, $2, 'new', NULL, $3, $3, $4)
           ON CONFLICT (project_id) DO NOTHING`,
          [projectId, data.companyId, at, stored.revision],
        );
      } else if (stored.type === 'WorkflowStatusChanged') {
        const change = stored.data as unknown as WorkflowStatusChanged;
        await db.query(
          'UPDATE bills_of_quantity SET status = $2, amount = COALESCE($3, amount), updated_at = $4, revision = $5 WHERE project_id = $1',
          [projectId, change.statusAfter, change.amount === null ? null : change.amount.toFixed(2), at, stored.revision],
        );
      }
    }
  },
};
