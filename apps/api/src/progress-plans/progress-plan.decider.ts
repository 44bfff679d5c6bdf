// A project's progress plan: the plain fold of its events and the pure decisions on planned dates and
// percent complete (the machine decides its status; see progress-plans.service.ts).
import { refusal } from '../common/refusal.js';
import { evolve as evolveWorkflow, type WorkflowState } from '@binaan/workflows';
import type { ProgressPlanEvent } from './progress-plan.events.js';

export type ProgressEntry = { plannedStart: string | null; plannedEnd: string | null; percentComplete: string | null };

export type ProgressPlanState = {
  projectId: string;
  companyId: string;
  revision: number;
  workflow: WorkflowState<'progressPlanning'> | null;
  entries: Map<string, ProgressEntry>;
  updatedAt: string | null;
};

export const emptyPlan = (projectId = ''): ProgressPlanState => ({
  projectId,
  companyId: '',
  revision: -1,
  workflow: null,
  entries: new Map(),
  updatedAt: null,
});

const entryOf = (state: ProgressPlanState, nodeId: string): ProgressEntry =>
  state.entries.get(nodeId) ?? state.entries.set(nodeId, { plannedStart: null, plannedEnd: null, percentComplete: null }).get(nodeId)!;

export function applyPlanEvent(state: ProgressPlanState, event: ProgressPlanEvent, revision: number, at: string): ProgressPlanState {
  switch (event.type) {
    case 'ProgressPlanStarted':
      state.companyId = event.data.companyId;
      break;
    case 'WorkflowStatusChanged':
      state.workflow = evolveWorkflow(state.workflow, event.data);
      break;
    case 'ProgressPlanned':
      Object.assign(entryOf(state, event.data.nodeId), { plannedStart: event.data.plannedStart, plannedEnd: event.data.plannedEnd });
      break;
    case 'ProgressRecorded':
      entryOf(state, event.data.nodeId).percentComplete = event.data.percentComplete;
      break;
  }
  state.revision = revision;
  state.updatedAt = at;
  return state;
}

/** Planned dates change while pending before any level approved in the round, or rejected; progress any time. */
export function datesEditable(state: ProgressPlanState): boolean {
  const workflow = state.workflow;
  if (!workflow) return false;
  return workflow.status === 'rejected' || (workflow.status === 'pending' && workflow.context.approval.approvals.length === 0);
}

/** What a row update asks: the dates (both given together or neither) and / or the percent complete. */
export type PlanRow = { nodeId: string; dates?: { plannedStart: string | null; plannedEnd: string | null }; percentComplete?: string };

export function decidePlanRow(state: ProgressPlanState, row: PlanRow): ProgressPlanEvent[] {
  const current = state.entries.get(row.nodeId) ?? { plannedStart: null, plannedEnd: null, percentComplete: null };
  const events: ProgressPlanEvent[] = [];
  if (row.dates && (row.dates.plannedStart !== current.plannedStart || row.dates.plannedEnd !== current.plannedEnd)) {
    if (!datesEditable(state))
      throw refusal(409, 'progressPlanNotEditable', 'The plan is being approved or approved: reopen it to change planned dates.');
    const { plannedStart, plannedEnd } = row.dates;
    if (plannedStart !== null && plannedEnd !== null && plannedEnd < plannedStart)
      throw refusal(422, 'progressEndBeforeStart', 'The planned end must be on or after the planned start.', {
        fields: { plannedEnd: ['must be on or after plannedStart'] },
      });
    events.push({ type: 'ProgressPlanned', data: { nodeId: row.nodeId, plannedStart, plannedEnd } });
  }
  if (row.percentComplete !== undefined && row.percentComplete !== current.percentComplete) {
    if (Number(row.percentComplete) > 100)
      throw refusal(422, 'progressPercentOver100', 'Percent complete may not exceed 100.', {
        fields: { percentComplete: ['at most 100'] },
      });
    events.push({ type: 'ProgressRecorded', data: { nodeId: row.nodeId, percentComplete: row.percentComplete } });
  }
  return events;
}
