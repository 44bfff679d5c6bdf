// The signed-in session, persisted in localStorage (only this "persist branch" survives a reload) and
// shared by every tab: a sign-in or sign-out in one tab reaches the others through the storage event.
// Public pages and the react-admin area both read it through getSession/subscribe/useSession.

import { useSyncExternalStore } from 'react';
import type { LoginUser } from '@binaan/contracts';

export type Session = {
  jwtToken: string;
  readOnlyJwtToken: string;
  user: LoginUser | null;
  /** Access-right bit string in the chosen company; empty until a company is chosen. */
  accessRights: string;
  userRole: 'USER' | 'ADMIN' | '';
  rememberMe?: boolean;
  /** Filled by company/choose (signed-in-area.md §2.3). */
  selectedCompany?: string;
  selectedCompanyName?: string;
  roles?: string;
  isSiteTeam?: boolean;
  isDemo?: boolean;
  isNewDashboard?: boolean;
  subscriptionType?: number;
  subscriptionDetailType?: string;
  subscriptionStatus?: number;
  appControl?: Record<string, boolean>;
  language?: string;
};

export const SESSION_KEY = 'binaan.session';
/** Set when the server says the session is gone; the logged-out dialog reads it. */
export const LOGGED_OUT_KEY = 'binaan.loggedOut';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null };
let loggedOutNotice = false;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getSession(): Session | null {
  const raw = storage()?.getItem(SESSION_KEY) ?? null;
  if (raw === cached.raw) return cached.session;
  let session: Session | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as Session) : null;
    session = parsed && typeof parsed.jwtToken === 'string' && parsed.jwtToken ? parsed : null;
  } catch {
    session = null;
  }
  cached = { raw, session };
  return session;
}

function notify() {
  for (const listener of [...listeners]) listener();
}

export function setSession(session: Session): void {
  storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  loggedOutNotice = false;
  notify();
}

/** Merge fields into the current session (the company choice adds its own). */
export function updateSession(patch: Partial<Session>): void {
  const current = getSession();
  if (current) setSession({ ...current, ...patch });
}

export function clearSession(): void {
  storage()?.removeItem(SESSION_KEY);
  notify();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === null) notify();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

/** The server said the session is gone (401 on a call made with it): show the logged-out dialog. */
export function reportNotLoggedIn(): void {
  if (!getSession()) return;
  loggedOutNotice = true;
  notify();
}

export function hasLoggedOutNotice(): boolean {
  return loggedOutNotice;
}

export function dismissLoggedOutNotice(): void {
  loggedOutNotice = false;
  notify();
}

export function useLoggedOutNotice(): boolean {
  return useSyncExternalStore(subscribe, hasLoggedOutNotice, () => false);
}
