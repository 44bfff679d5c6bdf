// What the viewing company knows of some companies from its own appraisals that stand: count, average, latest.
// Read by primary key from the summaries the projection keeps, so a picker's page costs one indexed read. Only the
// appraising company's own rows: appraisals are its internal judgement (README.md, "Who sees an appraisal").
import { hasAnyAccessRight, type VendorAppraisalSummary } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import type { Principal } from '../common/principal.js';

type SummaryRow = {
  vendor_id: string;
  standing: number | string;
  score_sum: number | string;
  latest_id: string | null;
  latest_percent: number | string | null;
  latest_at: Date | string | null;
};

export const EMPTY_SUMMARY: VendorAppraisalSummary = { count: 0, average: null, latest: null };

export function summaryOf(row: SummaryRow | undefined): VendorAppraisalSummary {
  const count = Number(row?.standing ?? 0);
  if (!row || count <= 0) return EMPTY_SUMMARY;
  return {
    count,
    average: Math.round((Number(row.score_sum) / count) * 100) / 100,
    latest: row.latest_id
      ? { id: row.latest_id, scorePercent: Number(row.latest_percent), appraisedAt: new Date(row.latest_at!).toISOString() }
      : null,
  };
}

/** The appraising company's summary per vendor id (every id asked answered, empty where none stands). */
export async function appraisalSummaries(
  db: SqlExecutor,
  companyId: string,
  vendorIds: readonly string[],
): Promise<Map<string, VendorAppraisalSummary>> {
  const found = new Map<string, VendorAppraisalSummary>(vendorIds.map((id) => [id, EMPTY_SUMMARY]));
  if (vendorIds.length === 0) return found;
  const rows = await db.query<SummaryRow>(
    `SELECT vendor_id, standing, score_sum, latest_id, latest_percent, latest_at FROM vendor_appraisal_summaries
     WHERE company_id = $1 AND vendor_id = ANY($2::text[])`,
    [companyId, [...vendorIds]],
  );
  for (const row of rows) found.set(row.vendor_id, summaryOf(row));
  return found;
}

/** Whether this caller reads its company's appraisals (pickers add the summaries only then). */
export const readsAppraisals = (principal: Principal) =>
  principal.companyId !== null && hasAnyAccessRight(principal.accessRights, 'vendorManagement.view', 'vendorManagement.update');
