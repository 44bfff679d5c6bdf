// The developer's projects (Procore's budget and commitments view): per project, as they stand at the report's
// time (now, or as of), its budget against committed and claimed as the budgets context counts them (its
// own rules: orders approved and sent, accepted or fulfilled; claims made, not rejected or cancelled),
// certified (payment certificates approved) and paid (closed); and its cash flow per Malaysian month of the
// window: orders accepted, certificates approved and certificates paid in that month.
import type { ReportRow } from '@binaan/contracts';
import { CLAIMED, COMMITTED } from '../../budgets/budget-actuals.js';
import { budgetRelation } from '../budgets/budget-report.projection.js';
import type { ReportQuery, ReportSectionSource, ReportSources } from '../report-section.js';
import { columns, malaysianMonthSql, money, rowLimit, section } from '../report-cells.js';
import { documentRelation } from './document-relation.js';
import { param, sideFilters } from './document-filters.js';
import { ORDER_KINDS } from './document-rows.js';

/** "kind:status" pairs of a budgets rule (committed orders, claims made), for `= ANY` in SQL. */
const pairs = (rule: Readonly<Record<string, readonly string[]>>) =>
  Object.entries(rule).flatMap(([kind, statuses]) => statuses.map((status) => `${kind}:${status}`));

async function drawCosts(query: ReportQuery, sources: ReportSources, allRows: boolean) {
  const parts = sideFilters(query, 'buyer', { where: [], params: [] });
  parts.where.push('d.project_id IS NOT NULL');
  const company = param(parts, query.companyId);
  const committed = param(parts, pairs(COMMITTED));
  const claimed = param(parts, pairs(CLAIMED));
  const project = query.projectId ? `AND b.project_id = ${param(parts, query.projectId)}` : '';
  const documents = await documentRelation(query, sources, parts.params.length + 1);
  parts.params.push(...documents.params);
  const budgets = await budgetRelation(query, sources, parts.params.length + 1);
  const rows = await sources.db.query<{
    project: string | null;
    budget: string;
    committed: string;
    claimed: string;
    certified: string;
    paid: string;
  }>(
    `WITH docs AS (SELECT d.*, d.resource || ':' || d.status AS kind_status FROM ${documents.sql} d WHERE ${parts.where.join(' AND ')}),
          budgets AS (SELECT b.project_id, b.total_sen FROM ${budgets.sql} b WHERE b.company_id = ${company} AND b.status <> 'rejected' ${project}),
          ids AS (SELECT project_id FROM docs UNION SELECT project_id FROM budgets)
     SELECT p.name AS project,
            coalesce((SELECT sum(total_sen) FROM budgets b WHERE b.project_id = ids.project_id), 0) AS budget,
            coalesce((SELECT sum(total_sen) FROM docs d WHERE d.project_id = ids.project_id AND d.kind_status = ANY(${committed}::text[])), 0) AS committed,
            coalesce((SELECT sum(total_sen) FROM docs d WHERE d.project_id = ids.project_id AND d.kind_status = ANY(${claimed}::text[])), 0) AS claimed,
            coalesce((SELECT sum(certified_sen) FROM docs d WHERE d.project_id = ids.project_id AND d.resource = 'paymentCertificate' AND d.committed_at IS NOT NULL), 0) AS certified,
            coalesce((SELECT sum(certified_sen) FROM docs d WHERE d.project_id = ids.project_id AND d.resource = 'paymentCertificate' AND d.completed_at IS NOT NULL), 0) AS paid
       FROM ids LEFT JOIN projects p ON p.project_id = ids.project_id
      ORDER BY budget DESC, project ${rowLimit(allRows)}`,
    [...parts.params, ...budgets.params],
  );
  const table: ReportRow[] = rows.map((row) => ({
    project: row.project,
    budget: money(row.budget),
    committed: money(row.committed),
    claimed: money(row.claimed),
    certified: money(row.certified),
    paid: money(row.paid),
  }));
  return section(
    'projectCosts',
    columns({ project: 'text', budget: 'money', committed: 'money', claimed: 'money', certified: 'money', paid: 'money' }),
    table,
    { type: 'bar', x: 'project', series: ['budget', 'committed', 'certified', 'paid'] },
    allRows,
  );
}

async function drawCashFlow(query: ReportQuery, sources: ReportSources, allRows: boolean) {
  const parts = sideFilters(query, 'buyer', { where: [], params: [] });
  const from = param(parts, query.fromAt);
  const to = param(parts, query.toBefore);
  const orders = param(parts, ORDER_KINDS);
  const relation = await documentRelation(query, sources, parts.params.length + 1);
  const rows = await sources.db.query<{ month: string; committed: string; certified: string; paid: string }>(
    `WITH moves AS (
       SELECT ${malaysianMonthSql('d.committed_at')} AS month, d.total_sen AS committed, 0::bigint AS certified, 0::bigint AS paid FROM ${relation.sql} d
        WHERE ${parts.where.join(' AND ')} AND d.resource = ANY(${orders}::text[]) AND d.committed_at >= ${from} AND d.committed_at < ${to}
       UNION ALL
       SELECT ${malaysianMonthSql('d.committed_at')}, 0, d.certified_sen, 0 FROM ${relation.sql} d
        WHERE ${parts.where.join(' AND ')} AND d.resource = 'paymentCertificate' AND d.committed_at >= ${from} AND d.committed_at < ${to}
       UNION ALL
       SELECT ${malaysianMonthSql('d.completed_at')}, 0, 0, d.certified_sen FROM ${relation.sql} d
        WHERE ${parts.where.join(' AND ')} AND d.resource = 'paymentCertificate' AND d.completed_at >= ${from} AND d.completed_at < ${to})
     SELECT month, sum(committed) AS committed, sum(certified) AS certified, sum(paid) AS paid FROM moves GROUP BY month ORDER BY month ${rowLimit(allRows)}`,
    [...parts.params, ...relation.params],
  );
  const table: ReportRow[] = rows.map((row) => ({
    month: row.month,
    committed: money(row.committed),
    certified: money(row.certified),
    paid: money(row.paid),
  }));
  return section(
    'cashFlow',
    columns({ month: 'month', committed: 'money', certified: 'money', paid: 'money' }),
    table,
    { type: 'line', x: 'month', series: ['committed', 'certified', 'paid'] },
    allRows,
  );
}

export const projectCostsSection: ReportSectionSource = {
  key: 'projectCosts',
  draw: (query, sources, { allRows }) => drawCosts(query, sources, allRows),
};
export const cashFlowSection: ReportSectionSource = {
  key: 'cashFlow',
  draw: (query, sources, { allRows }) => drawCashFlow(query, sources, allRows),
};
