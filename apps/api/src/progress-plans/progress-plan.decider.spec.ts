// The progress plan's rows as specifications: given these events, when this row update, then these events or this error.
import { Refused } from '../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import { decide, type Actor } from '@binaan/workflows';
import { applyPlanEvent, decidePlanRow, emptyPlan, type PlanRow, type ProgressPlanState } from './progress-plan.decider.js';
import type { ProgressPlanEvent } from './progress-plan.events.js';

const proposer: Actor = { userId: 'u1', companyId: 'C', kind: 'user', authorities: { company: {}, project: { progressPlanning: [10] } } };
const approver: Actor = { userId: 'u2', companyId: 'C', kind: 'user', authorities: { company: {}, project: { progressPlanning: [20] } } };
const AT = '2026-11-27T00:00:00Z';

function given(...events: ProgressPlanEvent[]): ProgressPlanState {
  const created = decide('progressPlanning', null, { type: 'Create', at: AT }, proposer);
  if (!created.ok) throw new Error(created.refusal.code);
  const state = emptyPlan('P');
  [
    { type: 'ProgressPlanStarted', data: { projectId: 'P', companyId: 'C' } } as ProgressPlanEvent,
    { type: 'WorkflowStatusChanged', data: created.event } as ProgressPlanEvent,
    ...events,
  ].forEach((event, revision) => applyPlanEvent(state, event, revision, AT));
  return state;
}
const refusal = (state: ProgressPlanState, row: PlanRow) => {
  try {
    decidePlanRow(state, row);
  } catch (error) {
    return error instanceof Refused ? [error.getStatus(), error.code] : error;
  }
  return 'decided';
};

describe('progress plan rows', () => {
  it('plans dates and records percent complete; only what changed is recorded', () => {
    const state = given({ type: 'ProgressPlanned', data: { nodeId: 'n1', plannedStart: '2026-12-01', plannedEnd: '2026-12-10' } });
    expect(
      decidePlanRow(state, { nodeId: 'n1', dates: { plannedStart: '2026-12-01', plannedEnd: '2026-12-10' }, percentComplete: '25.00' }),
    ).toEqual([{ type: 'ProgressRecorded', data: { nodeId: 'n1', percentComplete: '25.00' } }]);
    expect(decidePlanRow(state, { nodeId: 'n2', dates: { plannedStart: '2026-12-05', plannedEnd: '2026-12-05' } })).toEqual([
      { type: 'ProgressPlanned', data: { nodeId: 'n2', plannedStart: '2026-12-05', plannedEnd: '2026-12-05' } },
    ]);
  });

  it('the end before the start is 422 progressEndBeforeStart; over 100 % is 422 progressPercentOver100 (§5.3)', () => {
    const state = given();
    expect(refusal(state, { nodeId: 'n1', dates: { plannedStart: '2026-12-10', plannedEnd: '2026-12-01' } })).toEqual([
      422,
      'progressEndBeforeStart',
    ]);
    expect(refusal(state, { nodeId: 'n1', percentComplete: '100.01' })).toEqual([422, 'progressPercentOver100']);
  });

  it('once approved the dates are locked (409 progressPlanNotEditable) and progress is still recorded', () => {
    const state = given();
    const approved = decide('progressPlanning', state.workflow, { type: 'Approve', at: AT }, approver);
    if (!approved.ok) throw new Error(approved.refusal.code);
    applyPlanEvent(state, { type: 'WorkflowStatusChanged', data: approved.event }, state.revision + 1, AT);
    expect(refusal(state, { nodeId: 'n1', dates: { plannedStart: '2026-12-01', plannedEnd: null } })).toEqual([
      409,
      'progressPlanNotEditable',
    ]);
    expect(decidePlanRow(state, { nodeId: 'n1', percentComplete: '60.00' })).toHaveLength(1);
  });
});
