// The reports' read model of documents (`report_documents`), fed in the append's transaction by the same
// fold the reports as of a past time replay (document-rows.ts). Indexes: one per way the sections narrow it
// (the buyer's commitments by time, the seller's documents, the owner's documents by creation).
import type { InlineStatement, Projection, StoredEvent } from '@binaan/event-store';
import type { WorkflowStatusChanged } from '@binaan/contracts';
import { isSharedStatus } from '../../documents/document-rules.js';
import { applyToRow, rowTableSql } from '../report-rows.js';
import { documentReportRows, isReportedKind, REPORTED_KINDS, type ReportedKind } from './document-rows.js';

export const documentReportsProjection: Projection = {
  name: 'report-documents',
  eventTypes: ['DocumentDrafted', 'DocumentEdited', 'WorkflowStatusChanged'],
  tables: ['report_documents'],
  setupSql: `
    ${rowTableSql(documentReportRows)}
    CREATE INDEX IF NOT EXISTS report_documents_by_buyer ON report_documents (buyer_company_id, committed_at);
    CREATE INDEX IF NOT EXISTS report_documents_by_seller ON report_documents (seller_company_id, created_at);
    CREATE INDEX IF NOT EXISTS report_documents_by_owner ON report_documents (company_id, created_at);`,
  async apply(events, db) {
    for (const event of events) if (isReportedKind(event.streamType)) await applyToRow(documentReportRows, event, db);
  },
  // A workflow action (one status event) that neither opens nor fills an approval round rides in the
  // append's own statement on PostgreSQL, as the documents' own read model does: the fold's writes as one
  // UPDATE (each "first time" kept by its CASE, an open round ended with its waits). Events that open or
  // fill a round, and drafts and edits, take the transaction and the fold itself.
  inline(events) {
    const [stored] = events;
    if (events.length !== 1 || !stored || stored.type !== 'WorkflowStatusChanged') return null;
    if (!isReportedKind(stored.streamType)) return [];
    const change = stored.data as unknown as WorkflowStatusChanged;
    if (change.workflowEvent === 'Create' || change.requiredLevels !== null || change.approvalLevel !== null) return null;
    return [statusUpdate(stored, stored.streamType, change)];
  },
};

/** The fold of a status event that touches no round but may end one (document-rows.ts, withApproval), as SQL. */
function statusUpdate(stored: StoredEvent, resource: ReportedKind, change: WorkflowStatusChanged): InlineStatement {
  const kind = REPORTED_KINDS[resource];
  const outcome = change.workflowEvent === 'Cancel' ? 'cancelled' : 'rejected';
  return {
    text: `UPDATE report_documents SET
             status = $2::text,
             status_since = CASE WHEN status = $2::text THEN status_since ELSE $3::timestamptz END,
             shared_at = CASE WHEN shared_at IS NULL AND $4::boolean THEN $3::timestamptz ELSE shared_at END,
             committed_at = CASE WHEN committed_at IS NULL AND $2::text = $5::text THEN $3::timestamptz ELSE committed_at END,
             completed_at = CASE WHEN completed_at IS NULL AND $2::text = $6::text THEN $3::timestamptz ELSE completed_at END,
             approval_waits = CASE WHEN approval_round IS NULL THEN approval_waits ELSE
               (SELECT coalesce(jsonb_agg(CASE WHEN w->'until' = 'null'::jsonb THEN w || jsonb_build_object('until', $7::text, 'outcome', $8::text) ELSE w END ORDER BY i), '[]'::jsonb)
                  FROM jsonb_array_elements(approval_waits) WITH ORDINALITY AS e(w, i)) END,
             approval_round = NULL
           WHERE stream_id = $1 AND EXISTS (SELECT 1 FROM appended)`,
    params: [
      stored.streamId,
      change.statusAfter,
      stored.metadata.recordedAt,
      isSharedStatus(resource, change.machineVersion, change.statusAfter),
      kind.committed,
      kind.completed,
      stored.metadata.recordedAt,
      outcome,
    ],
  };
}
