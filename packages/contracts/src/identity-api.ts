// Shapes of the account-access calls (public-area.md §7, signed-in-area.md §3 and §7), with the spec's
// field names, so api and ui agree on them.

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
export type CompanyListItem = { companyProfileId: string; company_name: string; status: number; is_logo_uploaded: boolean; roles: string[] };

export type UserAssignment = { status: number; company_user_role_name: string; is_site_team: boolean };

/** Where the ui goes after choosing (signed-in-area.md §2.3). */
export type CompanyLanding =
  | '/administration/company'
  | '/administration/add-company'
  | '/cidb-administration/company-profile'
  | '/auth/non-approved-company-login';

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
  errorMessage: string;
};
