// Events of the authority context. Assignments of a company live in `companyAuthority-<companyId>`
// (type 'companyAuthority'); each manual in `authorityManual-<companyId>-<resource>` (type 'authorityManual').
// The companies context's older `CompanyAuthorityAssigned` (in `company-<id>`) still counts as an assignment.
// The actor (who gave whom which level) is in each event's metadata and in `by`.

import type { AuthorityManualLevelBody } from '@binaan/contracts';

/** A manual's level as recorded: the fields of AuthorityManualLevelBody, only those the manual sets. */
export type ManualLevelData = AuthorityManualLevelBody;

export type ManualData = {
  companyId: string;
  resource: string;
  label: string;
  note: string;
  levels: ManualLevelData[];
  allowSelfApproval: boolean;
  roleType: string;
  roles: string[];
  version: number;
  by: string;
};

export type AuthorityEvent =
  | { type: 'WorkflowLevelAssigned'; data: { companyId: string; resourceCode: string; userId: string; level: number; by: string } }
  | { type: 'WorkflowLevelUnassigned'; data: { companyId: string; resourceCode: string; userId: string; level: number; by: string } }
  | { type: 'AuthorityManualDefined'; data: ManualData }
  | { type: 'AuthorityManualChanged'; data: ManualData };

export const companyAuthorityStream = (companyId: string) => `companyAuthority-${companyId}`;
export const authorityManualStream = (companyId: string, resource: string) => `authorityManual-${companyId}-${resource}`;

/** An assignment's key in a folded set. */
export const assignmentKey = (code: string, userId: string, level: number) => `${code}|${userId}|${level}`;
