// Deciding on projects (pure): the create body parsed, the machine's Create, assignments and manual roles
// against the folded stream. Time, ids and the actor come in as inputs.
import type { WorkflowStatusChanged } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import { decide, evolve, type Actor, type WorkflowState } from '@binaan/workflows';
import { parseAssignment, type Assignment } from '../authority/authority.decider.js';
import { AuthorityRefused, invalid } from '../authority/authority.errors.js';
import type { ProjectAssignmentData, ProjectData, ProjectEvent } from './project.events.js';

type Body = Record<string, unknown>;
const asBody = (raw: unknown): Body => (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Body) : {});

export function parseProject(raw: unknown, ids: { projectId: string; companyId: string; createdBy: string }): ProjectData {
  const body = asBody(raw);
  const problems: Record<string, string[]> = {};
  const text = (field: string, max: number, required = false): string => {
    const value = body[field];
    if (value === undefined || value === null) {
      if (required) problems[field] = ['is required'];
      return '';
    }
    if (typeof value !== 'string' || value.length > max || (required && value.trim() === '')) problems[field] = [`must be text of ${required ? '1' : '0'} to ${max} characters`];
    return typeof value === 'string' ? value.trim() : '';
  };
  const coordinate = (field: string, bound: number): number | null => {
    const value = body[field];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > bound) problems[field] = [`must be a number between -${bound} and ${bound}`];
    return typeof value === 'number' ? value : null;
  };
  const name = text('project_name', 200, true);
  const code = text('project_code', 50);
  const type = body.project_type;
  if (type !== 1 && type !== 2 && type !== 3) problems.project_type = ['must be 1 (owner), 2 (supplier) or 3 (developer)'];
  const location = text('location', 300);
  const shortDesc = text('project_short_desc', 500);
  const person = text('site_contact_person', 200);
  const phone = text('site_contact_person_number', 30);
  if (phone !== '' && !/^\+?[0-9 -]{6,20}$/.test(phone)) problems.site_contact_person_number = ['must be a phone number'];
  const category = text('project_category_name', 200);
  const latitude = coordinate('latitude', 90);
  const longitude = coordinate('longitude', 180);
  if (Object.keys(problems).length > 0) throw invalid(problems);
  return {
    ...ids, name, code, projectType: type as 1 | 2 | 3, location, shortDesc, siteContactPerson: person, siteContactPersonNumber: phone,
    categoryName: category === '' ? null : category, latitude, longitude,
  };
}

/** Create: the machine decides (CreatePropose on `project` in the company); the project opens its stream. */
export function decideCreateProject(data: ProjectData, actor: Actor, at: string): [ProjectEvent, { type: 'WorkflowStatusChanged'; data: WorkflowStatusChanged }] {
  const decision = decide('project', null, { type: 'Create', at }, actor);
  if (!decision.ok) throw new AuthorityRefused(403, decision.refusal.code, `Creating a project needs the create/propose level (10) on project: ${decision.refusal.code}.`);
  return [{ type: 'ProjectCreated', data }, { type: 'WorkflowStatusChanged', data: decision.event }];
}

export type ProjectState = { data: ProjectData; workflow: WorkflowState; held: Set<string>; roles: Set<string>; revision: number };

const key = (scope: string, code: string, userId: string, level: number) => `${scope}|${code}|${userId}|${level}`;

export function foldProject(events: readonly StoredEvent[]): ProjectState | null {
  let state: ProjectState | null = null;
  let workflow: WorkflowState | null = null;
  for (const event of events) {
    if (event.type === 'ProjectCreated') state = { data: event.data as unknown as ProjectData, workflow: null as unknown as WorkflowState, held: new Set(), roles: new Set(), revision: event.revision };
    if (state === null) continue;
    state.revision = event.revision;
    if (event.type === 'WorkflowStatusChanged') workflow = evolve(workflow, event.data as unknown as WorkflowStatusChanged);
    const a = event.data as unknown as ProjectAssignmentData;
    if (event.type === 'ProjectLevelAssigned') state.held.add(key(a.scope, a.code, a.userId, a.level));
    if (event.type === 'ProjectLevelUnassigned') state.held.delete(key(a.scope, a.code, a.userId, a.level));
    if (event.type === 'ProjectManualRoleGranted') {
      const r = event.data as { email: string; role: string };
      state.roles.add(`${r.email}|${r.role}`);
    }
  }
  if (state === null || workflow === null) return null;
  return { ...state, workflow };
}

export function parseProjectAssignment(raw: unknown): Assignment & { scope: 'workflow' | 'supply' } {
  const body = asBody(raw);
  if (body.supply !== undefined && typeof body.supply !== 'boolean') throw invalid({ supply: ['must be true or false'] });
  return { ...parseAssignment(body), scope: body.supply === true ? 'supply' : 'workflow' };
}

export function decideProjectAssignment(state: ProjectState, a: Assignment & { scope: 'workflow' | 'supply' }, unassign: boolean, isMember: boolean, by: string): ProjectEvent {
  const held = state.held.has(key(a.scope, a.code, a.userId, a.level));
  const data: ProjectAssignmentData = { projectId: state.data.projectId, scope: a.scope, code: a.code, userId: a.userId, level: a.level, by };
  if (unassign) {
    if (!held) throw new AuthorityRefused(409, 'levelNotAssigned', `The user does not hold level ${a.level} on ${a.code} in this project.`);
    return { type: 'ProjectLevelUnassigned', data };
  }
  if (!isMember) throw new AuthorityRefused(422, 'userNotCompanyMember', 'The user holds no active role in the project\'s company.', { user_id: ['userNotCompanyMember'] });
  if (held) throw new AuthorityRefused(409, 'levelAlreadyAssigned', `The user already holds level ${a.level} on ${a.code} in this project.`);
  return { type: 'ProjectLevelAssigned', data };
}

export function decideManualRole(state: ProjectState, raw: unknown, by: string): ProjectEvent {
  const body = asBody(raw);
  const problems: Record<string, string[]> = {};
  if (typeof body.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email) || body.email.length > 254) problems.email = ['must be an e-mail address'];
  if (typeof body.role !== 'string' || body.role.trim() === '' || body.role.length > 100) problems.role = ['must be 1 to 100 characters'];
  if (Object.keys(problems).length > 0) throw invalid(problems);
  const email = (body.email as string).toLowerCase();
  const role = (body.role as string).trim();
  if (state.roles.has(`${email}|${role}`)) throw new AuthorityRefused(409, 'manualRoleAlreadyGranted', `${email} already has the role ${role} in this project.`);
  return { type: 'ProjectManualRoleGranted', data: { projectId: state.data.projectId, email, role, by } };
}
