// company/list and company/choose (signed-in-area.md §3, §7): the choice starts a new session for that
// company (the old token ends), so the reply's tokens, rights and subscription replace the session's.
import { landingAfterChoice, type CompanyChooseReply, type CompanyLanding, type CompanyListItem } from '@binaan/contracts';
import { getSession, updateSession } from '../../shared/session/session-store.js';
import { adminJson } from '../providers/admin-request.js';
import { setChosenCompany } from './company-state.js';
import { termsFirst, TERMS_STEP_PATH } from './company-terms-step.js';

export async function listCompanies(): Promise<CompanyListItem[]> {
  return (await adminJson<{ data: CompanyListItem[] }>('/api/company/list')).data;
}

export async function chooseCompany(companyId: string): Promise<CompanyLanding | typeof TERMS_STEP_PATH> {
  const reply = await adminJson<CompanyChooseReply>(`/api/company/choose/${encodeURIComponent(companyId)}`);
  updateSession({
    jwtToken: reply.jwtToken,
    readOnlyJwtToken: reply.readOnlyJwtToken,
    accessRights: reply.accessRights,
    selectedCompany: reply.selectedCompany,
    selectedCompanyName: reply.selectedCompanyName,
    roles: reply.roles,
    isSiteTeam: reply.isSiteTeam,
    isDemo: reply.isDemo,
    isNewDashboard: reply.isNewDashboard,
    subscriptionType: reply.user.subscriptionType,
    subscriptionDetailType: reply.user.subscriptionDetailType,
    appControl: reply.appControl,
  });
  setChosenCompany({
    companyId: reply.selectedCompany,
    name: reply.selectedCompanyName,
    status: reply.companyStatus,
    subscriptionType: reply.user.subscriptionType,
  });
  const landing = landingAfterChoice(reply.companyStatus, getSession()?.userRole === 'ADMIN' ? 2 : 1);
  // The company's own terms wait for this member: the company choice page shows them first, then goes on.
  if (reply.termsToAccept) return termsFirst(landing);
  return landing;
}

/** Up to two initials of a company's name, leaving out the legal suffix ("Teguh Bina Sdn Bhd" -> "TB"). */
export function companyInitials(name: string): string {
  const words = name
    .replace(/\b(sdn\.?|bhd\.?|berhad|plc|ltd\.?)(?=\s|$)/gi, ' ')
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return (
    words
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join('') ||
    name.trim().charAt(0).toUpperCase() ||
    '?'
  );
}
