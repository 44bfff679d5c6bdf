// The documents a company's sections aggregate over: the live read model, or every document of the company
// (as buyer, seller or owner) as it stood at `asOf`, replayed once per report and shared by its sections.
import type { ReportQuery, ReportSources } from '../report-section.js';
import { rowsAsOf, rowsRelation } from '../report-rows.js';
import { documentReportRows, type DocumentReportRow } from './document-rows.js';

const replayed = new WeakMap<ReportQuery, Promise<DocumentReportRow[]>>();

async function rowsOfCompanyAsOf(query: ReportQuery, sources: ReportSources, asOf: Date): Promise<DocumentReportRow[]> {
  const streams = await sources.db.query<{ stream_id: string }>(
    `SELECT stream_id FROM report_documents WHERE created_at <= $2 AND (company_id = $1 OR buyer_company_id = $1 OR seller_company_id = $1)`,
    [query.companyId, asOf],
  );
  return rowsAsOf(
    documentReportRows,
    sources.store,
    streams.map((row) => row.stream_id),
    asOf,
  );
}

/** The FROM item for the company's documents (its SQL is `rows.sql`; its parameters come after `first - 1` others). */
export async function documentRelation(
  query: ReportQuery,
  sources: ReportSources,
  first: number,
): Promise<{ sql: string; params: unknown[] }> {
  if (!query.asOf) return rowsRelation(documentReportRows, null, first);
  let rows = replayed.get(query);
  if (!rows) {
    rows = rowsOfCompanyAsOf(query, sources, query.asOf);
    replayed.set(query, rows);
  }
  return rowsRelation(documentReportRows, await rows, first);
}
