// Developer report, section `progress`: per project of the company with a progress plan, the planned percent
// (how far its planned BQ rows should be on the day measured) against the actual percent (their recorded
// percent complete), as the plans stood at the window's end, or at `asOf` when earlier.
import type { ReportQuery, ReportSectionSource, ReportSources } from '../report-section.js';
import { rowsAsOf, rowsRelation } from '../report-rows.js';
import { columns, rowLimit, section } from '../report-cells.js';
import { projectStream } from '../../projects/project.events.js';
import { progressRows, projectNameRows, type ProgressRow, type ProjectNameRow } from './progress-report-rows.js';

type ProgressFigures = { project: string; planned: string | null; actual: string | null };

export const progressSection: ReportSectionSource = {
  key: 'progress',
  async draw(query, sources, { allRows }) {
    const figures = query.companyId === null ? [] : await progressOf(query, query.companyId, sources, allRows);
    return section(
      'progress',
      columns({ project: 'text', planned: 'percent', actual: 'percent' }),
      figures,
      { type: 'bar', x: 'project', series: ['planned', 'actual'] },
      allRows,
    );
  },
};

/** The time the plans are read at and the Malaysian day the plan is measured on: the window's end, or `asOf`
 * (or now) when that is earlier. null time: as they stand now (the live read model). */
export function measuredAt(query: Pick<ReportQuery, 'to' | 'toBefore' | 'asOf' | 'now'>): { at: Date | null; day: string } {
  const until = query.asOf ?? query.now;
  if (query.toBefore.getTime() <= until.getTime()) return { at: query.toBefore, day: query.to };
  return { at: query.asOf, day: new Date(until.getTime() + 8 * 3600_000).toISOString().slice(0, 10) };
}

async function progressOf(
  query: ReportQuery,
  companyId: string,
  { db, store }: ReportSources,
  allRows: boolean,
): Promise<ProgressFigures[]> {
  const { at, day } = measuredAt(query);
  const params: unknown[] = [companyId, query.projectId, day];
  const add = ({ sql, params: own }: { sql: string; params: unknown[] }) => {
    params.push(...own);
    return sql;
  };
  let asOf: { plans: ProgressRow[]; names: ProjectNameRow[] } | null = null;
  if (at !== null) {
    const live = await db.query<{ stream_id: string }>(
      `SELECT stream_id FROM ${progressRows.table} WHERE company_id = $1 AND ($2::text IS NULL OR project_id = $2::text)`,
      [companyId, query.projectId],
    );
    const plans = await rowsAsOf(
      progressRows,
      store,
      live.map((row) => row.stream_id),
      at,
    );
    asOf = {
      plans,
      names: await rowsAsOf(
        projectNameRows,
        store,
        plans.map((row) => projectStream(row.project_id)),
        at,
      ),
    };
  }
  const plans = add(rowsRelation(progressRows, asOf?.plans ?? null, params.length + 1));
  const names = add(rowsRelation(projectNameRows, asOf?.names ?? null, params.length + 1));
  return db.query<ProgressFigures>(
    `WITH p AS (SELECT project_id, nodes FROM ${plans} AS p0 WHERE company_id = $1 AND ($2::text IS NULL OR project_id = $2::text)),
     n AS (
       SELECT p.project_id, (v.value->>'s')::date AS s, (v.value->>'e')::date AS e, COALESCE((v.value->>'p')::numeric, 0) AS pc
       FROM p CROSS JOIN LATERAL jsonb_each(p.nodes::jsonb) AS v
       WHERE v.value->>'s' IS NOT NULL AND v.value->>'e' IS NOT NULL)
     SELECT COALESCE(names.name, p.project_id) AS project,
       round(avg(CASE WHEN $3::date < n.s THEN 0 WHEN $3::date >= n.e THEN 100
                      ELSE ($3::date - n.s + 1) * 100.0 / (n.e - n.s + 1) END), 1)::text AS planned,
       round(avg(n.pc), 1)::text AS actual
     FROM p LEFT JOIN n ON n.project_id = p.project_id LEFT JOIN ${names} AS names ON names.project_id = p.project_id
     GROUP BY p.project_id, names.name
     ORDER BY 1, p.project_id ${rowLimit(allRows)}`,
    params,
  );
}
