// A company withdrew the user's access (suspended, deactivated, terminated): their sessions for it ended and
// every call with its token answers 403 with the reason. The signed-in area signs them out (the account is
// untouched: their other companies stay theirs) and the sign-in page says why.
import { signOut } from '../../shared/session/sign-out.js';
import { setChosenCompany } from './company-state.js';

export const ACCESS_ENDED_CODES: ReadonlySet<string> = new Set(['userSuspended', 'userDeactivated', 'userTerminated']);
let reported = false;

export function reportCompanyAccessEnded(code: string): void {
  // Several calls of one page are refused at once: one sign-out.
  if (reported) return;
  reported = true;
  setChosenCompany(null);
  void signOut().finally(() => window.location.assign(`/auth/sign-in?from=companyAccessEnded&reason=${encodeURIComponent(code)}`));
}
