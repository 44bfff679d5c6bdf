// The buyer's spend (Coupa's spend cube, cut four ways): the orders its sellers accepted in the window, by
// seller, by trade (materials, machines, a trade's work), by project and by Malaysian month. An order counts
// when the seller accepts it (committed_at), at its total with SST; a later cancel does not un-spend it
// (README "Spend").
import type { ReportChart, ReportColumnKind, ReportRow } from '@binaan/contracts';
import type { ReportQuery, ReportSectionSource, ReportSources } from '../report-section.js';
import { columns, count, malaysianMonthSql, money, rowLimit, section } from '../report-cells.js';
import { documentRelation } from './document-relation.js';
import { param, sideFilters } from './document-filters.js';
import { ORDER_KINDS } from './document-rows.js';

type Cut = {
  key: string;
  group: string;
  label: string;
  labelKind: ReportColumnKind;
  labelColumn: string;
  join: string;
  order: string;
  chart: ReportChart['type'];
};

const TRADE = `CASE WHEN d.resource IN ('purchaseOrder', 'subPurchaseOrder') THEN 'material' WHEN d.resource IN ('rentalOrder', 'subRentalOrder') THEN 'machine' ELSE 'trade' END`;

const CUTS: readonly Cut[] = [
  {
    key: 'spendBySeller',
    group: 'd.seller_company_id',
    label: 'c.name',
    labelKind: 'text',
    labelColumn: 'seller',
    join: 'LEFT JOIN companies c ON c.company_id = d.seller_company_id',
    order: 'spend_sen DESC, label',
    chart: 'bar',
  },
  {
    key: 'spendByTrade',
    group: TRADE,
    label: TRADE,
    labelKind: 'key',
    labelColumn: 'trade',
    join: '',
    order: 'spend_sen DESC, label',
    chart: 'pie',
  },
  {
    key: 'spendByProject',
    group: 'd.project_id',
    label: 'p.name',
    labelKind: 'text',
    labelColumn: 'project',
    join: 'LEFT JOIN projects p ON p.project_id = d.project_id',
    order: 'spend_sen DESC, label',
    chart: 'bar',
  },
  {
    key: 'spendByMonth',
    group: malaysianMonthSql('d.committed_at'),
    label: malaysianMonthSql('d.committed_at'),
    labelKind: 'month',
    labelColumn: 'month',
    join: '',
    order: 'label',
    chart: 'line',
  },
];

async function drawCut(cut: Cut, query: ReportQuery, sources: ReportSources, allRows: boolean) {
  const parts = sideFilters(query, 'buyer', { where: [], params: [] });
  parts.where.push(
    `d.resource = ANY(${param(parts, ORDER_KINDS)}::text[])`,
    `d.committed_at >= ${param(parts, query.fromAt)}`,
    `d.committed_at < ${param(parts, query.toBefore)}`,
  );
  const relation = await documentRelation(query, sources, parts.params.length + 1);
  const rows = await sources.db.query<{ label: string | null; orders: string; spend_sen: string }>(
    `SELECT ${cut.label} AS label, count(*) AS orders, sum(d.total_sen) AS spend_sen
       FROM ${relation.sql} d ${cut.join}
      WHERE ${parts.where.join(' AND ')}
      GROUP BY ${cut.group}${cut.label === cut.group ? '' : `, ${cut.label}`}
      ORDER BY ${cut.order} ${rowLimit(allRows)}`,
    [...parts.params, ...relation.params],
  );
  const table: ReportRow[] = rows.map((row) => ({ [cut.labelColumn]: row.label, orders: count(row.orders), spend: money(row.spend_sen) }));
  return section(
    cut.key,
    columns({ [cut.labelColumn]: cut.labelKind, orders: 'count', spend: 'money' }),
    table,
    { type: cut.chart, x: cut.labelColumn, series: ['spend'] },
    allRows,
  );
}

export const spendSections: readonly ReportSectionSource[] = CUTS.map((cut) => ({
  key: cut.key,
  draw: (query, sources, { allRows }) => drawCut(cut, query, sources, allRows),
}));
