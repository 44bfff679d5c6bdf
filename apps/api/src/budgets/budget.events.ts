// The events of a project's ongoing budget, stream `ongoingBudget-<projectId>` (one budget per project).
// Facts the fold applies without deciding: a line's id, its trade code and amount are in the event.
import type { WorkflowStatusChanged } from '@binaan/contracts';

/** A budget line as recorded: a trade code, what it is, the amount budgeted (canonical money, 2 places). */
export type BudgetLineValues = { code: string; description: string; amount: string };

export type BudgetEvent =
  | { type: 'BudgetStarted'; data: { projectId: string; companyId: string; bqRevision: number } }
  | { type: 'WorkflowStatusChanged'; data: WorkflowStatusChanged<'ongoingBudget'> }
  | { type: 'BudgetLineAdded'; data: { lineId: string } & BudgetLineValues }
  | { type: 'BudgetLineUpdated'; data: { lineId: string; changes: Partial<BudgetLineValues> } }
  | { type: 'BudgetLineRemoved'; data: { lineId: string } }
  /** A document (an order or a claim of the project) counted under a trade code, or taken off (code null). */
  | { type: 'BudgetDocumentAllocated'; data: { documentId: string; code: string | null } };

export const BUDGET_STREAM_TYPE = 'ongoingBudget';
export const budgetStreamId = (projectId: string): string => `ongoingBudget-${projectId}`;
