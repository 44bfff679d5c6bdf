// Approval cycle times from the status events themselves (approval-waits.ts): per kind and verify level,
// the approvals given in the window, the average and longest time the level kept a document waiting, and
// how many wait at that level at the report's time; and per kind, whole rounds approved in the window with
// their average and longest time from the request to the last level's approval. The company's own
// documents (it owns the approval rounds), whichever side it is on.
import type { ReportRow } from '@binaan/contracts';
import type { ReportQuery, ReportSectionSource, ReportSources } from '../report-section.js';
import { columns, count, days, rowLimit, section } from '../report-cells.js';
import { documentRelation } from './document-relation.js';
import { param, sideFilters } from './document-filters.js';

async function waitsSql(query: ReportQuery, sources: ReportSources) {
  const parts = sideFilters(query, 'owner', { where: [], params: [] });
  const relation = await documentRelation(query, sources, parts.params.length + 1);
  const from = `FROM ${relation.sql} d CROSS JOIN LATERAL jsonb_to_recordset(d.approval_waits::jsonb) AS w(level int, since timestamptz, until timestamptz, outcome text, round timestamptz)
                WHERE ${parts.where.join(' AND ')}`;
  return { from, params: [...parts.params, ...relation.params] };
}

async function drawLevels(query: ReportQuery, sources: ReportSources, allRows: boolean) {
  const { from, params } = await waitsSql(query, sources);
  const window = { from: param({ where: [], params }, query.fromAt), to: param({ where: [], params }, query.toBefore) };
  const rows = await sources.db.query<{
    resource: string;
    level: number;
    approvals: string;
    average_s: string | null;
    longest_s: string | null;
    waiting: string;
  }>(
    `SELECT d.resource, w.level,
            count(*) FILTER (WHERE w.outcome = 'approved' AND w.until >= ${window.from} AND w.until < ${window.to}) AS approvals,
            avg(extract(epoch FROM w.until - w.since)) FILTER (WHERE w.outcome = 'approved' AND w.until >= ${window.from} AND w.until < ${window.to}) AS average_s,
            max(extract(epoch FROM w.until - w.since)) FILTER (WHERE w.outcome = 'approved' AND w.until >= ${window.from} AND w.until < ${window.to}) AS longest_s,
            count(*) FILTER (WHERE w.until IS NULL) AS waiting
       ${from}
      GROUP BY d.resource, w.level
     HAVING count(*) FILTER (WHERE (w.outcome = 'approved' AND w.until >= ${window.from} AND w.until < ${window.to}) OR w.until IS NULL) > 0
      ORDER BY d.resource, w.level ${rowLimit(allRows)}`,
    params,
  );
  const table: ReportRow[] = rows.map((row) => ({
    kind: row.resource,
    level: Number(row.level),
    approvals: count(row.approvals),
    averageDays: days(row.average_s),
    longestDays: days(row.longest_s),
    waiting: count(row.waiting),
  }));
  return section(
    'approvalTimes',
    columns({ kind: 'kind', level: 'count', approvals: 'count', averageDays: 'days', longestDays: 'days', waiting: 'count' }),
    table,
    { type: 'bar', x: 'kind', series: ['averageDays'] },
    allRows,
  );
}

async function drawRounds(query: ReportQuery, sources: ReportSources, allRows: boolean) {
  const { from, params } = await waitsSql(query, sources);
  const window = { from: param({ where: [], params }, query.fromAt), to: param({ where: [], params }, query.toBefore) };
  const rows = await sources.db.query<{ resource: string; rounds: string; average_s: string | null; longest_s: string | null }>(
    `SELECT resource, count(*) AS rounds, avg(extract(epoch FROM ended - round)) AS average_s, max(extract(epoch FROM ended - round)) AS longest_s
       FROM (SELECT d.resource, d.stream_id, w.round, max(w.until) AS ended, bool_and(coalesce(w.outcome = 'approved', false)) AS approved
               ${from}
              GROUP BY d.resource, d.stream_id, w.round) rounds
      WHERE approved AND ended >= ${window.from} AND ended < ${window.to}
      GROUP BY resource ORDER BY resource ${rowLimit(allRows)}`,
    params,
  );
  const table: ReportRow[] = rows.map((row) => ({
    kind: row.resource,
    rounds: count(row.rounds),
    averageDays: days(row.average_s),
    longestDays: days(row.longest_s),
  }));
  return section(
    'approvalCycle',
    columns({ kind: 'kind', rounds: 'count', averageDays: 'days', longestDays: 'days' }),
    table,
    { type: 'bar', x: 'kind', series: ['averageDays', 'longestDays'] },
    allRows,
  );
}

export const approvalTimesSection: ReportSectionSource = {
  key: 'approvalTimes',
  draw: (query, sources, { allRows }) => drawLevels(query, sources, allRows),
};
export const approvalCycleSection: ReportSectionSource = {
  key: 'approvalCycle',
  draw: (query, sources, { allRows }) => drawRounds(query, sources, allRows),
};
