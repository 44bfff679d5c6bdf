// The company directory and the company's members over the API (apps/api/src/companies/README.md): what a
// company may see of others (approved companies, public fields only) and of its own users.
import type { VendorAppraisalSummary } from './vendor-appraisals-api.js';

/** GET company/directory (ra-data-simple-rest list, `filter={"q": name or registration number}`), company/directory/<id>. */
export type CompanyDirectoryItem = {
  id: string;
  name: string;
  registrationNo: string;
  /** Subscription type (spec §5: Buyer 1, Seller 2, ... CidbContractor 14). */
  subscriptionType: number;
  isLogoUploaded: boolean;
  /** The caller's own appraisals of the company, when the caller reads vendor appraisals (vendorManagement). */
  appraisal?: VendorAppraisalSummary;
};

/** GET company/members: the active users of the chosen company, with their active role names. */
export type CompanyMember = {
  id: string;
  name: string;
  email: string;
  roles: string[];
  isSiteTeam: boolean;
};

/** GET projects/<id>/authority-history: one change to a project's assignments or manual authority roles. */
export type ProjectAuthorityHistoryRow = {
  at: string;
  eventType: 'ProjectLevelAssigned' | 'ProjectLevelUnassigned' | 'ProjectManualRoleGranted';
  actor: { userId: string | null; name: string | null };
  /** `workflow` or `supply` for assignments; null for a manual role. */
  scope: 'workflow' | 'supply' | null;
  code: string | null;
  userId: string | null;
  userName: string | null;
  level: number | null;
  email: string | null;
  role: string | null;
  revision: number;
};
