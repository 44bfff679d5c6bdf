// Claims certified against paid (the buyer's payment certificates), per project: certified in the window
// (approved), paid in the window (closed), outstanding at the report's time (certified, not yet paid), and
// retention held: a trade certificate's retention is cumulative for its contract, so what is held per project
// and seller is the retention of the latest certified certificate (README "Certified, paid, retention").
import type { ReportRow } from '@binaan/contracts';
import type { ReportQuery, ReportSectionSource, ReportSources } from '../report-section.js';
import { columns, money, rowLimit, section } from '../report-cells.js';
import { documentRelation } from './document-relation.js';
import { param, sideFilters } from './document-filters.js';

async function draw(query: ReportQuery, sources: ReportSources, allRows: boolean) {
  const parts = sideFilters(query, 'buyer', { where: [], params: [] });
  parts.where.push(`d.resource = 'paymentCertificate'`, 'd.committed_at IS NOT NULL');
  const from = param(parts, query.fromAt);
  const to = param(parts, query.toBefore);
  const relation = await documentRelation(query, sources, parts.params.length + 1);
  const rows = await sources.db.query<{ project: string | null; certified: string; paid: string; outstanding: string; retention: string }>(
    `WITH certified AS (SELECT d.* FROM ${relation.sql} d WHERE ${parts.where.join(' AND ')}),
          held AS (SELECT DISTINCT ON (project_id, seller_company_id) project_id, retention_sen FROM certified
                    ORDER BY project_id, seller_company_id, committed_at DESC)
     SELECT p.name AS project,
            coalesce(sum(c.certified_sen) FILTER (WHERE c.committed_at >= ${from} AND c.committed_at < ${to}), 0) AS certified,
            coalesce(sum(c.certified_sen) FILTER (WHERE c.completed_at >= ${from} AND c.completed_at < ${to}), 0) AS paid,
            coalesce(sum(c.certified_sen) FILTER (WHERE c.completed_at IS NULL), 0) AS outstanding,
            coalesce((SELECT sum(h.retention_sen) FROM held h WHERE h.project_id IS NOT DISTINCT FROM c.project_id), 0) AS retention
       FROM certified c LEFT JOIN projects p ON p.project_id = c.project_id
      GROUP BY c.project_id, p.name ORDER BY certified DESC, project ${rowLimit(allRows)}`,
    [...parts.params, ...relation.params],
  );
  const table: ReportRow[] = rows.map((row) => ({
    project: row.project,
    certified: money(row.certified),
    paid: money(row.paid),
    outstanding: money(row.outstanding),
    retentionHeld: money(row.retention),
  }));
  return section(
    'certificates',
    columns({ project: 'text', certified: 'money', paid: 'money', outstanding: 'money', retentionHeld: 'money' }),
    table,
    { type: 'bar', x: 'project', series: ['certified', 'paid', 'outstanding'] },
    allRows,
  );
}

export const certificatesSection: ReportSectionSource = {
  key: 'certificates',
  draw: (query, sources, { allRows }) => draw(query, sources, allRows),
};
