// The company's terms step (apps/api/src/company-setups/README.md): when a company choice answers terms to accept,
// or any call answers companyTermsNotAccepted, the company choice page shows them, and after the acceptance the
// user goes where the choice would have taken them.
import type { CompanyLanding } from '@binaan/contracts';

const LANDING_KEY = 'binaan.termsLanding';
export const TERMS_STEP_PATH = '/select-company?acceptTerms=1' as const;

/** Where to go now: the terms first, the landing kept for after them. */
export function termsFirst(landing: CompanyLanding): typeof TERMS_STEP_PATH {
  sessionStorage.setItem(LANDING_KEY, landing);
  return TERMS_STEP_PATH;
}

/** The landing kept by the choice (the home page when the step was reached otherwise). */
export function landingAfterTerms(): string {
  const landing = sessionStorage.getItem(LANDING_KEY) ?? '/article';
  sessionStorage.removeItem(LANDING_KEY);
  return landing;
}

let sent = false;
/** A call refused because the terms wait: one move to the step, however many calls were refused at once. */
export function reportCompanyTermsPending(): void {
  if (sent || window.location.pathname === '/select-company') return;
  sent = true;
  window.location.assign(TERMS_STEP_PATH);
}
