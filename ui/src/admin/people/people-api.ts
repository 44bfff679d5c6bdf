// The company's people and roles over the api (the chosen company: /api/company/users, /api/company/roles).
// Lists speak ra-data-simple-rest (filter, sort, range; Content-Range with the total counted up to its cap).
import type {
  CompanyInviteInput,
  CompanyInviteReply,
  CompanyMemberRow,
  CompanyMemberStatus,
  CompanyRoleInput,
  CompanyRoleRow,
} from '@binaan/contracts';
import { totalOf } from '../bill-of-quantity/bq-scans.js';
import { adminJson, adminRequest } from '../providers/admin-request.js';

/** The api's filter: "active" is the activated members; the rest are member statuses. */
export type MemberFilterStatus = 'active' | Exclude<CompanyMemberStatus, 'activated'>;
export type MemberAction = 'Activate' | 'Suspend' | 'Deactivate' | 'Terminate' | 'Reject';
export type RoleAction = 'Approve' | 'Reject' | 'Deactivate' | 'Activate';
export type MemberHistoryRow = {
  event: string;
  statusBefore: string | null;
  statusAfter: string;
  at: string;
  byName: string | null;
  remark: string | null;
  roleName?: string | null;
};
/** capped: the api stopped counting (X-Total-Capped), so the total is "at least". */
export type MembersPage = { rows: CompanyMemberRow[]; total: number; capped: boolean };

/** Rows a list shows (the api's largest page): a company's people fit; past that the list says how many are not shown (CappedNote). */
export const MEMBERS_SHOWN = 50;

const USERS = '/api/company/users';
const ROLES = '/api/company/roles';
const member = (id: string) => `${USERS}/${encodeURIComponent(id)}`;

export async function listMembers(status: MemberFilterStatus, q: string): Promise<MembersPage> {
  const query = new URLSearchParams({
    filter: JSON.stringify(q ? { status, q } : { status }),
    sort: JSON.stringify(['name', 'ASC']),
    range: JSON.stringify([0, MEMBERS_SHOWN - 1]),
  });
  const reply = await adminRequest<CompanyMemberRow[]>(`${USERS}?${query.toString()}`);
  return {
    rows: reply.json,
    total: Math.max(totalOf(reply.headers.get('Content-Range')), reply.json.length),
    capped: reply.headers.get('X-Total-Capped') === 'true',
  };
}

export const invite = (input: CompanyInviteInput) => adminJson<CompanyInviteReply>(`${USERS}/invite`, { method: 'POST', body: input });

export const memberAction = (id: string, action: MemberAction, remark: string) =>
  adminJson<{ success: true; status: CompanyMemberStatus; availableActions: string[] }>(`${member(id)}/actions/${action}`, {
    method: 'POST',
    body: remark ? { remark } : {},
  });

export const setSiteTeam = (id: string, isSiteTeam: boolean) =>
  adminJson(`${member(id)}/site-team`, { method: 'PUT', body: { isSiteTeam } });

export const addRole = (id: string, roleId: string) => adminJson(`${member(id)}/roles`, { method: 'POST', body: { roleId } });

export const roleAction = (id: string, roleId: string, action: RoleAction, remark: string) =>
  adminJson(`${member(id)}/roles/${encodeURIComponent(roleId)}/actions/${action}`, { method: 'POST', body: remark ? { remark } : {} });

export const memberHistory = async (id: string) => (await adminJson<{ history: MemberHistoryRow[] }>(`${member(id)}/history`)).history;

export const listRoles = () =>
  adminJson<CompanyRoleRow[]>(
    `${ROLES}?${new URLSearchParams({ sort: JSON.stringify(['name', 'ASC']), range: JSON.stringify([0, 199]) }).toString()}`,
  );
export const createRole = (input: CompanyRoleInput) => adminJson<{ success: true; id: string }>(ROLES, { method: 'POST', body: input });
export const updateRole = (id: string, input: CompanyRoleInput) =>
  adminJson<{ success: true; id: string }>(`${ROLES}/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
export const retireRole = (id: string) => adminJson(`${ROLES}/${encodeURIComponent(id)}/actions/Retire`, { method: 'POST', body: {} });
