// Events of a company joining and keeping its people, on its stream `company-<companyId>` beside those of
// company.events.ts. Status changes carry the machine's WorkflowStatusChanged (who, when, why, before and
// after), so a history needs no machine logic:
//   the submission   CompanySubmissionStatusChanged { status, change } (company.events.ts: the status number
//                    every reader of company status follows, and the machine's change beside it; events
//                    recorded before the machine drove it carry the status alone);
//   a member         CompanyMemberStatusChanged { memberId, change } (the user machine);
//   a role held      CompanyMemberRoleStatusChanged { memberId, roleId, change } (the company role machine).
// Claim streams keep registration numbers and codes unique without a lock (as e-mail claims do):
//   ssm-old-<number>, ssm-new-<number>, companycode-<CODE>: CompanyIdentifierClaimed (letters and digits
//   only, upper case). Their names do not start with `company-`, which names company streams alone.

import type { CompanyRegistrationInput } from '@binaan/contracts';
import type { WorkflowStatusChanged } from '@binaan/contracts';

export type CompanyAdminEvent =
  /** What the company registered with, and who registered it (the registrant is metadata.actorUserId too). */
  | { type: 'CompanyDetailsRecorded'; data: { details: CompanyRegistrationInput; registeredByUserId: string } }
  /** The details edited while the registration is in progress (after a rejection, say). */
  | { type: 'CompanyDetailsEdited'; data: { details: CompanyRegistrationInput } }
  /**
   * A person brought into the company: an account (userId) or, for a new person, an invitation whose id the
   * sign-up link carries. `memberId` stays the member's id for good (the userId, or the invitation id).
   */
  | {
      type: 'CompanyMemberInvited';
      data: { memberId: string; userId: string | null; invitationId: string | null; email: string; name: string; isSiteTeam: boolean };
    }
  /** The invited person signed up from the link and activated their account. */
  | { type: 'CompanyMemberJoined'; data: { memberId: string; userId: string } }
  | { type: 'CompanyMemberStatusChanged'; data: { memberId: string; change: WorkflowStatusChanged } }
  | { type: 'CompanyMemberRoleStatusChanged'; data: { memberId: string; roleId: string; change: WorkflowStatusChanged } }
  | { type: 'CompanyMemberSiteTeamSet'; data: { memberId: string; isSiteTeam: boolean } }
  /** A role no longer offered: its holders lose its rights. */
  | { type: 'CompanyRoleRetired'; data: { roleId: string } }
  /** The platform administrator chose the company holding no role in it (to support it); who is metadata.actorUserId too. */
  | { type: 'CompanyOpenedByPlatformAdministrator'; data: { userId: string } }
  /** The company listed in the public contractor directory, or taken off it, and why (who: metadata.actorUserId; when: recordedAt). */
  | { type: 'CompanyDirectoryListingChanged'; data: { listed: boolean; reason: string } };

export type CompanyIdentifierEvent = {
  type: 'CompanyIdentifierClaimed';
  data: { companyId: string; kind: 'registrationNo' | 'registrationNoNew' | 'companyCode' };
};

export const companyStream = (companyId: string) => `company-${companyId}`;

/** Letters and digits only, upper case: "1234567-a" and "1234567 A" are one number. */
export const normalisedIdentifier = (value: string) => value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
const IDENTIFIER_PREFIX = { registrationNo: 'ssm-old', registrationNoNew: 'ssm-new', companyCode: 'companycode' } as const;
export const identifierStream = (kind: CompanyIdentifierEvent['data']['kind'], value: string) =>
  `${IDENTIFIER_PREFIX[kind]}-${normalisedIdentifier(value)}`;
