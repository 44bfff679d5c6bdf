// What the users page decides without the api: which list a tab is, where a member is listed, which actions
// ask for a remark and which are drawn as dangerous. The api decides what may be done (availableActions)
// and checks everything again; these only shape the page.
import type { CompanyMemberStatus, CompanyRoleAssignmentStatus } from '@binaan/contracts';
import type { MemberAction, MemberFilterStatus, RoleAction } from './people-api.js';

/** The tabs, each its own address: /administration/users/<tab> (pending-approval is the §2.6 target). */
export const USER_TABS = ['active', 'pending-approval', 'not-active'] as const;
export type UserTab = (typeof USER_TABS)[number];
/** The statuses the "not active" tab filters by, one at a time (?status=). */
export const NOT_ACTIVE_STATUSES = ['suspended', 'deactivated', 'terminated'] as const;
export type NotActiveStatus = (typeof NOT_ACTIVE_STATUSES)[number];

export const isUserTab = (tab: string | undefined): tab is UserTab => (USER_TABS as readonly string[]).includes(tab ?? '');
export const isNotActiveStatus = (value: string | null): value is NotActiveStatus =>
  (NOT_ACTIVE_STATUSES as readonly string[]).includes(value ?? '');

/** The api's filter for a tab (and the "not active" tab's chosen status). */
export function filterOfTab(tab: UserTab, notActive: NotActiveStatus): MemberFilterStatus {
  if (tab === 'active') return 'active';
  if (tab === 'pending-approval') return 'pending';
  return notActive;
}

/** Where a member of this status is listed: after an invitation or an action the page goes there. */
export function placeOfStatus(status: CompanyMemberStatus): { tab: UserTab; status?: NotActiveStatus } {
  if (status === 'activated') return { tab: 'active' };
  if (status === 'pending') return { tab: 'pending-approval' };
  return { tab: 'not-active', status };
}

export const placePath = (place: { tab: UserTab; status?: NotActiveStatus }) =>
  `/administration/users/${place.tab}${place.tab === 'not-active' && place.status ? `?status=${place.status}` : ''}`;

const REMARK_ACTIONS: ReadonlySet<string> = new Set<MemberAction | RoleAction>(['Suspend', 'Terminate', 'Reject']);
const SAFE_ACTIONS: ReadonlySet<string> = new Set<MemberAction | RoleAction>(['Activate', 'Approve']);

/** The api refuses these without a remark (422 remarkRequired), so the dialog asks for one. */
export const needsRemark = (action: string) => REMARK_ACTIONS.has(action);
/** Drawn in the error colour: the person loses access, or a request is turned down. */
export const isDangerous = (action: string) => !SAFE_ACTIONS.has(action);

/** What can be done to a role a member holds, by the assignment's status (the company role machine). */
export function roleActionsFor(status: CompanyRoleAssignmentStatus): RoleAction[] {
  switch (status) {
    case 'pending':
      return ['Approve', 'Reject'];
    case 'active':
      return ['Deactivate'];
    case 'inactive':
      return ['Activate'];
    default:
      return [];
  }
}

/** Held: active or awaiting approval. These count towards the five (MAX_ROLES_PER_USER, the api's rule). */
export const isHeld = (role: { status: CompanyRoleAssignmentStatus }) => role.status === 'active' || role.status === 'pending';

/** "42", or "10,000+" when the api stopped counting at its cap. */
export function totalText(total: number, capped: boolean): string {
  return `${total.toLocaleString('en')}${capped ? '+' : ''}`;
}
