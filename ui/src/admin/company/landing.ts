// Where a user goes after choosing a company (signed-in-area.md §2.3). The spec leaves open which rule wins
// for an approved company with a contractor subscription: we take the more specific one, so it goes to the
// contractor profile; any other approved company (or a platform admin, whatever the status) goes to
// add-company. Submitted comes first: the company waits for approval and can only see its profile. The api's
// company/choose answers the same `landing` (companies/company-access.ts).
import { CompanySubmissionStatus, SubscriptionType } from '@binaan/contracts';

export type Landing = '/administration/company' | '/administration/add-company' | '/cidb-administration/company-profile' | '/auth/non-approved-company-login';

export function landingAfterChoice(status: number, subscriptionType: number, userType: 1 | 2): Landing {
  if (status === CompanySubmissionStatus.Submitted) return '/administration/company';
  const approved = status === CompanySubmissionStatus.Approved;
  if (approved && subscriptionType === SubscriptionType.CidbContractor) return '/cidb-administration/company-profile';
  if (approved || userType === 2) return '/administration/add-company';
  return '/auth/non-approved-company-login';
}

/** §2.2: after sign-in, /article (or the article the sign-in came from). */
export function landingAfterLogin(fromArticleId?: string | null): string {
  return fromArticleId ? `/article/view/${encodeURIComponent(fromArticleId)}` : '/article';
}
