// Commands and queries of the projects context: fold the project stream, decide (the project machine for
// its status), append with the expected revision, answer from the read models.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isWorkflowEventName, WorkflowRefusalHttpStatus, type ProjectAuthorityHistoryRow, type ProjectListItem } from '@binaan/contracts';
import type { EventStore, JsonValue, SqlExecutor } from '@binaan/event-store';
import { availableActions, decide, type Actor } from '@binaan/workflows';
import { companyLevels, companyManual, workflowManual } from '../authority/authority-reads.js';
import { AuthorityRefused, refusing } from '../authority/authority.errors.js';
import { companyOf } from '../authority/authority.service.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { decideCreateProject, decideManualRole, decideProjectAssignment, foldProject, parseProject, parseProjectAssignment, type ProjectState } from './project.decider.js';
import { projectStream, type ProjectEvent } from './project.events.js';
import { projectAuthorityHistory } from './project-authority-history.js';
import { projectListByUser } from './project-list.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

@Injectable()
export class ProjectsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  async list(principal: Principal): Promise<ProjectListItem[]> {
    return projectListByUser(this.db, principal, companyOf(principal));
  }

  async create(principal: Principal, body: unknown): Promise<{ success: true; id: string; revision: number; status: string }> {
    const companyId = companyOf(principal, 'project.create');
    return refusing(async () => {
      const projectId = randomUUID();
      const data = parseProject(body, { projectId, companyId, createdBy: principal.userId });
      const events = decideCreateProject(data, await this.companyActor(principal, companyId), this.now().toISOString());
      const result = await this.append(projectId, 'no_stream', events, principal);
      return { success: true as const, id: projectId, revision: result, status: events[1].data.statusAfter };
    });
  }

  async assign(principal: Principal, id: string, body: unknown, unassign: boolean): Promise<{ success: true; revision: number }> {
    const companyId = companyOf(principal, 'administration.authorityManual.update');
    return refusing(async () => {
      const state = await this.load(id, companyId);
      const assignment = parseProjectAssignment(body);
      const [member] = await this.db.query('SELECT 1 FROM company_user_roles WHERE company_id = $1 AND user_id = $2 AND status = 2 LIMIT 1', [companyId, assignment.userId]);
      const event = decideProjectAssignment(state, assignment, unassign, member !== undefined, principal.userId);
      return { success: true as const, revision: await this.append(id, state.revision, [event], principal) };
    });
  }

  async grantRole(principal: Principal, id: string, body: unknown): Promise<{ success: true; revision: number }> {
    const companyId = companyOf(principal, 'administration.authorityManual.update');
    return refusing(async () => {
      const state = await this.load(id, companyId);
      return { success: true as const, revision: await this.append(id, state.revision, [decideManualRole(state, body, principal.userId)], principal) };
    });
  }

  /** Who gave whom which level or manual role in the project, when: newest first (the company history's rights). */
  async authorityHistory(principal: Principal, id: string): Promise<{ success: true; history: ProjectAuthorityHistoryRow[] }> {
    const companyId = companyOf(principal, 'administration.authorityManual.update', 'administration.authorityManual.view');
    return refusing(async () => {
      const events = UUID.test(id) ? await this.store.readStream(projectStream(id)) : [];
      const state = foldProject(events);
      if (state === null || state.data.companyId !== companyId) throw new AuthorityRefused(404, 'projectNotFound', 'No such project in this company.');
      return { success: true as const, history: await projectAuthorityHistory(this.db, events) };
    });
  }

  /** A project workflow action (Request_Approve, Approve, Close, ...): the project machine decides with the company's levels and manual. */
  async act(principal: Principal, id: string, eventName: string, body: unknown, ifMatch: string | undefined) {
    const companyId = companyOf(principal);
    return refusing(async () => {
      if (!isWorkflowEventName(eventName)) throw new AuthorityRefused(400, 'unknownEvent', `${eventName} is not a workflow event.`);
      const state = await this.load(id, companyId);
      if (ifMatch !== undefined && ifMatch.replace(/^(W\/)?"?|"?$/g, '') !== String(state.revision)) {
        throw new AuthorityRefused(409, 'wrongExpectedRevision', `The project changed: it is at revision ${state.revision}. Read it again.`);
      }
      const actor = await this.companyActor(principal, companyId);
      const remark = typeof body === 'object' && body !== null && typeof (body as { remark?: unknown }).remark === 'string' ? (body as { remark: string }).remark.trim() : '';
      const manualView = await companyManual(this.db, companyId, 'project');
      const manual = manualView ? workflowManual(manualView) : undefined;
      const decision = decide('project', state.workflow, { type: eventName, at: this.now().toISOString(), ...(remark ? { remark } : {}), ...(manual ? { manual } : {}) }, actor);
      if (!decision.ok) throw new AuthorityRefused(WorkflowRefusalHttpStatus[decision.refusal.code], decision.refusal.code, `${eventName} refused from status ${String(decision.refusal.status)}: ${decision.refusal.code}.`);
      const revision = await this.append(id, state.revision, [{ type: 'WorkflowStatusChanged', data: decision.event }], principal);
      const after = foldProject(await this.store.readStream(projectStream(id)))!;
      return { success: true as const, id, revision, status: after.workflow.status, availableActions: availableActions('project', after.workflow, actor) };
    });
  }

  private async companyActor(principal: Principal, companyId: string): Promise<Actor> {
    const company = await companyLevels(this.db, companyId, principal.userId);
    return { userId: principal.userId, companyId, kind: principal.userType === 2 ? 'admin' : 'user', authorities: { company, project: {} } };
  }

  private async load(id: string, companyId: string): Promise<ProjectState> {
    const state = UUID.test(id) ? foldProject(await this.store.readStream(projectStream(id))) : null;
    if (state === null || state.data.companyId !== companyId) throw new AuthorityRefused(404, 'projectNotFound', 'No such project in this company.');
    return state;
  }

  private async append(id: string, expected: number | 'no_stream', events: readonly (ProjectEvent | { type: 'WorkflowStatusChanged'; data: unknown })[], principal: Principal): Promise<number> {
    const result = await this.store.append({
      streamId: projectStream(id), streamType: 'project', expectedRevision: expected,
      events: events.map((event) => ({ type: event.type, data: event.data as JsonValue, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } })),
    });
    return result.nextExpectedRevision;
  }
}

