// The chosen company's approval state and subscription, which the session (shared) does not keep: set
// when a company is chosen here, kept in localStorage beside the session, and refreshed from company/list
// when missing (another tab chose, or an older session).
import { useSyncExternalStore } from 'react';

export type ChosenCompany = { companyId: string; name: string; status: number; subscriptionType: number };
const KEY = 'binaan.admin.company';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: ChosenCompany | null } = { raw: null, value: null };

export function getChosenCompany(): ChosenCompany | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    raw = null;
  }
  if (raw === cached.raw) return cached.value;
  let value: ChosenCompany | null = null;
  try {
    value = raw ? (JSON.parse(raw) as ChosenCompany) : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

export function setChosenCompany(company: ChosenCompany | null): void {
  try {
    if (company) localStorage.setItem(KEY, JSON.stringify(company));
    else localStorage.removeItem(KEY);
  } catch {
    /* private mode: kept for this page only */
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useChosenCompany(): ChosenCompany | null {
  return useSyncExternalStore(subscribe, getChosenCompany, () => null);
}
