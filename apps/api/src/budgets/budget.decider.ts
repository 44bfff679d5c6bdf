// A project's ongoing budget: the plain fold of its events and the pure decisions on its lines (the
// machine decides its status; see budgets.service.ts). No I/O: ids come in with the command.
import { refusal } from '../common/refusal.js';
import { evolve as evolveWorkflow, type WorkflowState } from '@binaan/workflows';
import type { BudgetEvent, BudgetLineValues } from './budget.events.js';

export type BudgetLine = BudgetLineValues & { id: string };

export type BudgetState = {
  projectId: string;
  companyId: string;
  revision: number;
  workflow: WorkflowState<'ongoingBudget'> | null;
  /** Lines in the order they were added. */
  lines: Map<string, BudgetLine>;
  /** Document id -> trade code it is counted under. */
  allocations: Map<string, string>;
  updatedAt: string | null;
};

export const emptyBudget = (projectId = ''): BudgetState => ({
  projectId,
  companyId: '',
  revision: -1,
  workflow: null,
  lines: new Map(),
  allocations: new Map(),
  updatedAt: null,
});

export function applyBudgetEvent(state: BudgetState, event: BudgetEvent, revision: number, at: string): BudgetState {
  switch (event.type) {
    case 'BudgetStarted':
      state.companyId = event.data.companyId;
      break;
    case 'WorkflowStatusChanged':
      state.workflow = evolveWorkflow(state.workflow, event.data);
      break;
    case 'BudgetLineAdded': {
      const { lineId, ...values } = event.data;
      state.lines.set(lineId, { id: lineId, ...values });
      break;
    }
    case 'BudgetLineUpdated': {
      const line = state.lines.get(event.data.lineId)!;
      if (event.data.changes.code !== undefined && event.data.changes.code !== line.code) {
        for (const [documentId, code] of state.allocations)
          if (code === line.code) state.allocations.set(documentId, event.data.changes.code);
      }
      Object.assign(line, event.data.changes);
      break;
    }
    case 'BudgetLineRemoved': {
      const line = state.lines.get(event.data.lineId)!;
      state.lines.delete(event.data.lineId);
      for (const [documentId, code] of state.allocations) if (code === line.code) state.allocations.delete(documentId);
      break;
    }
    case 'BudgetDocumentAllocated':
      if (event.data.code === null) state.allocations.delete(event.data.documentId);
      else state.allocations.set(event.data.documentId, event.data.code);
      break;
  }
  state.revision = revision;
  state.updatedAt = at;
  return state;
}

export type BudgetCommand =
  | { type: 'addLine'; lineId: string; values: BudgetLineValues }
  | { type: 'updateLine'; lineId: string; changes: Partial<BudgetLineValues> }
  | { type: 'removeLine'; lineId: string }
  | { type: 'allocate'; documentId: string; code: string | null };

/**
 * Lines change while the budget is pending and no level has approved in the round yet, or rejected; a
 * document's allocation (what was spent against which trade code) in any status: the budget is ongoing.
 */
export function linesEditable(state: BudgetState): boolean {
  const workflow = state.workflow;
  if (!workflow) return false;
  if (workflow.status === 'rejected') return true;
  return workflow.status === 'pending' && workflow.context.approval.approvals.length === 0;
}

const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function decideBudget(state: BudgetState, command: BudgetCommand): BudgetEvent[] {
  if (command.type === 'allocate') {
    const current = state.allocations.get(command.documentId) ?? null;
    if (command.code !== null && ![...state.lines.values()].some((line) => line.code === command.code)) {
      throw refusal(404, 'budgetLineNotFound', `The budget has no trade code ${command.code}.`);
    }
    return current === command.code
      ? []
      : [{ type: 'BudgetDocumentAllocated', data: { documentId: command.documentId, code: command.code } }];
  }
  if (!linesEditable(state))
    throw refusal(409, 'budgetNotEditable', 'The budget is being approved or approved: reopen it to change its lines.');
  const taken = (code: string, except: string | null) =>
    [...state.lines.values()].some((line) => line.id !== except && sameCode(line.code, code));
  if (command.type === 'addLine') {
    if (taken(command.values.code, null))
      throw refusal(409, 'budgetTradeCodeTaken', `Trade code ${command.values.code} is already in this budget.`);
    return [{ type: 'BudgetLineAdded', data: { lineId: command.lineId, ...command.values } }];
  }
  const line = state.lines.get(command.lineId);
  if (!line) throw refusal(404, 'budgetLineNotFound', 'No such line in this budget.');
  if (command.type === 'removeLine') return [{ type: 'BudgetLineRemoved', data: { lineId: line.id } }];
  if (command.changes.code !== undefined && taken(command.changes.code, line.id)) {
    throw refusal(409, 'budgetTradeCodeTaken', `Trade code ${command.changes.code} is already in this budget.`);
  }
  const changes = Object.fromEntries(
    Object.entries(command.changes).filter(([key, value]) => line[key as keyof BudgetLineValues] !== value),
  ) as Partial<BudgetLineValues>;
  return Object.keys(changes).length === 0 ? [] : [{ type: 'BudgetLineUpdated', data: { lineId: line.id, changes } }];
}
