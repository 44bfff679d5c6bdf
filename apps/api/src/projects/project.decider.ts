// Deciding on projects (pure): the machine's Create, edits, assignments, manual roles, and the member and
// stage machines, against the folded stream. Time, ids and the actor come in as inputs.
import { refusal, invalidFields } from '../common/refusal.js';
import type { WorkflowStatusChanged } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import { decide, evolve, type Actor, type WorkflowCommand, type WorkflowState } from '@binaan/workflows';
import { parseAssignment, type Assignment } from '../authority/authority.decider.js';
import { parseProjectFields } from './project-fields.js';
import type {
  ProjectAssignmentData,
  ProjectData,
  ProjectEvent,
  ProjectFields,
  ProjectMemberChange,
  ProjectStageChange,
} from './project.events.js';

type Body = Record<string, unknown>;
const asBody = (raw: unknown): Body => (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Body) : {});

export function parseProject(raw: unknown, ids: { projectId: string; companyId: string; createdBy: string }): ProjectData {
  return { ...ids, ...parseProjectFields(raw) };
}

/** Create: the machine decides (CreatePropose on `project` in the company); the project opens its stream. */
export function decideCreateProject(
  data: ProjectData,
  actor: Actor,
  at: string,
): [ProjectEvent, { type: 'WorkflowStatusChanged'; data: WorkflowStatusChanged }] {
  const decision = decide('project', null, { type: 'Create', at }, actor);
  if (!decision.ok)
    throw refusal(
      403,
      decision.refusal.code,
      `Creating a project needs the create/propose level (10) on project: ${decision.refusal.code}.`,
    );
  return [
    { type: 'ProjectCreated', data },
    { type: 'WorkflowStatusChanged', data: decision.event },
  ];
}

export type ProjectMember = { userId: string; workflow: WorkflowState };
export type ProjectStage = { stageId: string; name: string; workflow: WorkflowState };

export type ProjectState = {
  data: ProjectData;
  workflow: WorkflowState;
  held: Set<string>;
  roles: Set<string>;
  /** By user id: the user's latest membership (a rejected one is replaced when invited again). */
  members: Map<string, ProjectMember>;
  stages: Map<string, ProjectStage>;
  revision: number;
};

const key = (scope: string, code: string, userId: string, level: number) => `${scope}|${code}|${userId}|${level}`;

export function foldProject(events: readonly StoredEvent[]): ProjectState | null {
  let state: ProjectState | null = null;
  let workflow: WorkflowState | null = null;
  for (const event of events) {
    if (event.type === 'ProjectCreated') {
      state = {
        data: { region: null, ...(event.data as unknown as ProjectData) },
        workflow: null as unknown as WorkflowState,
        held: new Set(),
        roles: new Set(),
        members: new Map(),
        stages: new Map(),
        revision: event.revision,
      };
    }
    if (state === null) continue;
    state.revision = event.revision;
    if (event.type === 'WorkflowStatusChanged') workflow = evolve(workflow, event.data as unknown as WorkflowStatusChanged);
    if (event.type === 'ProjectEdited') state.data = { ...state.data, ...(event.data as unknown as { fields: ProjectFields }).fields };
    const a = event.data as unknown as ProjectAssignmentData;
    if (event.type === 'ProjectLevelAssigned') state.held.add(key(a.scope, a.code, a.userId, a.level));
    if (event.type === 'ProjectLevelUnassigned') state.held.delete(key(a.scope, a.code, a.userId, a.level));
    if (event.type === 'ProjectManualRoleGranted') {
      const r = event.data as { email: string; role: string };
      state.roles.add(`${r.email}|${r.role}`);
    }
    if (event.type === 'ProjectMemberStatusChanged') {
      const m = event.data as unknown as ProjectMemberChange;
      const before = m.change.workflowEvent === 'Create' ? null : (state.members.get(m.userId)?.workflow ?? null);
      state.members.set(m.userId, { userId: m.userId, workflow: evolve(before, m.change) });
    }
    if (event.type === 'ProjectStageStatusChanged') {
      const s = event.data as unknown as ProjectStageChange;
      state.stages.set(s.stageId, {
        stageId: s.stageId,
        name: s.name,
        workflow: evolve(state.stages.get(s.stageId)?.workflow ?? null, s.change),
      });
    }
  }
  if (state === null || workflow === null) return null;
  return { ...state, workflow };
}

/** Statuses in which the project's record may still change (edit, members, stages). */
const OPEN = new Set(['new', 'pendingApproval', 'rejected', 'active']);

function mustBeOpen(state: ProjectState, what: string): void {
  if (!OPEN.has(state.workflow.status))
    throw refusal(409, 'projectNotOpen', `A ${state.workflow.status} project takes no ${what}: reopen or restore it first.`);
}

export function decideEditProject(state: ProjectState, fields: ProjectFields, by: string): ProjectEvent {
  mustBeOpen(state, 'edit');
  return { type: 'ProjectEdited', data: { projectId: state.data.projectId, fields, by } };
}

export function parseProjectAssignment(raw: unknown): Assignment & { scope: 'workflow' | 'supply' } {
  const body = asBody(raw);
  if (body.supply !== undefined && typeof body.supply !== 'boolean') throw invalidFields({ supply: ['must be true or false'] });
  return { ...parseAssignment(body), scope: body.supply === true ? 'supply' : 'workflow' };
}

export function decideProjectAssignment(
  state: ProjectState,
  a: Assignment & { scope: 'workflow' | 'supply' },
  unassign: boolean,
  isMember: boolean,
  by: string,
): ProjectEvent {
  const held = state.held.has(key(a.scope, a.code, a.userId, a.level));
  const data: ProjectAssignmentData = {
    projectId: state.data.projectId,
    scope: a.scope,
    code: a.code,
    userId: a.userId,
    level: a.level,
    by,
  };
  if (unassign) {
    if (!held) throw refusal(409, 'levelNotAssigned', `The user does not hold level ${a.level} on ${a.code} in this project.`);
    return { type: 'ProjectLevelUnassigned', data };
  }
  if (!isMember)
    throw refusal(422, 'userNotCompanyMember', "The user holds no active role in the project's company.", {
      fields: { user_id: ['userNotCompanyMember'] },
    });
  if (held) throw refusal(409, 'levelAlreadyAssigned', `The user already holds level ${a.level} on ${a.code} in this project.`);
  return { type: 'ProjectLevelAssigned', data };
}

export function decideManualRole(state: ProjectState, raw: unknown, by: string): ProjectEvent {
  const body = asBody(raw);
  const problems: Record<string, string[]> = {};
  if (typeof body.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email) || body.email.length > 254)
    problems.email = ['must be an e-mail address'];
  if (typeof body.role !== 'string' || body.role.trim() === '' || body.role.length > 100) problems.role = ['must be 1 to 100 characters'];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const email = (body.email as string).toLowerCase();
  const role = (body.role as string).trim();
  if (state.roles.has(`${email}|${role}`))
    throw refusal(409, 'manualRoleAlreadyGranted', `${email} already has the role ${role} in this project.`);
  return { type: 'ProjectManualRoleGranted', data: { projectId: state.data.projectId, email, role, by } };
}

const refuse = (resource: string, event: string, workflow: { code: string; status: unknown }, status: (code: string) => number): never => {
  throw refusal(
    status(workflow.code),
    workflow.code,
    `${resource} ${event} refused from status ${String(workflow.status)}: ${workflow.code}.`,
  );
};

/** Inviting a user of the company: the member machine's Create, which opens the approval round at once. */
export function decideInviteMember(
  state: ProjectState,
  userId: string,
  isCompanyMember: boolean,
  actor: Actor,
  command: Omit<WorkflowCommand, 'type'>,
  status: (code: string) => number,
): ProjectEvent {
  mustBeOpen(state, 'new members');
  if (!isCompanyMember)
    throw refusal(422, 'userNotCompanyMember', "The user holds no active role in the project's company.", {
      fields: { user_id: ['userNotCompanyMember'] },
    });
  const current = state.members.get(userId);
  if (current && current.workflow.status !== 'Rejected')
    throw refusal(409, 'memberAlreadyInvited', `The user is already a member of this project (${current.workflow.status}).`, {
      fields: { user_id: ['memberAlreadyInvited'] },
    });
  const decision = decide('projectMember', null, { ...command, type: 'Create' }, actor);
  if (!decision.ok) return refuse('projectMember', 'Create', decision.refusal, status);
  return { type: 'ProjectMemberStatusChanged', data: { projectId: state.data.projectId, userId, change: decision.event } };
}

export function decideMemberAction(
  state: ProjectState,
  userId: string,
  command: WorkflowCommand,
  actor: Actor,
  status: (code: string) => number,
): ProjectEvent {
  const member = state.members.get(userId);
  if (!member) throw refusal(404, 'memberNotFound', 'No such member in this project.');
  if (command.type === 'Create') throw refusal(409, 'wrongStatus', 'Invite the user instead (POST members).');
  const decision = decide('projectMember', member.workflow, command, actor);
  if (!decision.ok) return refuse('projectMember', command.type, decision.refusal, status);
  return { type: 'ProjectMemberStatusChanged', data: { projectId: state.data.projectId, userId, change: decision.event } };
}

export function parseStageName(state: ProjectState, raw: unknown): string {
  const name = asBody(raw).name;
  if (typeof name !== 'string' || name.trim() === '') throw invalidFields({ name: ['stageNameRequired'] });
  if (name.trim().length > 100) throw invalidFields({ name: ['stageNameTooLong'] });
  const taken = [...state.stages.values()].some(
    (s) => s.workflow.status !== 'terminated' && s.name.toLowerCase() === name.trim().toLowerCase(),
  );
  if (taken)
    throw refusal(409, 'stageNameTaken', 'A stage of this name is already under way in the project.', {
      fields: { name: ['stageNameTaken'] },
    });
  return name.trim();
}

export function decideAddStage(
  state: ProjectState,
  stageId: string,
  name: string,
  actor: Actor,
  command: Omit<WorkflowCommand, 'type'>,
  status: (code: string) => number,
): ProjectEvent {
  mustBeOpen(state, 'new stages');
  const decision = decide('projectStage', null, { ...command, type: 'Create' }, actor);
  if (!decision.ok) return refuse('projectStage', 'Create', decision.refusal, status);
  return { type: 'ProjectStageStatusChanged', data: { projectId: state.data.projectId, stageId, name, change: decision.event } };
}

export function decideStageAction(
  state: ProjectState,
  stageId: string,
  command: WorkflowCommand,
  actor: Actor,
  status: (code: string) => number,
): ProjectEvent {
  const stage = state.stages.get(stageId);
  if (!stage) throw refusal(404, 'stageNotFound', 'No such stage in this project.');
  if (command.type === 'Create') throw refusal(409, 'wrongStatus', 'Add a stage instead (POST stages).');
  const decision = decide('projectStage', stage.workflow, command, actor);
  if (!decision.ok) return refuse('projectStage', command.type, decision.refusal, status);
  return {
    type: 'ProjectStageStatusChanged',
    data: { projectId: state.data.projectId, stageId, name: stage.name, change: decision.event },
  };
}
