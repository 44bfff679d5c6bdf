// Choosing the company a user acts for: a new session for that company (the previous one ends), with
// the access-rights bit set, roles, subscription and where the ui goes next (signed-in-area.md §3, §2.3).

import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, landingAfterChoice, type CompanyChooseReply, type CompanyListItem } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { companyTermsToAccept } from '../company-setups/company-terms-reads.js';
import { refusal } from '../common/refusal.js';
import { SessionService } from '../identity/session.service.js';
import { CompanyAccess, type CompanyRow } from './company-access.js';
import { CompanyStreams } from './company-streams.js';

/** A member status that refuses the company, with its code (spec §8.3). */
export const ENDED_MEMBERS: Readonly<Record<string, string>> = {
  suspended: ErrorCodes.userSuspended,
  deactivated: ErrorCodes.userDeactivated,
  terminated: ErrorCodes.userTerminated,
};

@Injectable()
export class CompanyChoiceService {
  constructor(
    private readonly access: CompanyAccess,
    private readonly sessions: SessionService,
    private readonly streams: CompanyStreams,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  async list(principal: Principal, onlyCompanyId?: string): Promise<{ success: true; data: CompanyListItem[] }> {
    const [companies, roles] = await Promise.all([this.access.companiesOf(principal.userId), this.access.roleNamesOf(principal.userId)]);
    const listed = onlyCompanyId === undefined ? companies : companies.filter((company) => company.company_id === onlyCompanyId);
    return { success: true, data: listed.map((company) => toListItem(company, roles.get(company.company_id) ?? [])) };
  }

  async choose(principal: Principal, companyId: string): Promise<CompanyChooseReply> {
    // A GET that starts a session: the read-only token (which travels in URLs) must not buy a full one here.
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    const company = await this.access.company(companyId);
    const [assignments, memberStatus] = company
      ? await Promise.all([this.access.assignments(principal.userId, companyId), this.access.memberStatus(principal.userId, companyId)])
      : [[], null];
    const active = assignments.filter((assignment) => assignment.status === 2);
    const ended = memberStatus === null ? undefined : ENDED_MEMBERS[memberStatus];
    if (company && ended && principal.userType !== 2)
      throw refusal(403, ended, 'Your access to this company has been withdrawn. Contact its administrator.');
    // Platform admins may act for any company (they approve and support them); others only for their own,
    // where they hold an active role (a member without one has nothing to open there).
    if (!company || (active.length === 0 && principal.userType !== 2)) {
      throw refusal(403, ErrorCodes.noAccessRight, 'You have no access to this company.');
    }
    // Only the platform administrator gets here without a role: the company's history shows who opened it, and when.
    if (active.length === 0)
      await this.streams.append(
        companyId,
        'stream_exists',
        [{ type: 'CompanyOpenedByPlatformAdministrator', data: { userId: principal.userId } }],
        principal,
      );
    const session = await this.sessions.start(principal.userId, companyId, false, {});
    await this.sessions.end(principal.sessionId, principal.userId, 'companySwitched');
    return {
      success: true,
      loginIsAuthenticated: true,
      jwtToken: session.jwtToken,
      readOnlyJwtToken: session.readOnlyJwtToken,
      accessRights: await this.access.accessRightsOf(principal.userId, companyId, principal.userType),
      user: {
        companyName: company.name,
        subscriptionType: company.subscription_type,
        subscriptionDetailType: company.subscription_detail_type,
        mfa_status: false,
        email: principal.email,
      },
      userAssignments: assignments.map((assignment) => ({
        status: assignment.status,
        company_user_role_name: assignment.role_name,
        is_site_team: assignment.is_site_team,
      })),
      roles: active.map((assignment) => assignment.role_name).join(','),
      isSiteTeam: active.some((assignment) => assignment.is_site_team),
      isDemo: company.is_demo,
      isNewDashboard: true,
      appControl: {},
      selectedCompany: company.company_id,
      selectedCompanyName: company.name,
      companyStatus: company.status,
      landing: landingAfterChoice(company.status, principal.userType),
      // The company's own terms, when a version waits for this member: nothing else answers until accepted.
      termsToAccept: active.length === 0 ? null : await companyTermsToAccept(this.db, companyId, principal.userId),
      errorMessage: '',
    };
  }
}

function toListItem(company: CompanyRow, roles: string[]): CompanyListItem {
  return {
    companyProfileId: company.company_id,
    company_name: company.name,
    status: company.status,
    is_logo_uploaded: company.is_logo_uploaded,
    roles,
  };
}
