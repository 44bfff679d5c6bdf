// The BQ scan list (§2.6 /project/{projectId}/bill-of-quantity-scan-list): one row per scan with its
// status, fed in the append's transaction. Newest first per project, one index serving the list and its
// status filter.
import type { Projection, StoredEvent } from '@binaan/event-store';
import { BQ_SCAN_STREAM_TYPE, type BqScanImported, type BqScanRead, type BqScanRowsEdited, type BqScanUploaded } from './bq-scan.events.js';

const STATUS_AFTER: Record<string, string> = {
  BqScanRead: 'pendingReview',
  BqScanFailed: 'failed',
  BqScanImported: 'imported',
  BqScanDiscarded: 'discarded',
};

export const bqScansProjection: Projection = {
  name: 'bq-scans',
  eventTypes: ['BqScanUploaded', 'BqScanRead', 'BqScanFailed', 'BqScanRowsEdited', 'BqScanImported', 'BqScanDiscarded'],
  tables: ['bq_scans'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS bq_scans (
      scan_id text PRIMARY KEY, project_id text NOT NULL, company_id text NOT NULL, file_name text NOT NULL, media_type text NOT NULL,
      status text NOT NULL, pages integer NOT NULL DEFAULT 0, row_count integer NOT NULL DEFAULT 0, problem_count integer NOT NULL DEFAULT 0,
      imported_to text, uploaded_by text, uploaded_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS bq_scans_by_project ON bq_scans (project_id, uploaded_at DESC, scan_id);
    CREATE INDEX IF NOT EXISTS bq_scans_by_project_status ON bq_scans (project_id, status, uploaded_at DESC, scan_id);`,
  inline: (events) => (events.some((stored) => stored.streamType === BQ_SCAN_STREAM_TYPE) ? null : []),
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== BQ_SCAN_STREAM_TYPE) continue;
      const scanId = stored.streamId.slice('bq-scan-'.length);
      const at = stored.metadata.recordedAt;
      if (stored.type === 'BqScanUploaded') {
        const u = stored.data as unknown as BqScanUploaded;
        await db.query(
          `INSERT INTO bq_scans (scan_id, project_id, company_id, file_name, media_type, status, uploaded_by, uploaded_at, updated_at, revision)
           VALUES ($1, $2, $3, $4, $5, 'reading', $6, $7, $7, $8) ON CONFLICT (scan_id) DO NOTHING`,
          [scanId, u.projectId, u.companyId, u.fileName, u.mediaType, stored.metadata.actorUserId ?? null, at, stored.revision],
        );
        continue;
      }
      const rows =
        stored.type === 'BqScanRead' || stored.type === 'BqScanRowsEdited'
          ? (stored.data as unknown as BqScanRead | BqScanRowsEdited).rows
          : null;
      await db.query(
        `UPDATE bq_scans SET status = coalesce($2, status), pages = coalesce($3, pages), row_count = coalesce($4, row_count), problem_count = coalesce($5, problem_count),
           imported_to = coalesce($6, imported_to), updated_at = $7, revision = $8 WHERE scan_id = $1`,
        [
          scanId,
          STATUS_AFTER[stored.type] ?? null,
          stored.type === 'BqScanRead' ? (stored.data as unknown as BqScanRead).pages : null,
          rows ? rows.length : null,
          rows ? rows.filter((r) => r.problems.length > 0).length : null,
          stored.type === 'BqScanImported' ? (stored.data as unknown as BqScanImported).tab : null,
          at,
          stored.revision,
        ],
      );
    }
  },
};
