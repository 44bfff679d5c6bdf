// A company as its stream tells it (pure): its registration, the submission's machine state, its roles,
// and its members with the user machine's state and each role they hold with the company role machine's.
// Companies recorded before these machines drove them (members assigned a role directly, submission
// statuses without a machine step) fold to the state the machines would have left.

import { CompanyRoleStatus, type CompanyRegistrationInput, type WorkflowResource, type WorkflowStatusChanged } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import { evolve, initialContext, type WorkflowState } from '@binaan/workflows';
import type { CompanyAdminEvent } from './company-admin.events.js';
import type { CompanyEvent } from './company.events.js';

export type CompanyRole = { roleId: string; name: string; accessRights: string[]; retired: boolean };
export type CompanyMember = {
  memberId: string;
  userId: string | null;
  invitationId: string | null;
  email: string | null;
  name: string | null;
  isSiteTeam: boolean;
  invitedAt: string;
  workflow: WorkflowState<'user'> | null;
  roles: Map<string, WorkflowState<'companyRole'>>;
};

export type CompanyState = {
  companyId: string;
  revision: number;
  name: string;
  registrationNo: string;
  subscriptionType: number;
  isDemo: boolean;
  registeredAt: string;
  details: CompanyRegistrationInput | null;
  registeredByUserId: string | null;
  submission: WorkflowState<'companySubmission'>;
  submittedAt: string | null;
  /** The remark of the last rejection, while the company is in progress again. */
  lastRemark: string | null;
  /** What its people read as its history: the submission's steps, and each time the platform administrator opened it (in the status it had). */
  history: ({ change: WorkflowStatusChanged; actorUserId: string } | { opened: { at: string; status: string }; actorUserId: string })[];
  roles: Map<string, CompanyRole>;
  members: Map<string, CompanyMember>;
  /** Its place in the public contractor directory: the last change (null: never listed). */
  directoryListing: { listed: boolean; at: string; byUserId: string | null; reason: string } | null;
};

const SUBMISSION_STATUS = { 1: 'inProgress', 2: 'submitted', 3: 'approved', 4: 'archived' } as const;
export const SUBMISSION_STATUS_NUMBER = { inProgress: 1, submitted: 2, approved: 3, archived: 4 } as const;
export const ROLE_STATUS_NUMBER = {
  pending: CompanyRoleStatus.Pending,
  active: CompanyRoleStatus.Active,
  rejected: CompanyRoleStatus.Rejected,
  inactive: CompanyRoleStatus.Inactive,
} as const;

/** The state a machine would be in, for steps recorded without one. */
export function settledState<R extends WorkflowResource>(resource: R, status: string, companyId: string): WorkflowState<R> {
  return { status, context: { ...initialContext(resource, 1), ownerCompanyId: companyId } } as WorkflowState<R>;
}

/** A member's machine state after a change: replayed on the one before (or on a settled one). */
function step<R extends WorkflowResource>(before: WorkflowState<R> | null, change: WorkflowStatusChanged): WorkflowState<R> {
  return evolve<R>(before, change as WorkflowStatusChanged<R>);
}

export function foldCompany(events: readonly StoredEvent[]): CompanyState | null {
  let state: CompanyState | null = null;
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as CompanyEvent | CompanyAdminEvent;
    if (event.type === 'CompanyRegistered') {
      const companyId = event.data.companyId;
      state = {
        companyId,
        revision: stored.revision,
        name: event.data.name,
        registrationNo: event.data.registrationNo,
        subscriptionType: event.data.subscriptionType,
        isDemo: event.data.isDemo,
        registeredAt: stored.metadata.recordedAt,
        details: null,
        registeredByUserId: null,
        submission: settledState('companySubmission', 'inProgress', companyId),
        submittedAt: null,
        lastRemark: null,
        history: [],
        roles: new Map(),
        members: new Map(),
        directoryListing: null,
      };
      continue;
    }
    if (state === null) continue;
    state.revision = stored.revision;
    const companyId = state.companyId;
    const memberOf = (memberId: string) => state!.members.get(memberId);
    switch (event.type) {
      case 'CompanyDetailsRecorded':
        state.details = event.data.details;
        state.registeredByUserId = event.data.registeredByUserId;
        break;
      case 'CompanyDetailsEdited':
        state.details = event.data.details;
        state.name = event.data.details.name;
        state.subscriptionType = event.data.details.subscriptionType;
        break;
      case 'CompanySubmissionStatusChanged': {
        const change = event.data.change;
        state.submission = change
          ? step(change.statusBefore === null ? null : state.submission, change)
          : settledState('companySubmission', SUBMISSION_STATUS[event.data.status], companyId);
        if (change) state.history.push({ change, actorUserId: stored.metadata.actorUserId ?? change.actor.userId });
        if (event.data.status === 2) state.submittedAt = stored.metadata.recordedAt;
        state.lastRemark = change?.workflowEvent === 'Reject' ? (change.remark ?? null) : event.data.status === 1 ? state.lastRemark : null;
        break;
      }
      case 'CompanyRoleDefined':
        state.roles.set(event.data.roleId, {
          roleId: event.data.roleId,
          name: event.data.name,
          accessRights: [...event.data.accessRights],
          retired: false,
        });
        break;
      case 'CompanyRoleRetired': {
        const role = state.roles.get(event.data.roleId);
        if (role) role.retired = true;
        break;
      }
      case 'CompanyUserAssigned': {
        // A role given directly (companies recorded before the machines): an activated member holding it.
        const member =
          memberOf(event.data.userId) ??
          addMember(
            state,
            { memberId: event.data.userId, userId: event.data.userId, invitationId: null, email: null, name: null, isSiteTeam: false },
            stored,
          );
        member.workflow ??= settledState('user', 'activated', companyId);
        member.isSiteTeam ||= event.data.isSiteTeam;
        member.roles.set(event.data.roleId, settledState('companyRole', 'active', companyId));
        break;
      }
      case 'CompanyUserUnassigned': {
        const member = memberOf(event.data.userId);
        if (member) member.roles.set(event.data.roleId, settledState('companyRole', 'inactive', companyId));
        break;
      }
      case 'CompanyMemberInvited':
        addMember(state, event.data, stored);
        break;
      case 'CompanyMemberJoined': {
        const member = memberOf(event.data.memberId);
        if (member) member.userId = event.data.userId;
        break;
      }
      case 'CompanyMemberStatusChanged': {
        const member = memberOf(event.data.memberId);
        if (member) member.workflow = step(event.data.change.statusBefore === null ? null : member.workflow, event.data.change);
        break;
      }
      case 'CompanyMemberRoleStatusChanged': {
        const member = memberOf(event.data.memberId);
        if (member)
          member.roles.set(
            event.data.roleId,
            step(event.data.change.statusBefore === null ? null : (member.roles.get(event.data.roleId) ?? null), event.data.change),
          );
        break;
      }
      case 'CompanyMemberSiteTeamSet': {
        const member = memberOf(event.data.memberId);
        if (member) member.isSiteTeam = event.data.isSiteTeam;
        break;
      }
      case 'CompanyOpenedByPlatformAdministrator':
        state.history.push({ opened: { at: stored.metadata.recordedAt, status: state.submission.status }, actorUserId: event.data.userId });
        break;
      case 'CompanyDirectoryListingChanged':
        state.directoryListing = {
          listed: event.data.listed,
          at: stored.metadata.recordedAt,
          byUserId: stored.metadata.actorUserId ?? null,
          reason: event.data.reason,
        };
        break;
    }
  }
  return state;
}

function addMember(
  state: CompanyState,
  data: {
    memberId: string;
    userId: string | null;
    invitationId: string | null;
    email: string | null;
    name: string | null;
    isSiteTeam: boolean;
  },
  stored: StoredEvent,
): CompanyMember {
  const member: CompanyMember = { ...data, invitedAt: stored.metadata.recordedAt, workflow: null, roles: new Map() };
  state.members.set(data.memberId, member);
  return member;
}

/** The member an account is, if any (by user id: a member invited by e-mail has it once joined). */
export function memberByUser(state: CompanyState, userId: string): CompanyMember | undefined {
  for (const member of state.members.values()) if (member.userId === userId) return member;
  return undefined;
}

/** Roles a member holds or is proposed for (the "at most 5" counts both). */
export const heldRoles = (member: CompanyMember) =>
  [...member.roles.entries()].filter(([, role]) => role.status === 'active' || role.status === 'pending').map(([roleId]) => roleId);
