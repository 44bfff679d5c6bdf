// Events of the companies context, stream `company-<companyId>` (type 'company'). Roles carry access-right
// names (packages/contracts access-rights.ts); a user's rights in a company are the union of the rights
// of their active roles there. Authority assignments (resource code, level) feed the workflows.

import type { WorkflowStatusChanged } from '@binaan/contracts';

export type CompanyEvent =
  | {
      type: 'CompanyRegistered';
      data: {
        companyId: string;
        name: string;
        registrationNo: string;
        subscriptionType: number;
        subscriptionDetailType: string;
        isDemo: boolean;
      };
    }
  /** `change`: the submission machine's step (who, why, before and after); absent on steps seeded without it. */
  | { type: 'CompanySubmissionStatusChanged'; data: { status: 1 | 2 | 3 | 4; change?: WorkflowStatusChanged } }
  | { type: 'CompanyRoleDefined'; data: { roleId: string; name: string; accessRights: string[] } }
  | { type: 'CompanyUserAssigned'; data: { userId: string; roleId: string; isSiteTeam: boolean } }
  | { type: 'CompanyUserUnassigned'; data: { userId: string; roleId: string } }
  | { type: 'CompanyAuthorityAssigned'; data: { resourceCode: string; userId: string; level: number } };

/** Stream `invitation-<id>` (type 'callForInterest'): a company's call for interest sent to a prospective partner. */
export type InvitationEvent =
  | { type: 'InvitationSent'; data: { invitationId: string; fromCompanyId: string; toEmail: string; title: string } }
  | { type: 'InvitationAccepted'; data: { remark: string; userId: string | null } };
