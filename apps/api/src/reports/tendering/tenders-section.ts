// Buyer report, section `tenders`: per month of the window, the company's tenders issued (first gone active
// in the window, that month), the sellers invited to them, those who responded (submitted a quotation) and
// the response rate. Live from the read model, or as of a past time from the same fold over the streams.
import type { ReportQuery, ReportSectionSource, ReportSources } from '../report-section.js';
import { rowsAsOf, rowsRelation } from '../report-rows.js';
import { monthsOf } from '../report-figures.js';
import { columns, malaysianMonthSql, percent, section } from '../report-cells.js';
import { invitationsStream, quotationStream } from '../../tendering/tendering.events.js';
import { invitationRows, quotationRows, tenderRows, type InvitedSeller } from './tender-report-rows.js';

type Counts = { month: string; issued: number; invited: number; responded: number };

export const tendersSection: ReportSectionSource = {
  key: 'tenders',
  async draw(query, sources, { allRows }) {
    const counts = query.companyId === null ? [] : await countTenders(query, query.companyId, sources);
    const byMonth = new Map(counts.map((row) => [row.month, row]));
    // Nothing in the window: no row, as every section of nothing. Else every month, zeros included (the chart's axis).
    const rows =
      counts.length === 0
        ? []
        : monthsOf(query.from, query.to).map((month) => {
            const { issued = 0, invited = 0, responded = 0 } = byMonth.get(month) ?? {};
            return { month, issued, invited, responded, responseRate: percent(responded, invited) };
          });
    return section(
      'tenders',
      columns({ month: 'month', issued: 'count', invited: 'count', responded: 'count', responseRate: 'percent' }),
      rows,
      { type: 'bar', x: 'month', series: ['issued', 'invited', 'responded'] },
      allRows,
    );
  },
};

async function countTenders(query: ReportQuery, companyId: string, { db, store }: ReportSources): Promise<Counts[]> {
  const params: unknown[] = [companyId, query.fromAt.toISOString(), query.toBefore.toISOString(), query.projectId, query.counterpartyId];
  const asOf = query.asOf === null ? null : await tenderRowsAsOf(query, companyId, { db, store }, query.asOf);
  const add = ({ sql, params: own }: { sql: string; params: unknown[] }) => {
    params.push(...own);
    return sql;
  };
  const tenders = add(rowsRelation(tenderRows, asOf?.tenders ?? null, params.length + 1));
  const invitations = add(rowsRelation(invitationRows, asOf?.invitations ?? null, params.length + 1));
  const quotations = add(rowsRelation(quotationRows, asOf?.quotations ?? null, params.length + 1));
  return db.query<Counts>(
    `WITH t AS (
       SELECT tender_id, ${malaysianMonthSql('activated_at')} AS month FROM ${tenders} AS t0
       WHERE company_id = $1 AND activated_at >= $2::timestamptz AND activated_at < $3::timestamptz AND ($4::text IS NULL OR project_id = $4::text)),
     inv AS (
       SELECT i.tender_id, s.s AS seller FROM ${invitations} AS i CROSS JOIN LATERAL jsonb_to_recordset(i.sellers::jsonb) AS s(s text, at timestamptz)
       WHERE i.tender_id IN (SELECT tender_id FROM t) AND ($5::text IS NULL OR s.s = $5::text))
     SELECT t.month,
       (count(DISTINCT t.tender_id) FILTER (WHERE $5::text IS NULL OR inv.seller IS NOT NULL))::int AS issued,
       count(inv.seller)::int AS invited, count(q.stream_id)::int AS responded
     FROM t LEFT JOIN inv ON inv.tender_id = t.tender_id
       LEFT JOIN ${quotations} AS q ON q.tender_id = inv.tender_id AND q.seller_company_id = inv.seller
     GROUP BY t.month`,
    params,
  );
}

/** The rows as they stood at `asOf`: the company's tenders issued in the window (a superset read live, as
 * a first activation never moves), their invitation lists and the invitees' quotations, each replayed. */
async function tenderRowsAsOf(query: ReportQuery, companyId: string, { db, store }: ReportSources, asOf: Date) {
  const live = await db.query<{ stream_id: string }>(
    `SELECT stream_id FROM ${tenderRows.table} WHERE company_id = $1 AND activated_at >= $2::timestamptz AND activated_at < $3::timestamptz`,
    [companyId, query.fromAt.toISOString(), query.toBefore.toISOString()],
  );
  const tenders = await rowsAsOf(
    tenderRows,
    store,
    live.map((row) => row.stream_id),
    asOf,
  );
  const invitations = await rowsAsOf(
    invitationRows,
    store,
    tenders.map((row) => invitationsStream(row.tender_id)),
    asOf,
  );
  const quotationStreams = invitations.flatMap((row) =>
    (JSON.parse(row.sellers) as InvitedSeller[]).map((seller) => quotationStream(row.tender_id, seller.s)),
  );
  const quotations = await rowsAsOf(quotationRows, store, quotationStreams, asOf);
  return { tenders, invitations, quotations };
}
