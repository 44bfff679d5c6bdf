// Commands of the projects context: fold the project stream, decide (the project, member and stage
// machines for their statuses), append with the expected revision. Queries are in project-queries.ts.
import { refusal } from '../common/refusal.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  isWorkflowEventName,
  WorkflowRefusalHttpStatus,
  type ProjectAuthorityHistoryRow,
  type WorkflowRefusalCode,
} from '@binaan/contracts';
import type { EventStore, JsonValue, SqlExecutor } from '@binaan/event-store';
import { availableActions, decide, type Actor, type WorkflowCommand } from '@binaan/workflows';
import { companyLevels, companyManual, workflowManual } from '../authority/authority-reads.js';
import { companyOf } from '../authority/authority.service.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { parseProjectFields } from './project-fields.js';
import {
  decideAddStage,
  decideCreateProject,
  decideEditProject,
  decideInviteMember,
  decideManualRole,
  decideMemberAction,
  decideProjectAssignment,
  decideStageAction,
  foldProject,
  parseProject,
  parseProjectAssignment,
  parseStageName,
  type ProjectState,
} from './project.decider.js';
import { projectStream, type ProjectEvent, type ProjectFields } from './project.events.js';
import { projectSetupNames } from '../company-setups/project-setup-picks.js';
import { projectAuthorityHistory } from './project-authority-history.js';
import { mergeLevels, projectLevels } from './project-reads.js';
import { isUuid } from '../common/uuid.js';

const httpStatus = (code: string) => WorkflowRefusalHttpStatus[code as WorkflowRefusalCode] ?? 409;
type Acted = { success: true; id: string; revision: number; status: string };

@Injectable()
export class ProjectsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  async create(principal: Principal, body: unknown): Promise<Acted> {
    const companyId = companyOf(principal, 'project.create');
    const projectId = randomUUID();
    const data = await this.withSetupNames(companyId, parseProject(body, { projectId, companyId, createdBy: principal.userId }), null);
    await this.codeFree(companyId, data.code, projectId);
    const events = decideCreateProject(data, await this.companyActor(principal, companyId), this.now().toISOString());
    const result = await this.append(projectId, 'no_stream', events, principal);
    return { success: true as const, id: projectId, revision: result, status: events[1].data.statusAfter };
  }

  /** Edit: every field again (the form sends them all), by whoever may create projects and proposes on `project` in the company. */
  async edit(principal: Principal, id: string, body: unknown, ifMatch: string | undefined): Promise<Acted> {
    const companyId = companyOf(principal, 'project.create');
    const state = await this.load(id, companyId, ifMatch);
    const levels = (await companyLevels(this.db, companyId, principal.userId)).project ?? [];
    if (levels.length === 0 && principal.userType !== 2)
      throw refusal(403, 'noAuthority', 'Editing a project needs a level on project in the company.');
    const fields = await this.withSetupNames(companyId, parseProjectFields(body), state.data);
    await this.codeFree(companyId, fields.code, id);
    const revision = await this.append(id, state.revision, [decideEditProject(state, fields, principal.userId)], principal);
    return { success: true as const, id, revision, status: state.workflow.status };
  }

  async assign(principal: Principal, id: string, body: unknown, unassign: boolean): Promise<{ success: true; revision: number }> {
    const companyId = companyOf(principal, 'administration.authorityManual.update');
    const state = await this.load(id, companyId);
    const assignment = parseProjectAssignment(body);
    const event = decideProjectAssignment(
      state,
      assignment,
      unassign,
      await this.isCompanyMember(companyId, assignment.userId),
      principal.userId,
    );
    return { success: true as const, revision: await this.append(id, state.revision, [event], principal) };
  }

  async grantRole(principal: Principal, id: string, body: unknown): Promise<{ success: true; revision: number }> {
    const companyId = companyOf(principal, 'administration.authorityManual.update');
    const state = await this.load(id, companyId);
    return {
      success: true as const,
      revision: await this.append(id, state.revision, [decideManualRole(state, body, principal.userId)], principal),
    };
  }

  /** Who gave whom which level or manual role in the project, when: newest first (the company history's rights). */
  async authorityHistory(principal: Principal, id: string): Promise<{ success: true; history: ProjectAuthorityHistoryRow[] }> {
    const companyId = companyOf(principal, 'administration.authorityManual.update', 'administration.authorityManual.view');
    const events = isUuid(id) ? await this.store.readStream(projectStream(id)) : [];
    const state = foldProject(events);
    if (state === null || state.data.companyId !== companyId) throw refusal(404, 'projectNotFound', 'No such project in this company.');
    return { success: true as const, history: await projectAuthorityHistory(this.db, events) };
  }

  /** A project workflow action (Request_Approve, Approve, Close, ...): the project machine decides with the company's levels and manual. */
  async act(principal: Principal, id: string, eventName: string, body: unknown, ifMatch: string | undefined) {
    const companyId = companyOf(principal);
    const state = await this.load(id, companyId, ifMatch);
    const actor = await this.companyActor(principal, companyId);
    const decision = decide('project', state.workflow, await this.command(companyId, 'project', eventName, body), actor);
    if (!decision.ok)
      throw refusal(
        httpStatus(decision.refusal.code),
        decision.refusal.code,
        `${eventName} refused from status ${String(decision.refusal.status)}: ${decision.refusal.code}.`,
      );
    const revision = await this.append(id, state.revision, [{ type: 'WorkflowStatusChanged', data: decision.event }], principal);
    const after = foldProject(await this.store.readStream(projectStream(id)))!;
    return {
      success: true as const,
      id,
      revision,
      status: after.workflow.status,
      availableActions: availableActions('project', after.workflow, actor),
    };
  }

  /** Invite a user of the company: the member machine's Create (CreatePropose on projectMember), its approval round opens at once. */
  async invite(principal: Principal, id: string, body: unknown, ifMatch: string | undefined): Promise<Acted> {
    const companyId = companyOf(principal);
    const state = await this.load(id, companyId, ifMatch);
    const userId = (body as { user_id?: unknown } | null)?.user_id;
    if (typeof userId !== 'string' || userId === '' || userId.length > 100)
      throw refusal(400, 'validationFailed', 'Name the user to invite.', { fields: { user_id: ['userRequired'] } });
    const command = await this.command(companyId, 'projectMember', 'Create', {});
    const event = decideInviteMember(
      state,
      userId,
      await this.isCompanyMember(companyId, userId),
      await this.projectActor(principal, companyId, id),
      command,
      httpStatus,
    );
    const revision = await this.append(id, state.revision, [event], principal);
    return { success: true as const, id: userId, revision, status: 'New' };
  }

  async memberAct(
    principal: Principal,
    id: string,
    userId: string,
    eventName: string,
    body: unknown,
    ifMatch: string | undefined,
  ): Promise<Acted> {
    const companyId = companyOf(principal);
    const state = await this.load(id, companyId, ifMatch);
    const event = decideMemberAction(
      state,
      userId,
      await this.command(companyId, 'projectMember', eventName, body),
      await this.projectActor(principal, companyId, id),
      httpStatus,
    );
    const revision = await this.append(id, state.revision, [event], principal);
    return { success: true as const, id: userId, revision, status: (event.data as { change: { statusAfter: string } }).change.statusAfter };
  }

  /** A stage of the project (its name), through the stage machine's Create. */
  async addStage(principal: Principal, id: string, body: unknown, ifMatch: string | undefined): Promise<Acted> {
    const companyId = companyOf(principal);
    const state = await this.load(id, companyId, ifMatch);
    const name = parseStageName(state, body);
    const stageId = randomUUID();
    const event = decideAddStage(
      state,
      stageId,
      name,
      await this.projectActor(principal, companyId, id),
      await this.command(companyId, 'projectStage', 'Create', {}),
      httpStatus,
    );
    const revision = await this.append(id, state.revision, [event], principal);
    return { success: true as const, id: stageId, revision, status: 'onGoing' };
  }

  async stageAct(
    principal: Principal,
    id: string,
    stageId: string,
    eventName: string,
    body: unknown,
    ifMatch: string | undefined,
  ): Promise<Acted> {
    const companyId = companyOf(principal);
    const state = await this.load(id, companyId, ifMatch);
    const event = decideStageAction(
      state,
      stageId,
      await this.command(companyId, 'projectStage', eventName, body),
      await this.projectActor(principal, companyId, id),
      httpStatus,
    );
    const revision = await this.append(id, state.revision, [event], principal);
    return {
      success: true as const,
      id: stageId,
      revision,
      status: (event.data as { change: { statusAfter: string } }).change.statusAfter,
    };
  }

  /** The command for a machine: the event, the time, the remark, and the company's manual for the resource. */
  private async command(companyId: string, resource: string, eventName: string, body: unknown): Promise<WorkflowCommand> {
    if (!isWorkflowEventName(eventName)) throw refusal(400, 'unknownEvent', `${eventName} is not a workflow event.`);
    const raw = typeof body === 'object' && body !== null ? (body as { remark?: unknown }).remark : undefined;
    if (raw !== undefined && (typeof raw !== 'string' || raw.length > 1000))
      throw refusal(400, 'validationFailed', 'A remark is text of at most 1,000 characters.', { fields: { remark: ['remarkInvalid'] } });
    const remark = typeof raw === 'string' ? raw.trim() : '';
    const view = await companyManual(this.db, companyId, resource);
    const manual = view ? workflowManual(view) : undefined;
    return { type: eventName, at: this.now().toISOString(), ...(remark ? { remark } : {}), ...(manual ? { manual } : {}) };
  }

  private async companyActor(principal: Principal, companyId: string): Promise<Actor> {
    const company = await companyLevels(this.db, companyId, principal.userId);
    return {
      userId: principal.userId,
      companyId,
      kind: principal.userType === 2 ? 'admin' : 'user',
      authorities: { company, project: {} },
    };
  }

  /**
   * Members and stages take project authority: the user's levels in the project (as an approved member) and,
   * so that a new project can get its first members, the user's company levels on the same resources.
   */
  private async projectActor(principal: Principal, companyId: string, projectId: string): Promise<Actor> {
    const [company, project] = await Promise.all([
      companyLevels(this.db, companyId, principal.userId),
      projectLevels(this.db, projectId, principal.userId),
    ]);
    return {
      userId: principal.userId,
      companyId,
      kind: principal.userType === 2 ? 'admin' : 'user',
      authorities: { company, project: mergeLevels(company, project) },
    };
  }

  private async isCompanyMember(companyId: string, userId: string): Promise<boolean> {
    const [row] = await this.db.query('SELECT 1 FROM company_user_roles WHERE company_id = $1 AND user_id = $2 AND status = 2 LIMIT 1', [
      companyId,
      userId,
    ]);
    return row !== undefined;
  }

  /**
   * A category picked from the company's setups names the project's category; none picked keeps the text sent
   * (a project recorded before categories were kept keeps its own).
   */
  private async withSetupNames<T extends ProjectFields>(
    companyId: string,
    fields: T,
    before: Pick<ProjectFields, 'categoryId' | 'companyRegionId'> | null,
  ): Promise<T> {
    const picks = { categoryId: fields.categoryId ?? null, companyRegionId: fields.companyRegionId ?? null };
    const names = await projectSetupNames(
      this.db,
      companyId,
      picks,
      before ? { categoryId: before.categoryId ?? null, companyRegionId: before.companyRegionId ?? null } : null,
    );
    return { ...fields, categoryName: names.categoryName ?? fields.categoryName, companyRegionName: names.companyRegionName };
  }

  /** A project code is unique in its company (case aside): a project manager finds a project by it. */
  private async codeFree(companyId: string, code: string, projectId: string): Promise<void> {
    const [row] = await this.db.query(
      'SELECT 1 FROM projects WHERE company_id = $1 AND lower(code) = lower($2) AND project_id <> $3 LIMIT 1',
      [companyId, code, projectId],
    );
    if (row)
      throw refusal(409, 'projectCodeTaken', `Another project of the company has the code ${code}.`, {
        fields: { project_code: ['projectCodeTaken'] },
      });
  }

  private async load(id: string, companyId: string, ifMatch?: string): Promise<ProjectState> {
    const state = isUuid(id) ? foldProject(await this.store.readStream(projectStream(id))) : null;
    if (state === null || state.data.companyId !== companyId) throw refusal(404, 'projectNotFound', 'No such project in this company.');
    if (ifMatch !== undefined && ifMatch.replace(/^(W\/)?"?|"?$/g, '') !== String(state.revision)) {
      throw refusal(409, 'wrongExpectedRevision', `The project changed: it is at revision ${state.revision}. Read it again.`);
    }
    return state;
  }

  private async append(
    id: string,
    expected: number | 'no_stream',
    events: readonly (ProjectEvent | { type: 'WorkflowStatusChanged'; data: unknown })[],
    principal: Principal,
  ): Promise<number> {
    const result = await this.store.append({
      streamId: projectStream(id),
      streamType: 'project',
      expectedRevision: expected,
      events: events.map((event) => ({
        type: event.type,
        data: event.data as JsonValue,
        metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId },
      })),
    });
    return result.nextExpectedRevision;
  }
}
