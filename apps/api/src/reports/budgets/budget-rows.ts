// One report row per project's ongoing budget: its status and total, folded from the budgets context's
// events (the lines as they stand), so the developer's budget column reads live and as of a past time alike.
import type { StoredEvent } from '@binaan/event-store';
import type { BudgetEvent } from '../../budgets/budget.events.js';
import { BUDGET_STREAM_TYPE } from '../../budgets/budget.events.js';
import type { RowSource } from '../report-rows.js';
import { parseMoney } from '../../documents/money.js';

export type BudgetReportRow = {
  stream_id: string;
  project_id: string;
  company_id: string;
  status: string;
  total_sen: string;
  lines: string;
};

const sen = (amount: string) => parseMoney(amount) ?? 0n;

function withLines(row: BudgetReportRow, lines: Record<string, string>): BudgetReportRow {
  const total = Object.values(lines).reduce((sum, amount) => sum + sen(amount), 0n);
  return { ...row, lines: JSON.stringify(lines), total_sen: total.toString() };
}

export const budgetReportRows: RowSource<BudgetReportRow> = {
  table: 'report_budgets',
  columns: { stream_id: 'text', project_id: 'text', company_id: 'text', status: 'text', total_sen: 'bigint', lines: 'text' },
  fold(row, stored: StoredEvent) {
    if (stored.streamType !== BUDGET_STREAM_TYPE) return row;
    const event = { type: stored.type, data: stored.data } as BudgetEvent;
    if (event.type === 'BudgetStarted')
      return {
        stream_id: stored.streamId,
        project_id: event.data.projectId,
        company_id: event.data.companyId,
        status: 'none',
        total_sen: '0',
        lines: '{}',
      };
    if (!row) return null;
    const lines = JSON.parse(row.lines) as Record<string, string>;
    switch (event.type) {
      case 'WorkflowStatusChanged':
        return { ...row, status: event.data.statusAfter };
      case 'BudgetLineAdded':
        return withLines(row, { ...lines, [event.data.lineId]: event.data.amount });
      case 'BudgetLineUpdated':
        return event.data.changes.amount === undefined ? row : withLines(row, { ...lines, [event.data.lineId]: event.data.changes.amount });
      case 'BudgetLineRemoved': {
        const { [event.data.lineId]: _removed, ...rest } = lines;
        return withLines(row, rest);
      }
      default:
        return row;
    }
  },
};
