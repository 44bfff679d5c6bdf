// The tendering reports' read model: the four row sources of tender-report-rows.ts, written by the same fold
// the reports replay for a past time, so `store rebuild` and a report as of now give the same rows. It reads
// the tendering context's and the tender document's events only, never their tables.
import type { Projection, StoredEvent, SqlExecutor } from '@binaan/event-store';
import { applyToRow, rowTableSql } from '../report-rows.js';
import { TENDER_REPORT_STREAM_TYPES, awardRows, invitationRows, quotationRows, tenderRows } from './tender-report-rows.js';

export const tenderReportsProjection: Projection = {
  name: 'tenderReports',
  eventTypes: [
    'DocumentDrafted',
    'DocumentEdited',
    'WorkflowStatusChanged',
    'TenderSellerInvited',
    'QuotationSubmitted',
    'QuotationRevised',
    'QuotationConfirmed',
    'TenderAwarded',
  ],
  tables: [tenderRows.table, invitationRows.table, quotationRows.table, awardRows.table],
  setupSql: `
    ${rowTableSql(tenderRows)}
    CREATE INDEX IF NOT EXISTS report_tenders_issued ON report_tenders (company_id, activated_at);
    ${rowTableSql(invitationRows)}
    CREATE INDEX IF NOT EXISTS report_tender_invitations_tender ON report_tender_invitations (tender_id);
    CREATE INDEX IF NOT EXISTS report_tender_invitations_sellers ON report_tender_invitations USING gin ((sellers::jsonb) jsonb_path_ops);
    ${rowTableSql(quotationRows)}
    CREATE INDEX IF NOT EXISTS report_tender_quotations_tender ON report_tender_quotations (tender_id, seller_company_id);
    ${rowTableSql(awardRows)}
    CREATE INDEX IF NOT EXISTS report_tender_awards_tender ON report_tender_awards (tender_id);`,
  // Other documents' and contexts' events need nothing here: they keep their one-round-trip append.
  inline: (events) => (events.some((stored) => TENDER_REPORT_STREAM_TYPES.has(stored.streamType)) ? null : []),
  async apply(events: readonly StoredEvent[], db: SqlExecutor) {
    for (const event of events) {
      if (event.streamType === 'tender') await applyToRow(tenderRows, event, db);
      else if (event.streamType === 'tenderInvitations') await applyToRow(invitationRows, event, db);
      else if (event.streamType === 'tenderQuotation') await applyToRow(quotationRows, event, db);
      else if (event.streamType === 'tenderAward') await applyToRow(awardRows, event, db);
    }
  },
};
