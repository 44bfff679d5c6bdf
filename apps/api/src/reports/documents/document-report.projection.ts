// The reports' read model of documents (`report_documents`), fed in the append's transaction by the same
// fold the reports as of a past time replay (document-rows.ts). Indexes: one per way the sections narrow it
// (the buyer's commitments by time, the seller's documents, the owner's documents by creation).
import type { Projection } from '@binaan/event-store';
import { applyToRow, rowTableSql } from '../report-rows.js';
import { documentReportRows, isReportedKind } from './document-rows.js';

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
};
