// Orders by status with ageing: for each kind and status, how many orders and their amount, and how long
// they have been in that status (age buckets, measured to the report's time: as of, or now). Open orders
// count whatever their age; orders whose status is final (fulfilled, cancelled) count when they reached it in
// the window. The buyer sees the orders it placed; the seller the orders placed with it, once sent to it.
import { AgeBuckets, type ReportRow } from '@binaan/contracts';
import type { ReportQuery, ReportSectionSource, ReportSources } from '../report-section.js';
import { AGE_BUCKET_SQL, columns, count, money, rowLimit, section } from '../report-cells.js';
import { documentRelation } from './document-relation.js';
import { param, sideFilters } from './document-filters.js';
import { ORDER_KINDS } from './document-rows.js';

const FINAL = ['fulfilled', 'cancelled'];

async function draw(key: string, side: 'buyer' | 'seller', query: ReportQuery, sources: ReportSources, allRows: boolean) {
  const parts = sideFilters(query, side, { where: [], params: [] });
  const at = param(parts, query.asOf ?? query.now);
  parts.where.push(`d.resource = ANY(${param(parts, ORDER_KINDS)}::text[])`, `d.status <> 'none'`);
  parts.where.push(
    `(NOT d.status = ANY(${param(parts, FINAL)}::text[]) OR (d.status_since >= ${param(parts, query.fromAt)} AND d.status_since < ${param(parts, query.toBefore)}))`,
  );
  if (side === 'seller') parts.where.push('d.shared_at IS NOT NULL');
  const relation = await documentRelation(query, sources, parts.params.length + 1);
  const buckets = AgeBuckets.map((bucket) => `count(*) FILTER (WHERE ${AGE_BUCKET_SQL[bucket]}) AS ${bucket}`).join(', ');
  const rows = await sources.db.query<Record<string, string>>(
    `SELECT resource, status, count(*) AS orders, sum(total_sen) AS amount_sen, ${buckets}
       FROM (SELECT d.resource, d.status, d.total_sen, extract(epoch FROM (${at}::timestamptz - d.status_since)) / 86400 AS age
               FROM ${relation.sql} d WHERE ${parts.where.join(' AND ')}) aged
      GROUP BY resource, status ORDER BY resource, status ${rowLimit(allRows)}`,
    [...parts.params, ...relation.params],
  );
  const table: ReportRow[] = rows.map((row) => ({
    kind: row.resource!,
    status: row.status!,
    orders: count(row.orders),
    amount: money(row.amount_sen),
    ...Object.fromEntries(AgeBuckets.map((bucket) => [bucket, count(row[bucket.toLowerCase()] ?? row[bucket])])),
  }));
  const cols = columns({
    kind: 'kind',
    status: 'status',
    orders: 'count',
    amount: 'money',
    ...Object.fromEntries(AgeBuckets.map((bucket) => [bucket, 'count' as const])),
  });
  return section(key, cols, table, { type: 'bar', x: 'status', series: [...AgeBuckets], stacked: true }, allRows);
}

export const ordersByStatusSection: ReportSectionSource = {
  key: 'ordersByStatus',
  draw: (query, sources, { allRows }) => draw('ordersByStatus', 'buyer', query, sources, allRows),
};
export const ordersReceivedSection: ReportSectionSource = {
  key: 'ordersReceived',
  draw: (query, sources, { allRows }) => draw('ordersReceived', 'seller', query, sources, allRows),
};
