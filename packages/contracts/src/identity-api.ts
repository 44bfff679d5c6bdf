// Shapes of the account-access calls (public-area.md §7, signed-in-area.md §3 and §7), with the spec's
// field names, so api and ui agree on them.

import type { CompanyTermsToAccept } from './company-setups-api.js';
import { CompanySubmissionStatus } from './enumerations.js';

export type CommandReply<T = undefined> = { success: true; msg?: string; data?: T };

export type PinCodeRequestReply = { success: true; secretKey: string; timestamp: number; resendAfterSeconds: number };

export type LoginUser = { email: string; name: string; user_mobile: string; userType: number };

export type LoginReply = {
  success: boolean;
  loginIsAuthenticated: boolean;
  forceChangePassword: boolean;
  showEula: boolean;
  errorMessage: string;
  errorCode?: string;
  user: LoginUser | null;
  /** Empty until a company is chosen (company/choose answers the bit set). */
  accessRights: string;
  jwtToken: string;
  readOnlyJwtToken: string;
  /** USER or ADMIN (user type 1 or 2). */
  userRole: 'USER' | 'ADMIN' | '';
};

/** `roles`: the names of the user's active roles in that company (beside the spec's fields, for the choice page). */
export type CompanyListItem = {
  companyProfileId: string;
  company_name: string;
  status: number;
  is_logo_uploaded: boolean;
  roles: string[];
};

export type UserAssignment = { status: number; company_user_role_name: string; is_site_team: boolean };

/** Where the ui goes after choosing (signed-in-area.md §2.3, as landingAfterChoice reads it). */
export type CompanyLanding = '/administration/company' | '/article' | '/auth/non-approved-company-login';

/**
 * Where a user goes after choosing a company, for api and ui alike. §2.3's "approved company, or an admin
 * user" goes home (/article, the dashboard the menu's Home opens, whatever the subscription): a person who
 * chose a company came to work in it, and its home shows what waits for them. Its people see a submitted
 * company's profile while it waits for approval, and any other company not approved says so. The platform
 * administrator opens any company to support it and goes home whatever its status: a company's profile
 * page is for its own people.
 */
export function landingAfterChoice(status: number, userType: 1 | 2): CompanyLanding {
  if (userType === 2) return '/article';
  if (status === CompanySubmissionStatus.Submitted) return '/administration/company';
  return status === CompanySubmissionStatus.Approved ? '/article' : '/auth/non-approved-company-login';
}

export type CompanyChooseReply = {
  success: true;
  loginIsAuthenticated: true;
  jwtToken: string;
  readOnlyJwtToken: string;
  accessRights: string;
  user: { companyName: string; subscriptionType: number; subscriptionDetailType: string; mfa_status: boolean; email: string };
  userAssignments: UserAssignment[];
  /** Active role names joined by commas. */
  roles: string;
  isSiteTeam: boolean;
  isDemo: boolean;
  isNewDashboard: boolean;
  appControl: Record<string, boolean>;
  selectedCompany: string;
  selectedCompanyName: string;
  companyStatus: number;
  landing: CompanyLanding;
  /** The company's terms and agreements the member must accept before working there (company-setups-api.ts); null: none due. */
  termsToAccept: CompanyTermsToAccept;
  errorMessage: string;
};
