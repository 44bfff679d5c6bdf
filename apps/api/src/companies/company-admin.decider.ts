// Deciding on a company's registration, submission, members and roles (pure but for the refusal type):
// the machines (companySubmission, user, companyRole) decide every status change with the actor's
// authority; time, ids and the actor come in as inputs. Returns the events to append.

import {
  ACCESS_RIGHTS,
  ErrorCodes,
  MAX_ROLES_PER_USER,
  WorkflowRefusalHttpStatus,
  companyRegistrationErrors,
  isAccessRight,
  normaliseEmail,
  type AuthorityLevel,
  type CompanyRegistrationInput,
  type WorkflowEventName,
  type WorkflowResource,
  type WorkflowStatusChanged,
} from '@binaan/contracts';
import { decide, evolve, type Actor, type WorkflowState } from '@binaan/workflows';
import { refusal } from '../common/refusal.js';
import type { CompanyAdminEvent } from './company-admin.events.js';
import type { CompanyEvent } from './company.events.js';
import { SUBMISSION_STATUS_NUMBER, heldRoles, type CompanyMember, type CompanyState } from './company-state.js';

export type CompanyChange = CompanyEvent | CompanyAdminEvent;

/** Every right a company role may give: all but the platform's own admin module. */
export const COMPANY_RIGHTS = ACCESS_RIGHTS.filter((right) => !right.startsWith('admin.'));
export const ADMINISTRATOR_ROLE_ID = 'company-admin';
export const ADMINISTRATOR_ROLE_NAME = 'Company Administrator';

/**
 * The machines' authority for a company's own records comes from the access rights (the spec gives no
 * authority manual for them): the users module's update right proposes (level 10: invite, propose a role),
 * its approve right decides (level 20: activate, suspend, approve a role); the company profile's update
 * right submits the registration. A platform administrator acts as 'admin' (approve, reject).
 */
export function companyActor(userId: string, companyId: string, rights: ReadonlySet<string>, userType: 1 | 2): Actor {
  const levels = (propose: boolean, approve: boolean): AuthorityLevel[] => [
    ...(propose ? [10 as const] : []),
    ...(approve ? [20 as const] : []),
  ];
  const users = levels(rights.has('administration.users.update'), rights.has('administration.users.approve'));
  return {
    userId,
    companyId,
    kind: userType === 2 ? 'admin' : 'user',
    authorities: {
      company: { user: users, companyRole: users, companySubmission: levels(rights.has('administration.companyProfile.update'), false) },
      project: {},
    },
  };
}

/** One machine step, or the refusal it stands for (the spec's own message code where the machine has one). */
export function machineStep<R extends WorkflowResource>(
  resource: R,
  state: WorkflowState<R> | null,
  type: WorkflowEventName,
  actor: Actor,
  at: string,
  remark?: string,
): WorkflowStatusChanged<R> {
  const decision = decide(resource, state, { type, at, ...(remark ? { remark } : {}) }, actor);
  if (decision.ok) return decision.event;
  const { code, detail } = decision.refusal;
  const status = WorkflowRefusalHttpStatus[code] ?? 409;
  throw refusal(
    status,
    detail ?? code,
    `${type} refused${decision.refusal.status ? ` from ${String(decision.refusal.status)}` : ''}: ${detail ?? code}.`,
  );
}

/** The registration as given, trimmed, or 400 validationFailed naming each field. */
export function parseRegistration(raw: unknown, now: Date): CompanyRegistrationInput {
  const input = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Partial<CompanyRegistrationInput>;
  const fields = companyRegistrationErrors(input, now);
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
  const a = input.address!;
  const optional = (value: string | undefined) => (value && value.trim() !== '' ? { value: value.trim() } : null);
  const sst = optional(input.sstNo);
  const fax = optional(input.fax);
  const website = optional(input.website);
  const line2 = optional(a.line2);
  return {
    name: input.name!.trim(),
    displayName: input.displayName!.trim(),
    companyType: input.companyType!,
    registrationNo: input.registrationNo!.trim().toUpperCase(),
    registrationNoNew: input.registrationNoNew!.trim(),
    ...(sst ? { sstNo: sst.value.toUpperCase() } : {}),
    companyCode: input.companyCode!.trim().toUpperCase(),
    address: {
      line1: a.line1.trim(),
      ...(line2 ? { line2: line2.value } : {}),
      city: a.city.trim(),
      postcode: a.postcode.trim(),
      state: a.state,
      country: 'MY',
    },
    phone: input.phone!.trim(),
    ...(fax ? { fax: fax.value } : {}),
    ...(website ? { website: website.value } : {}),
    subscriptionType: input.subscriptionType!,
    ...(input.subscriptionType === 14 ? { cidbGrade: input.cidbGrade!, cidbSpecialisations: [...input.cidbSpecialisations!].sort() } : {}),
  };
}

/** A step's remark from a request body: text of at most 2,000 characters, blank as none; else 400 naming it. */
export function remarkOf(body: unknown): string | undefined {
  const remark = (body as { remark?: unknown } | null)?.remark;
  if (remark === undefined || remark === null) return undefined;
  if (typeof remark !== 'string' || remark.length > 2000)
    throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: remark.', {
      fields: { remark: ['must be text of at most 2000 characters'] },
    });
  return remark.trim() || undefined;
}

type Registrant = { userId: string; email: string; name: string };

/**
 * A new company: registered in progress, its details, the Company Administrator role with every company
 * right, and the registrant as an activated member holding it (the machines' own steps, as the
 * registrant, who holds the administrator's levels from this moment).
 */
export function decideRegistration(
  details: CompanyRegistrationInput,
  companyId: string,
  registrant: Registrant,
  at: string,
): CompanyChange[] {
  const actor = companyActor(registrant.userId, companyId, new Set(COMPANY_RIGHTS), 1);
  const created = machineStep('companySubmission', null, 'Create', actor, at);
  const memberCreated = machineStep('user', null, 'Create', actor, at);
  const memberActivated = machineStep('user', after('user', memberCreated), 'Activate', actor, at);
  const roleCreated = machineStep('companyRole', null, 'Create', actor, at);
  const roleApproved = machineStep('companyRole', after('companyRole', roleCreated), 'Approve', actor, at);
  const memberId = registrant.userId;
  return [
    {
      type: 'CompanyRegistered',
      data: {
        companyId,
        name: details.name,
        registrationNo: details.registrationNo,
        subscriptionType: details.subscriptionType,
        subscriptionDetailType: 'basic',
        isDemo: false,
      },
    },
    { type: 'CompanyDetailsRecorded', data: { details, registeredByUserId: registrant.userId } },
    { type: 'CompanySubmissionStatusChanged', data: { status: 1, change: created } },
    {
      type: 'CompanyRoleDefined',
      data: { roleId: ADMINISTRATOR_ROLE_ID, name: ADMINISTRATOR_ROLE_NAME, accessRights: [...COMPANY_RIGHTS] },
    },
    {
      type: 'CompanyMemberInvited',
      data: { memberId, userId: registrant.userId, invitationId: null, email: registrant.email, name: registrant.name, isSiteTeam: false },
    },
    { type: 'CompanyMemberStatusChanged', data: { memberId, change: memberCreated } },
    { type: 'CompanyMemberStatusChanged', data: { memberId, change: memberActivated } },
    { type: 'CompanyMemberRoleStatusChanged', data: { memberId, roleId: ADMINISTRATOR_ROLE_ID, change: roleCreated } },
    { type: 'CompanyMemberRoleStatusChanged', data: { memberId, roleId: ADMINISTRATOR_ROLE_ID, change: roleApproved } },
  ];
}

/** The state a recorded Create leaves (for the next step in the same decision). */
const after = <R extends WorkflowResource>(_resource: R, change: WorkflowStatusChanged<R>): WorkflowState<R> => evolve(null, change);

/** Details change only while the registration is in progress (a submitted one is under review). */
export function decideEdit(state: CompanyState, details: CompanyRegistrationInput): CompanyChange {
  if (state.submission.status !== 'inProgress')
    throw refusal(409, ErrorCodes.companyNotEditable, 'The company details can be changed only while the registration is in progress.');
  return { type: 'CompanyDetailsEdited', data: { details } };
}

export function decideSubmission(
  state: CompanyState,
  event: 'Submit' | 'Approve' | 'Reject' | 'Archive',
  actor: Actor,
  at: string,
  remark?: string,
): CompanyChange {
  const change = machineStep('companySubmission', state.submission, event, actor, at, remark);
  return { type: 'CompanySubmissionStatusChanged', data: { status: SUBMISSION_STATUS_NUMBER[change.statusAfter], change } };
}

export type Invitee = { email: string; name: string; roleIds: string[]; isSiteTeam: boolean };
export type ExistingAccount = { userId: string; status: string; name: string; email: string } | null;

/**
 * Bring a person in: an existing activated account becomes an activated member at once (a colleague
 * named by the administrator, as Procore and Autodesk add one); anyone else gets an invitation (a new
 * member, pending until they sign up from the link). Each role is proposed, and approved too when the
 * inviter may approve.
 */
export function decideInvite(
  state: CompanyState,
  invitee: Invitee,
  account: ExistingAccount,
  invitationId: string,
  actor: Actor,
  at: string,
): { events: CompanyChange[]; memberId: string; status: string } {
  const email = normaliseEmail(invitee.email);
  for (const member of state.members.values()) {
    const same = (account && member.userId === account.userId) || (member.email !== null && normaliseEmail(member.email) === email);
    if (!same) continue;
    if (member.workflow?.status === 'terminated')
      throw refusal(409, ErrorCodes.userTerminated, 'This person was terminated in the company.');
    throw refusal(409, ErrorCodes.userAlreadyMember, 'This person is already a member of the company.');
  }
  for (const roleId of invitee.roleIds) roleOf(state, roleId);
  const linked = account !== null && account.status === 'activated';
  const memberId = linked ? account.userId : invitationId;
  const created = machineStep('user', null, 'Create', actor, at);
  const events: CompanyChange[] = [
    {
      type: 'CompanyMemberInvited',
      data: {
        memberId,
        userId: account?.userId ?? null,
        invitationId: linked ? null : invitationId,
        email,
        name: linked ? account.name : invitee.name.trim(),
        isSiteTeam: invitee.isSiteTeam,
      },
    },
    { type: 'CompanyMemberStatusChanged', data: { memberId, change: created } },
  ];
  let status: string = created.statusAfter;
  if (linked) {
    const activated = machineStep('user', after('user', created), 'Activate', actor, at);
    events.push({ type: 'CompanyMemberStatusChanged', data: { memberId, change: activated } });
    status = activated.statusAfter;
  }
  for (const roleId of invitee.roleIds) events.push(...roleSteps(memberId, roleId, null, actor, at));
  return { events, memberId, status };
}

/** A role proposed (level 10), and approved at once when the actor also holds level 20. */
function roleSteps(
  memberId: string,
  roleId: string,
  before: WorkflowState<'companyRole'> | null,
  actor: Actor,
  at: string,
): CompanyChange[] {
  const created = machineStep('companyRole', before, 'Create', actor, at);
  const steps: CompanyChange[] = [{ type: 'CompanyMemberRoleStatusChanged', data: { memberId, roleId, change: created } }];
  if (actor.authorities.company.companyRole?.includes(20)) {
    steps.push({
      type: 'CompanyMemberRoleStatusChanged',
      data: { memberId, roleId, change: machineStep('companyRole', after('companyRole', created), 'Approve', actor, at) },
    });
  }
  return steps;
}

export function memberOf(state: CompanyState, memberId: string): CompanyMember {
  const member = state.members.get(memberId);
  if (!member || !member.workflow) throw refusal(404, ErrorCodes.memberNotFound, 'This user is not a member of the company.');
  return member;
}

function roleOf(state: CompanyState, roleId: string) {
  const role = state.roles.get(roleId);
  if (!role || role.retired) throw refusal(404, ErrorCodes.roleNotFound, `No role ${roleId} in this company.`);
  return role;
}

export function decideMemberAction(
  state: CompanyState,
  memberId: string,
  event: WorkflowEventName,
  actor: Actor,
  at: string,
  remark?: string,
): CompanyChange {
  const member = memberOf(state, memberId);
  return { type: 'CompanyMemberStatusChanged', data: { memberId, change: machineStep('user', member.workflow, event, actor, at, remark) } };
}

export function decideAssignRole(state: CompanyState, memberId: string, roleId: string, actor: Actor, at: string): CompanyChange[] {
  const member = memberOf(state, memberId);
  roleOf(state, roleId);
  if (member.workflow?.status === 'terminated') throw refusal(409, ErrorCodes.userTerminated, 'The user is terminated.');
  const held = heldRoles(member);
  if (held.includes(roleId)) throw refusal(409, ErrorCodes.roleAlreadyAssigned, 'The user already has this role.');
  if (held.length >= MAX_ROLES_PER_USER)
    throw refusal(400, ErrorCodes.tooManyRoles, `A user may hold at most ${MAX_ROLES_PER_USER} roles.`);
  const before = member.roles.get(roleId);
  // A rejected proposal is final: a new proposal starts the machine again. An inactive role is activated.
  if (before?.status === 'inactive')
    return [
      {
        type: 'CompanyMemberRoleStatusChanged',
        data: { memberId, roleId, change: machineStep('companyRole', before, 'Activate', actor, at) },
      },
    ];
  return roleSteps(memberId, roleId, null, actor, at);
}

export function decideRoleAction(
  state: CompanyState,
  memberId: string,
  roleId: string,
  event: WorkflowEventName,
  actor: Actor,
  at: string,
  remark?: string,
): CompanyChange {
  const member = memberOf(state, memberId);
  const before = member.roles.get(roleId);
  if (!before) throw refusal(404, ErrorCodes.roleNotFound, 'The user does not hold this role.');
  if (event === 'Activate' && heldRoles(member).length >= MAX_ROLES_PER_USER)
    throw refusal(400, ErrorCodes.tooManyRoles, `A user may hold at most ${MAX_ROLES_PER_USER} roles.`);
  return {
    type: 'CompanyMemberRoleStatusChanged',
    data: { memberId, roleId, change: machineStep('companyRole', before, event, actor, at, remark) },
  };
}

export function decideSiteTeam(state: CompanyState, memberId: string, isSiteTeam: unknown): CompanyChange {
  memberOf(state, memberId);
  if (typeof isSiteTeam !== 'boolean')
    throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: isSiteTeam.', {
      fields: { isSiteTeam: ['must be true or false'] },
    });
  return { type: 'CompanyMemberSiteTeamSet', data: { memberId, isSiteTeam } };
}

/** A role's name and rights: a company role never gives the platform's admin module. */
export function decideRoleDefinition(state: CompanyState, roleId: string, raw: unknown): CompanyChange {
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as { name?: unknown; accessRights?: unknown };
  const fields: Record<string, string[]> = {};
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length < 2 || name.length > 60) fields.name = ['must be 2 to 60 characters'];
  const rights = Array.isArray(input.accessRights) ? input.accessRights : null;
  if (!rights || rights.length > ACCESS_RIGHTS.length || rights.some((right) => typeof right !== 'string' || !isAccessRight(right)))
    fields.accessRights = ['must be a list of access-right names'];
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
  if (rights!.some((right) => (right as string).startsWith('admin.')))
    throw refusal(400, ErrorCodes.rightNotGrantable, 'The admin module belongs to the platform administrators.');
  for (const role of state.roles.values()) {
    if (role.roleId !== roleId && !role.retired && role.name.toLowerCase() === name.toLowerCase())
      throw refusal(409, ErrorCodes.roleNameExists, 'A role with the same name exists.');
  }
  const existing = state.roles.get(roleId);
  if (existing?.retired) throw refusal(404, ErrorCodes.roleNotFound, 'This role was retired.');
  return { type: 'CompanyRoleDefined', data: { roleId, name, accessRights: [...new Set(rights as string[])] } };
}

export function decideRetireRole(state: CompanyState, roleId: string): CompanyChange {
  roleOf(state, roleId);
  if (roleId === ADMINISTRATOR_ROLE_ID)
    throw refusal(
      409,
      ErrorCodes.roleNotRetirable,
      'The Company Administrator role stays: a company always has someone who can manage it.',
    );
  return { type: 'CompanyRoleRetired', data: { roleId } };
}

/** The invited person signed up from the link and activated their account: they join, activated by the platform. */
export function decideJoin(state: CompanyState, memberId: string, userId: string, at: string, system: Actor): CompanyChange[] | null {
  const member = state.members.get(memberId);
  if (!member || member.userId !== null || member.workflow?.status !== 'pending') return null;
  return [
    { type: 'CompanyMemberJoined', data: { memberId, userId } },
    { type: 'CompanyMemberStatusChanged', data: { memberId, change: machineStep('user', member.workflow, 'Activate', system, at) } },
  ];
}
