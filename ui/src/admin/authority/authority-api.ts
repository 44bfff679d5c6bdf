// The authority context's calls (apps/api/src/authority/README.md, projects/README.md).
import type {
  AuthorityHistoryRow,
  AuthorityManualBody,
  AuthorityManualView,
  CompanyMember,
  DelegationBody,
  DelegationsPage,
  DelegationView,
  ProjectAuthorityHistoryRow,
  WorkflowAssignmentBody,
  WorkflowAssignmentGroup,
} from '@binaan/contracts';
import { adminJson } from '../providers/admin-request.js';

export const LEVELS = [10, 20, 21, 22, 23] as const;
export const VERIFY_LEVELS = [20, 21, 22, 23] as const;

export const authorityApi = {
  manuals: async () => (await adminJson<{ manuals: AuthorityManualView[] }>('/api/authority-manuals')).manuals,
  saveManual: (resource: string, body: AuthorityManualBody) =>
    adminJson<{ manual: AuthorityManualView }>(`/api/authority-manuals/${resource}`, { method: 'PUT', body }),
  assignments: async () =>
    (await adminJson<{ workflowAssignments: WorkflowAssignmentGroup[] }>('/api/company-workflow/view/workflow-and-assignments-list'))
      .workflowAssignments,
  assign: (body: WorkflowAssignmentBody) => adminJson('/api/company-workflow/assignments', { body }),
  unassign: (body: WorkflowAssignmentBody) => adminJson('/api/company-workflow/assignments/unassign', { body }),
  /** The newest 500 changes and how many there are in all. */
  history: async () => adminJson<{ history: AuthorityHistoryRow[]; total: number }>('/api/company-workflow/history'),
  /** The chosen company's active users (at most 50: the api's page size), by name. */
  members: () =>
    adminJson<CompanyMember[]>(`/api/company/members?range=${encodeURIComponent('[0,49]')}&sort=${encodeURIComponent('["name","ASC"]')}`),
  /** Members a delegation may name (open to every member, unlike the members list): 50 by name, matching `q` when given. */
  delegates: (q = '') =>
    adminJson<CompanyMember[]>(
      `/api/authority-delegations/delegates?range=${encodeURIComponent('[0,49]')}&sort=${encodeURIComponent('["name","ASC"]')}${
        q ? `&filter=${encodeURIComponent(JSON.stringify({ q }))}` : ''
      }`,
    ),
  projectHistory: async (projectId: string) =>
    (await adminJson<{ history: ProjectAuthorityHistoryRow[] }>(`/api/projects/${encodeURIComponent(projectId)}/authority-history`))
      .history,
  /** Delegations of approval authority, newest start first, 50 a page; `after` is the page before's `next`. */
  delegations: (after?: string | null) =>
    adminJson<DelegationsPage>(`/api/authority-delegations${after ? `?after=${encodeURIComponent(after)}` : ''}`),
  delegate: (body: DelegationBody) => adminJson<{ delegation: DelegationView }>('/api/authority-delegations', { body }),
  revokeDelegation: (id: string, reason: string) =>
    adminJson<{ delegation: DelegationView }>(`/api/authority-delegations/${encodeURIComponent(id)}/revoke`, { body: { reason } }),
  projectAssign: (projectId: string, body: WorkflowAssignmentBody & { supply?: boolean }, remove = false) =>
    adminJson(`/api/projects/${encodeURIComponent(projectId)}/assignments${remove ? '/unassign' : ''}`, { body }),
};
