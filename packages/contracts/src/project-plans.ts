// What api and ui share about a project's ongoing budget and progress plan (spec §2.5 "ongoing
// budget, progress planning", §2.6 targets, §5.3 "trade code must be unique within a budget"). Both go
// through their own machine (workflows: ongoingBudget, progressPlanning) with the project's authority.
import type { ProjectAction } from './projects-api.js';
import type { WorkflowStatus } from './workflow-resources.js';

export const BudgetErrorCodes = {
  budgetNotFound: 'budgetNotFound',
  budgetExists: 'budgetExists',
  budgetNotEditable: 'budgetNotEditable',
  budgetLineNotFound: 'budgetLineNotFound',
  /** Spec §5.3: a trade code is unique within a budget. */
  budgetTradeCodeTaken: 'budgetTradeCodeTaken',
  budgetDocumentNotFound: 'budgetDocumentNotFound',
} as const;
export type BudgetErrorCode = keyof typeof BudgetErrorCodes;

export const ProgressPlanErrorCodes = {
  progressPlanNotFound: 'progressPlanNotFound',
  progressPlanExists: 'progressPlanExists',
  progressPlanNotEditable: 'progressPlanNotEditable',
  progressNodeNotFound: 'progressNodeNotFound',
  /** Spec §5.3: an end date after (or equal to) its start. */
  progressEndBeforeStart: 'progressEndBeforeStart',
  /** Spec §5.3: a percentage may not exceed 100. */
  progressPercentOver100: 'progressPercentOver100',
} as const;
export type ProgressPlanErrorCode = keyof typeof ProgressPlanErrorCodes;

/** Money as exact decimal strings (2 places). */
export type BudgetLineView = {
  id: string;
  code: string;
  description: string;
  budget: string;
  committed: string;
  claimed: string;
  remaining: string;
};
export type BudgetDocumentView = {
  id: string;
  resource: string;
  documentNo: string;
  title: string;
  status: string;
  total: string;
  /** committed: awarded orders; claimed: claims. */
  measure: 'committed' | 'claimed';
  /** The budget line's trade code it is counted under, or null (unallocated). */
  code: string | null;
};
export type BudgetTotals = { budget: string; committed: string; claimed: string; remaining: string };

/** GET /api/projects/<id>/budget. */
export type BudgetView = {
  projectId: string;
  status: WorkflowStatus<'ongoingBudget'> | null;
  revision: number;
  /** Lines may change now, by this user. */
  editable: boolean;
  /** Why not, as the code a change would be refused with (noAccessRight, noAuthority, budgetNotEditable); null when editable. */
  readOnlyBecause: string | null;
  lines: BudgetLineView[];
  unallocated: { committed: string; claimed: string };
  totals: BudgetTotals;
  documents: BudgetDocumentView[];
  availableActions: ProjectAction[];
  updatedAt: string | null;
};

export type ProgressEntryView = {
  nodeId: string;
  tabId: string;
  tabName: string;
  parentId: string | null;
  depth: number;
  type: 'header' | 'item';
  title: string;
  plannedStart: string | null;
  plannedEnd: string | null;
  percentComplete: string | null;
};

/** GET /api/projects/<id>/progress-plan. */
export type ProgressPlanView = {
  projectId: string;
  status: WorkflowStatus<'progressPlanning'> | null;
  revision: number;
  /** Planned dates may change now, by this user. */
  editable: boolean;
  /** Why not, as the code a change would be refused with (noAccessRight, noAuthority, progressPlanNotEditable); null when editable. */
  readOnlyBecause: string | null;
  /** This user may record percent complete (any status once started). */
  canRecord: boolean;
  entries: ProgressEntryView[];
  availableActions: ProjectAction[];
  updatedAt: string | null;
};
