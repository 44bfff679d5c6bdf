// The budget's lines as specifications: given these events, when this command, then these events or this error.
import { Refused } from '../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import { decide, type Actor } from '@binaan/workflows';
import { applyBudgetEvent, decideBudget, emptyBudget, linesEditable, type BudgetCommand, type BudgetState } from './budget.decider.js';
import type { BudgetEvent } from './budget.events.js';
import { linesFromBq } from './budgets.service.js';

const proposer: Actor = { userId: 'u1', companyId: 'C', kind: 'user', authorities: { company: {}, project: { ongoingBudget: [10] } } };
const approver: Actor = { userId: 'u2', companyId: 'C', kind: 'user', authorities: { company: {}, project: { ongoingBudget: [20] } } };

function given(...events: BudgetEvent[]): BudgetState {
  const created = decide('ongoingBudget', null, { type: 'Create', at: '2026-11-27T00:00:00Z' }, proposer);
  if (!created.ok) throw new Error(created.refusal.code);
  const all: BudgetEvent[] = [
    { type: 'BudgetStarted', data: { projectId: 'P', companyId: 'C', bqRevision: 3 } },
    { type: 'WorkflowStatusChanged', data: created.event },
    ...events,
  ];
  const state = emptyBudget('P');
  all.forEach((event, revision) => applyBudgetEvent(state, event, revision, '2026-11-27T00:00:00Z'));
  return state;
}

const line = (lineId: string, code: string, amount = '100.00'): BudgetEvent => ({
  type: 'BudgetLineAdded',
  data: { lineId, code, description: code, amount },
});
const refusal = (state: BudgetState, command: BudgetCommand) => {
  try {
    decideBudget(state, command);
  } catch (error) {
    return error instanceof Refused ? [error.getStatus(), error.code] : error;
  }
  return 'decided';
};

describe('ongoing budget lines', () => {
  it('adds a line with a new trade code; a code already there (any case) is 409 budgetTradeCodeTaken (§5.3)', () => {
    const state = given(line('l1', 'EXC'));
    expect(
      decideBudget(state, { type: 'addLine', lineId: 'l2', values: { code: 'CON', description: 'Concrete', amount: '5.00' } }),
    ).toEqual([{ type: 'BudgetLineAdded', data: { lineId: 'l2', code: 'CON', description: 'Concrete', amount: '5.00' } }]);
    expect(refusal(state, { type: 'addLine', lineId: 'l2', values: { code: 'exc', description: '', amount: '1.00' } })).toEqual([
      409,
      'budgetTradeCodeTaken',
    ]);
  });

  it("renaming a line to another line's code is refused; only what changed is recorded", () => {
    const state = given(line('l1', 'EXC'), line('l2', 'CON'));
    expect(refusal(state, { type: 'updateLine', lineId: 'l2', changes: { code: 'EXC' } })).toEqual([409, 'budgetTradeCodeTaken']);
    expect(decideBudget(state, { type: 'updateLine', lineId: 'l1', changes: { code: 'EXC', amount: '120.00' } })).toEqual([
      { type: 'BudgetLineUpdated', data: { lineId: 'l1', changes: { amount: '120.00' } } },
    ]);
    expect(refusal(state, { type: 'removeLine', lineId: 'nope' })).toEqual([404, 'budgetLineNotFound']);
  });

  it('a document allocated to a code follows the line when its code changes and is freed when the line goes', () => {
    const state = given(
      line('l1', 'EXC'),
      { type: 'BudgetDocumentAllocated', data: { documentId: 'd1', code: 'EXC' } },
      { type: 'BudgetLineUpdated', data: { lineId: 'l1', changes: { code: 'EXV' } } },
    );
    expect(state.allocations.get('d1')).toBe('EXV');
    expect(decideBudget(state, { type: 'allocate', documentId: 'd1', code: 'EXV' })).toEqual([]);
    expect(refusal(state, { type: 'allocate', documentId: 'd1', code: 'ZZZ' })).toEqual([404, 'budgetLineNotFound']);
    applyBudgetEvent(state, { type: 'BudgetLineRemoved', data: { lineId: 'l1' } }, state.revision + 1, '2026-11-27T00:00:00Z');
    expect(state.allocations.size).toBe(0);
  });

  it('lines are locked once a level approved in the round, and when approved; allocations stay open', () => {
    const state = given(line('l1', 'EXC'));
    expect(linesEditable(state)).toBe(true);
    const approved = decide('ongoingBudget', state.workflow, { type: 'Approve', at: '2026-11-27T01:00:00Z' }, approver);
    if (!approved.ok) throw new Error(approved.refusal.code);
    applyBudgetEvent(state, { type: 'WorkflowStatusChanged', data: approved.event }, state.revision + 1, '2026-11-27T01:00:00Z');
    expect(state.workflow?.status).toBe('approved');
    expect(refusal(state, { type: 'removeLine', lineId: 'l1' })).toEqual([409, 'budgetNotEditable']);
    expect(decideBudget(state, { type: 'allocate', documentId: 'd9', code: 'EXC' })).toHaveLength(1);
  });

  it('lines from the BQ: a line per build-up, its amount the cost of the items it prices (quantity x build-up rate, no profit)', () => {
    const buildUps = new Map([
      ['EXC', { code: 'EXC', description: 'Excavation' }],
      ['IDLE', { code: 'IDLE', description: 'Unused' }],
    ]);
    const nodes = new Map([
      ['a', { type: 'item', buildUpCode: 'EXC', quantity: '2.500', buildUpRate: '10.00' }],
      ['b', { type: 'item', buildUpCode: 'EXC', quantity: '1.000', buildUpRate: '10.00' }],
      ['c', { type: 'item', buildUpCode: null, quantity: '9.000', buildUpRate: null }],
    ]);
    expect(linesFromBq({ buildUps, nodes })).toEqual([
      { code: 'EXC', description: 'Excavation', amount: '35.00' },
      { code: 'IDLE', description: 'Unused', amount: '0.00' },
    ]);
  });
});
