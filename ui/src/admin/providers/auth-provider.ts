// react-admin's view of the shared session: signed in when the session has a token; sign-out is the
// shared one (best-effort server call, local data cleared) plus the chosen company kept here.
import type { AuthProvider } from 'react-admin';
import { getSession } from '../../shared/session/session-store.js';
import { signOut } from '../../shared/session/sign-out.js';
import { setChosenCompany } from '../company/company-state.js';

export const authProvider: AuthProvider = {
  async login() {
    /* sign-in is the public area's page (/auth/sign-in) */
  },
  async logout() {
    await signOut();
    setChosenCompany(null);
    return '/auth/sign-in?from=logout';
  },
  async checkAuth() {
    if (!getSession()) throw { redirectTo: '/auth/sign-in', message: false };
  },
  async checkError(error: { status?: number }) {
    // 403 is "not allowed here", which the page says; only a lost session signs out.
    if (error?.status === 401) throw { redirectTo: '/auth/sign-in?from=logout', message: false };
  },
  async getIdentity() {
    const session = getSession();
    return { id: session?.user?.email ?? '', fullName: session?.user?.name ?? '' };
  },
  async getPermissions() {
    return getSession()?.accessRights ?? '';
  },
};
