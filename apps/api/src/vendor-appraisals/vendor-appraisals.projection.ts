// Read models of vendor appraisals, fed in the append's transaction:
// - `vendor_appraisals`: a row per appraisal (withdrawn ones kept, marked), read newest first by the position in the
//   log, one index for the company's list and one for a vendor's history (company, vendor, position);
// - `vendor_appraisal_summaries`: per appraising company and vendor, the standing appraisals' count, score sum and
//   latest, so a picker of twenty companies reads twenty rows by primary key.
import type { Projection, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { VENDOR_APPRAISAL_EVENT_TYPES, VENDOR_APPRAISAL_STREAM_TYPE, type VendorAppraisalEvent } from './vendor-appraisal.events.js';

/** The summary's latest from the rows (after a withdrawal, the newest appraisal that stands). */
async function refreshLatest(db: SqlExecutor, companyId: string, vendorId: string) {
  await db.query(
    `UPDATE vendor_appraisal_summaries SET (latest_id, latest_percent, latest_at) = (
       SELECT appraisal_id, score_percent, appraised_at FROM vendor_appraisals
       WHERE company_id = $1 AND vendor_id = $2 AND status = 'recorded' ORDER BY position DESC LIMIT 1)
     WHERE company_id = $1 AND vendor_id = $2`,
    [companyId, vendorId],
  );
}

export const vendorAppraisalsProjection: Projection = {
  name: 'vendorAppraisals',
  eventTypes: VENDOR_APPRAISAL_EVENT_TYPES,
  tables: ['vendor_appraisals', 'vendor_appraisal_summaries'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS vendor_appraisals (
      appraisal_id text PRIMARY KEY, position bigint NOT NULL, company_id text NOT NULL, vendor_id text NOT NULL,
      questionnaire_id text NOT NULL, questionnaire_name text NOT NULL, score_percent numeric(5,2) NOT NULL, remark text,
      project_id text, project_name text, document_id text, document_no text, status text NOT NULL,
      appraised_at timestamptz NOT NULL, appraised_by text NOT NULL, withdrawn_at timestamptz, withdrawn_by text, withdraw_reason text,
      revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS vendor_appraisals_by_company ON vendor_appraisals (company_id, position);
    CREATE INDEX IF NOT EXISTS vendor_appraisals_by_vendor ON vendor_appraisals (company_id, vendor_id, position);
    CREATE TABLE IF NOT EXISTS vendor_appraisal_summaries (
      company_id text NOT NULL, vendor_id text NOT NULL, standing integer NOT NULL, score_sum numeric(12,2) NOT NULL,
      latest_id text, latest_percent numeric(5,2), latest_at timestamptz, PRIMARY KEY (company_id, vendor_id));`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== VENDOR_APPRAISAL_STREAM_TYPE) continue;
      const event = { type: stored.type, data: stored.data } as VendorAppraisalEvent;
      const at = stored.metadata.recordedAt;
      if (event.type === 'VendorAppraised') {
        const a = event.data;
        const inserted = await db.query(
          `INSERT INTO vendor_appraisals (appraisal_id, position, company_id, vendor_id, questionnaire_id, questionnaire_name, score_percent,
             remark, project_id, project_name, document_id, document_no, status, appraised_at, appraised_by, revision)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'recorded', $13, $14, $15)
           ON CONFLICT (appraisal_id) DO NOTHING RETURNING appraisal_id`,
          [
            a.appraisalId,
            stored.globalPosition,
            a.companyId,
            a.vendorId,
            a.questionnaire.id,
            a.questionnaire.name,
            a.scorePercent,
            a.remark,
            a.concerns.project?.id ?? null,
            a.concerns.project?.name ?? null,
            a.concerns.document?.id ?? null,
            a.concerns.document?.documentNo ?? null,
            at,
            a.appraisedBy,
            stored.revision,
          ],
        );
        if (inserted.length === 0) continue;
        await db.query(
          `INSERT INTO vendor_appraisal_summaries (company_id, vendor_id, standing, score_sum, latest_id, latest_percent, latest_at)
           VALUES ($1, $2, 1, $3, $4, $3, $5)
           ON CONFLICT (company_id, vendor_id) DO UPDATE SET standing = vendor_appraisal_summaries.standing + 1,
             score_sum = vendor_appraisal_summaries.score_sum + $3, latest_id = $4, latest_percent = $3, latest_at = $5`,
          [a.companyId, a.vendorId, a.scorePercent, a.appraisalId, at],
        );
      } else if (event.type === 'VendorAppraisalWithdrawn') {
        const w = event.data;
        const [row] = await db.query<{ vendor_id: string; score_percent: string | number }>(
          `UPDATE vendor_appraisals SET status = 'withdrawn', withdrawn_at = $2, withdrawn_by = $3, withdraw_reason = $4, revision = $5
           WHERE appraisal_id = $1 AND status = 'recorded' RETURNING vendor_id, score_percent`,
          [w.appraisalId, at, w.withdrawnBy, w.reason, stored.revision],
        );
        if (!row) continue;
        await db.query(
          `UPDATE vendor_appraisal_summaries SET standing = standing - 1, score_sum = score_sum - $3 WHERE company_id = $1 AND vendor_id = $2`,
          [w.companyId, row.vendor_id, row.score_percent],
        );
        await refreshLatest(db, w.companyId, row.vendor_id);
      }
    }
  },
};
