// Seller report, section `tenderOutcomes`: per month of the window, the invitations the company received
// (invited in the window, that month), those it quoted on, those it won (the tender's latest award names it)
// and the win rate (won / quoted). Only the company's own counts: no other seller, price or name is read.
import type { ReportQuery, ReportSectionSource, ReportSources } from '../report-section.js';
import { rowsAsOf, rowsRelation } from '../report-rows.js';
import { monthsOf } from '../report-figures.js';
import { columns, malaysianMonthSql, percent, section } from '../report-cells.js';
import { quotationStream } from '../../tendering/tendering.events.js';
import { awardStream } from '../../tendering/award/award.events.js';
import { awardRows, invitationRows, quotationRows } from './tender-report-rows.js';

type Counts = { month: string; received: number; quoted: number; won: number };

export const tenderOutcomesSection: ReportSectionSource = {
  key: 'tenderOutcomes',
  async draw(query, sources, { allRows }) {
    const counts = query.companyId === null ? [] : await countOutcomes(query, query.companyId, sources);
    const byMonth = new Map(counts.map((row) => [row.month, row]));
    // Nothing in the window: no row, as every section of nothing. Else every month, zeros included (the chart's axis).
    const rows =
      counts.length === 0
        ? []
        : monthsOf(query.from, query.to).map((month) => {
            const { received = 0, quoted = 0, won = 0 } = byMonth.get(month) ?? {};
            return { month, received, quoted, won, winRate: percent(won, quoted) };
          });
    return section(
      'tenderOutcomes',
      columns({ month: 'month', received: 'count', quoted: 'count', won: 'count', winRate: 'percent' }),
      rows,
      { type: 'bar', x: 'month', series: ['received', 'quoted', 'won'] },
      allRows,
    );
  },
};

/** The invitation lists naming the seller (jsonb containment, the GIN index of the projection). */
const NAMES_SELLER = `i.sellers::jsonb @> jsonb_build_array(jsonb_build_object('s', $1::text))`;

async function countOutcomes(query: ReportQuery, companyId: string, { db, store }: ReportSources): Promise<Counts[]> {
  const params: unknown[] = [companyId, query.fromAt.toISOString(), query.toBefore.toISOString(), query.counterpartyId];
  const asOf = query.asOf === null ? null : await outcomeRowsAsOf(query, companyId, { db, store }, query.asOf);
  const add = ({ sql, params: own }: { sql: string; params: unknown[] }) => {
    params.push(...own);
    return sql;
  };
  const invitations = add(rowsRelation(invitationRows, asOf?.invitations ?? null, params.length + 1));
  const quotations = add(rowsRelation(quotationRows, asOf?.quotations ?? null, params.length + 1));
  const awards = add(rowsRelation(awardRows, asOf?.awards ?? null, params.length + 1));
  return db.query<Counts>(
    `WITH inv AS (
       SELECT i.tender_id, ${malaysianMonthSql('s.at')} AS month
       FROM ${invitations} AS i CROSS JOIN LATERAL jsonb_to_recordset(i.sellers::jsonb) AS s(s text, at timestamptz)
       WHERE ${NAMES_SELLER} AND s.s = $1::text AND s.at >= $2::timestamptz AND s.at < $3::timestamptz
         AND ($4::text IS NULL OR i.buyer_company_id = $4::text))
     SELECT inv.month, count(*)::int AS received, count(q.stream_id)::int AS quoted,
       (count(a.stream_id) FILTER (WHERE q.stream_id IS NOT NULL))::int AS won
     FROM inv LEFT JOIN ${quotations} AS q ON q.tender_id = inv.tender_id AND q.seller_company_id = $1::text
       LEFT JOIN ${awards} AS a ON a.tender_id = inv.tender_id AND a.seller_company_id = $1::text
     GROUP BY inv.month`,
    params,
  );
}

/** As of `asOf`: the invitation lists naming the seller in the window now (a superset: an invitation is never
 * withdrawn and keeps its time), its own quotation and each tender's award, replayed up to then. */
async function outcomeRowsAsOf(query: ReportQuery, companyId: string, { db, store }: ReportSources, asOf: Date) {
  const live = await db.query<{ stream_id: string }>(
    `SELECT DISTINCT i.stream_id FROM ${invitationRows.table} AS i CROSS JOIN LATERAL jsonb_to_recordset(i.sellers::jsonb) AS s(s text, at timestamptz)
     WHERE ${NAMES_SELLER} AND s.s = $1::text AND s.at >= $2::timestamptz AND s.at < $3::timestamptz`,
    [companyId, query.fromAt.toISOString(), query.toBefore.toISOString()],
  );
  const invitations = await rowsAsOf(
    invitationRows,
    store,
    live.map((row) => row.stream_id),
    asOf,
  );
  const quotations = await rowsAsOf(
    quotationRows,
    store,
    invitations.map((row) => quotationStream(row.tender_id, companyId)),
    asOf,
  );
  const awards = await rowsAsOf(
    awardRows,
    store,
    invitations.map((row) => awardStream(row.tender_id)),
    asOf,
  );
  return { invitations, quotations, awards };
}
