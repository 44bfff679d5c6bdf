// The seller's receivables and deliveries.
// Receivables ageing: its invoices and claims sent to the buyer and not yet settled at the report's time (an
// invoice awaiting the buyer's acceptance, a progressive claim approved or invoiced and not yet closed, a
// milestone claim awaiting certification), per buyer, aged from the day it was sent (README "Receivables").
// Deliveries on time: its delivery and service orders fulfilled in the window, per Malaysian month, on time
// when fulfilled on or before the order's end date; without an end date they are counted apart.
import { AgeBuckets, type ReportRow } from '@binaan/contracts';
import type { ReportQuery, ReportSectionSource, ReportSources } from '../report-section.js';
import { AGE_BUCKET_SQL, columns, count, malaysianDaySql, malaysianMonthSql, money, percent, rowLimit, section } from '../report-cells.js';
import { documentRelation } from './document-relation.js';
import { param, sideFilters } from './document-filters.js';

const OUTSTANDING = `((d.resource = 'invoice' AND d.status = 'pendingAcceptance') OR (d.resource = 'progressiveClaim' AND d.status IN ('approved', 'invoiced'))
                      OR (d.resource = 'milestoneClaim' AND d.status = 'pendingCertification'))`;

async function drawReceivables(query: ReportQuery, sources: ReportSources, allRows: boolean) {
  const parts = sideFilters(query, 'seller', { where: [], params: [] });
  const at = param(parts, query.asOf ?? query.now);
  parts.where.push(OUTSTANDING, 'd.shared_at IS NOT NULL');
  const relation = await documentRelation(query, sources, parts.params.length + 1);
  const buckets = AgeBuckets.map((bucket) => `sum(total_sen) FILTER (WHERE ${AGE_BUCKET_SQL[bucket]}) AS ${bucket}`).join(', ');
  const rows = await sources.db.query<Record<string, string | null>>(
    `SELECT buyer, count(*) AS documents, sum(total_sen) AS amount_sen, ${buckets}
       FROM (SELECT c.name AS buyer, d.buyer_company_id, d.total_sen, extract(epoch FROM (${at}::timestamptz - d.shared_at)) / 86400 AS age
               FROM ${relation.sql} d LEFT JOIN companies c ON c.company_id = d.buyer_company_id WHERE ${parts.where.join(' AND ')}) aged
      GROUP BY buyer_company_id, buyer ORDER BY amount_sen DESC, buyer ${rowLimit(allRows)}`,
    [...parts.params, ...relation.params],
  );
  const table: ReportRow[] = rows.map((row) => ({
    buyer: row.buyer ?? null,
    documents: count(row.documents),
    amount: money(row.amount_sen),
    ...Object.fromEntries(AgeBuckets.map((bucket) => [bucket, money(row[bucket])])),
  }));
  const cols = columns({
    buyer: 'text',
    documents: 'count',
    amount: 'money',
    ...Object.fromEntries(AgeBuckets.map((bucket) => [bucket, 'money' as const])),
  });
  return section('receivables', cols, table, { type: 'bar', x: 'buyer', series: [...AgeBuckets], stacked: true }, allRows);
}

async function drawDeliveries(query: ReportQuery, sources: ReportSources, allRows: boolean) {
  const parts = sideFilters(query, 'seller', { where: [], params: [] });
  parts.where.push(
    `d.resource IN ('deliveryOrder', 'serviceOrder')`,
    `d.completed_at >= ${param(parts, query.fromAt)}`,
    `d.completed_at < ${param(parts, query.toBefore)}`,
  );
  const relation = await documentRelation(query, sources, parts.params.length + 1);
  const rows = await sources.db.query<{ month: string; fulfilled: string; on_time: string; late: string; no_date: string }>(
    `SELECT ${malaysianMonthSql('d.completed_at')} AS month, count(*) AS fulfilled,
            count(*) FILTER (WHERE d.end_date IS NOT NULL AND ${malaysianDaySql('d.completed_at')} <= d.end_date) AS on_time,
            count(*) FILTER (WHERE d.end_date IS NOT NULL AND ${malaysianDaySql('d.completed_at')} > d.end_date) AS late,
            count(*) FILTER (WHERE d.end_date IS NULL) AS no_date
       FROM ${relation.sql} d WHERE ${parts.where.join(' AND ')}
      GROUP BY 1 ORDER BY 1 ${rowLimit(allRows)}`,
    [...parts.params, ...relation.params],
  );
  const table: ReportRow[] = rows.map((row) => ({
    month: row.month,
    fulfilled: count(row.fulfilled),
    onTime: count(row.on_time),
    late: count(row.late),
    noDate: count(row.no_date),
    onTimeRate: percent(count(row.on_time), count(row.on_time) + count(row.late)),
  }));
  return section(
    'deliveries',
    columns({ month: 'month', fulfilled: 'count', onTime: 'count', late: 'count', noDate: 'count', onTimeRate: 'percent' }),
    table,
    { type: 'bar', x: 'month', series: ['onTime', 'late'], stacked: true },
    allRows,
  );
}

export const receivablesSection: ReportSectionSource = {
  key: 'receivables',
  draw: (query, sources, { allRows }) => drawReceivables(query, sources, allRows),
};
export const deliveriesSection: ReportSectionSource = {
  key: 'deliveries',
  draw: (query, sources, { allRows }) => drawDeliveries(query, sources, allRows),
};
