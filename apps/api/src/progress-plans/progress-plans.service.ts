// The write and read paths of a project's progress plan: the rows are the BQ's (read through BqLoader),
// the plan's own events give each its planned dates and percent complete. A change reads the stream,
// checks the revision read (409 when stale), decides (rows: progress-plan.decider.ts; status: the
// progressPlanning machine with the project's authority) and appends with that revision as the expected one.
import { refusal, Refused } from '../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import { WorkflowRefusalHttpStatus, type ProgressEntryView, type ProgressPlanView, type WorkflowRefusalCode } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type JsonValue } from '@binaan/event-store';
import { availableActions, decide, type Actor } from '@binaan/workflows';
import { BqAccess } from '../bills-of-quantity/bq-access.js';
import { BqLoader } from '../bills-of-quantity/bq-loader.js';
import { flatNodes, type BqState } from '../bills-of-quantity/bq-tree.js';
import { CLOCK, type Clock, type Principal } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { applyPlanEvent, datesEditable, decidePlanRow, emptyPlan, type PlanRow, type ProgressPlanState } from './progress-plan.decider.js';
import { PROGRESS_STREAM_TYPE, progressStreamId, type ProgressPlanEvent } from './progress-plan.events.js';

const NOT_FOUND = 'progressPlanNotFound';

const actionsOf = (actions: ReturnType<typeof availableActions>): ProgressPlanView['availableActions'] =>
  actions.map((action) => ({ event: action.event, labelKey: action.labelKey, requiredFields: [...action.requiredFields] }));

@Injectable()
export class ProgressPlans {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly access: BqAccess,
    private readonly bq: BqLoader,
  ) {}

  async load(projectId: string): Promise<ProgressPlanState | null> {
    const state = emptyPlan(projectId);
    for (const stored of await this.store.readStream(progressStreamId(projectId))) {
      applyPlanEvent(state, { type: stored.type, data: stored.data } as ProgressPlanEvent, stored.revision, stored.metadata.recordedAt);
    }
    return state.revision < 0 ? null : state;
  }

  async view(principal: Principal, projectId: string): Promise<ProgressPlanView> {
    const actor = await this.access.actor(principal, projectId, NOT_FOUND);
    const state = (await this.load(projectId)) ?? emptyPlan(projectId);
    const bq = await this.bq.current(projectId);
    const refusal = this.access.editRefusal(principal, actor, 'progressPlanning');
    const readOnlyBecause = refusal ?? (datesEditable(state) ? null : 'progressPlanNotEditable');
    return {
      projectId,
      status: state.workflow?.status ?? null,
      revision: state.revision,
      editable: readOnlyBecause === null,
      readOnlyBecause,
      canRecord: state.workflow !== null && refusal === null,
      entries: bq ? entriesOf(bq, state) : [],
      availableActions: actionsOf(availableActions('progressPlanning', state.workflow, actor)),
      updatedAt: state.updatedAt,
    };
  }

  async start(principal: Principal, projectId: string): Promise<{ success: true; revision: number }> {
    const actor = await this.access.editor(principal, projectId, NOT_FOUND);
    if (await this.load(projectId)) throw refusal(409, 'progressPlanExists', 'This project has a progress plan already.');
    const manual = await this.access.manual(actor.companyId, 'progressPlanning');
    const decision = decide(
      'progressPlanning',
      null,
      { type: 'Create', at: this.now().toISOString(), ...(manual ? { manual } : {}) },
      actor,
    );
    if (!decision.ok) throw refusedByMachine(decision.refusal.code, 'Create');
    const events: ProgressPlanEvent[] = [
      { type: 'ProgressPlanStarted', data: { projectId, companyId: actor.companyId } },
      { type: 'WorkflowStatusChanged', data: decision.event },
    ];
    return { success: true, revision: await this.append(projectId, 'no_stream', events, actor) };
  }

  /** Planned dates and / or percent complete of one BQ row (CreatePropose on progressPlanning). */
  async plan(principal: Principal, projectId: string, row: PlanRow, base: number): Promise<{ success: true; revision: number }> {
    const actor = await this.access.editor(principal, projectId, NOT_FOUND);
    if (!this.access.proposes(actor, 'progressPlanning'))
      throw refusal(403, 'noAuthority', 'Planning needs CreatePropose (level 10) on progressPlanning in the project.');
    const state = await this.current(projectId, base);
    const bq = await this.bq.current(projectId);
    if (!bq?.nodes.has(row.nodeId)) throw refusal(404, 'progressNodeNotFound', 'No such row in the bill of quantity.');
    const events = decidePlanRow(state, row);
    return { success: true, revision: events.length === 0 ? state.revision : await this.append(projectId, state.revision, events, actor) };
  }

  async act(principal: Principal, projectId: string, eventName: string, remark: string | undefined, base: number) {
    const actor = await this.access.actor(principal, projectId, NOT_FOUND);
    const state = await this.current(projectId, base);
    const manual = await this.access.manual(state.companyId, 'progressPlanning');
    const decision = decide(
      'progressPlanning',
      state.workflow,
      { type: eventName as 'Approve', at: this.now().toISOString(), ...(remark ? { remark } : {}), ...(manual ? { manual } : {}) },
      actor,
    );
    if (!decision.ok) throw refusedByMachine(decision.refusal.code, eventName);
    const revision = await this.append(projectId, state.revision, [{ type: 'WorkflowStatusChanged', data: decision.event }], actor);
    const after = applyPlanEvent(state, { type: 'WorkflowStatusChanged', data: decision.event }, revision, this.now().toISOString());
    return {
      success: true as const,
      id: projectId,
      revision,
      status: after.workflow!.status,
      availableActions: actionsOf(availableActions('progressPlanning', after.workflow, actor)),
    };
  }

  async history(principal: Principal, projectId: string) {
    await this.access.reader(principal, projectId, NOT_FOUND);
    const events = await this.store.readStream(progressStreamId(projectId));
    if (events.length === 0) throw refusal(404, NOT_FOUND, 'This project has no progress plan yet.');
    return events.map((stored) => ({
      revision: stored.revision,
      type: stored.type,
      data: stored.data,
      at: stored.metadata.recordedAt,
      userId: stored.metadata.actorUserId ?? null,
    }));
  }

  private async current(projectId: string, base: number): Promise<ProgressPlanState> {
    const state = await this.load(projectId);
    if (!state) throw refusal(404, NOT_FOUND, 'This project has no progress plan yet.');
    if (base !== state.revision)
      throw refusal(
        409,
        'wrongExpectedRevision',
        `The plan changed: you sent revision ${base}, it is at ${state.revision}. Read it again.`,
        { revision: state.revision },
      );
    return state;
  }

  private async append(
    projectId: string,
    expected: number | 'no_stream',
    events: readonly ProgressPlanEvent[],
    actor: Actor,
  ): Promise<number> {
    try {
      const result = await this.store.append({
        streamId: progressStreamId(projectId),
        streamType: PROGRESS_STREAM_TYPE,
        expectedRevision: expected,
        events: events.map((event) => ({
          type: event.type,
          data: event.data as unknown as JsonValue,
          metadata: { actorUserId: actor.userId, actorCompanyId: actor.companyId },
        })),
      });
      return result.events.at(-1)!.revision;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
      throw expected === 'no_stream'
        ? refusal(409, 'progressPlanExists', 'This project has a progress plan already.')
        : refusal(409, 'wrongExpectedRevision', 'The plan changed meanwhile. Read it again.');
    }
  }
}

function refusedByMachine(code: WorkflowRefusalCode, eventName: string): Refused {
  return refusal(WorkflowRefusalHttpStatus[code] ?? 409, code, `${eventName} refused: ${code}.`);
}

/** The BQ's rows depth first (tabs in order), each with its depth and the plan's entry. */
export function entriesOf(bq: BqState, plan: ProgressPlanState): ProgressEntryView[] {
  const depths = new Map<string, number>();
  return flatNodes(bq).map((node) => {
    const depth = node.parentId === null ? 0 : (depths.get(node.parentId) ?? 0) + 1;
    depths.set(node.id, depth);
    const entry = plan.entries.get(node.id);
    return {
      nodeId: node.id,
      tabId: node.tabId,
      tabName: bq.tabs.get(node.tabId)?.name ?? '',
      parentId: node.parentId,
      depth,
      type: node.type,
      title: node.title,
      plannedStart: entry?.plannedStart ?? null,
      plannedEnd: entry?.plannedEnd ?? null,
      percentComplete: entry?.percentComplete ?? null,
    };
  });
}
