// The reports' read model of ongoing budgets (`report_budgets`), by the fold the as-of reports replay.
import type { Projection } from '@binaan/event-store';
import { BUDGET_STREAM_TYPE } from '../../budgets/budget.events.js';
import { applyToRow, rowsAsOf, rowsRelation, rowTableSql } from '../report-rows.js';
import type { ReportQuery, ReportSources } from '../report-section.js';
import { budgetReportRows } from './budget-rows.js';

export const budgetReportsProjection: Projection = {
  name: 'report-budgets',
  eventTypes: ['BudgetStarted', 'WorkflowStatusChanged', 'BudgetLineAdded', 'BudgetLineUpdated', 'BudgetLineRemoved'],
  tables: ['report_budgets'],
  setupSql: `
    ${rowTableSql(budgetReportRows)}
    CREATE INDEX IF NOT EXISTS report_budgets_by_company ON report_budgets (company_id);`,
  async apply(events, db) {
    for (const event of events) if (event.streamType === BUDGET_STREAM_TYPE) await applyToRow(budgetReportRows, event, db);
  },
};

/** The company's budgets as a FROM item: live, or as they stood at `asOf`. */
export async function budgetRelation(
  query: ReportQuery,
  sources: ReportSources,
  first: number,
): Promise<{ sql: string; params: unknown[] }> {
  if (!query.asOf) return rowsRelation(budgetReportRows, null, first);
  const streams = await sources.db.query<{ stream_id: string }>('SELECT stream_id FROM report_budgets WHERE company_id = $1', [
    query.companyId,
  ]);
  return rowsRelation(
    budgetReportRows,
    await rowsAsOf(
      budgetReportRows,
      sources.store,
      streams.map((row) => row.stream_id),
      query.asOf,
    ),
    first,
  );
}
