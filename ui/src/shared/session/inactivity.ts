// The inactivity window (public-area.md §4, §9): the last activity time lives in localStorage so every
// tab shares it; any API call made with the session resets it and hides the reminder; the check runs
// every second and holds off for 5 s after a call. The window and the warning can be shortened for
// tests: localStorage 'binaan.inactivitySeconds' / 'binaan.warningSeconds', or the same names as query
// parameters on any page (copied into localStorage so the whole visit uses them).

export const LAST_ACTIVITY_KEY = 'binaan.lastActivity';
export const WINDOW_KEY = 'binaan.inactivitySeconds';
export const WARNING_KEY = 'binaan.warningSeconds';
export const DEFAULT_WINDOW_SECONDS = 1800;
export const DEFAULT_WARNING_SECONDS = 120;
export const PAUSE_AFTER_CALL_MS = 5000;

let lastCallAt = 0;

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function positive(value: string | null | undefined): number | null {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : null;
}

/** Query overrides (?inactivitySeconds=20&warningSeconds=10) are kept for the rest of the visit. */
export function adoptInactivityOverrides(search: string): void {
  const query = new URLSearchParams(search);
  for (const [param, key] of [
    ['inactivitySeconds', WINDOW_KEY],
    ['warningSeconds', WARNING_KEY],
  ] as const) {
    const value = positive(query.get(param));
    if (value) store()?.setItem(key, String(value));
  }
}

export function windowSeconds(): number {
  return positive(store()?.getItem(WINDOW_KEY)) ?? DEFAULT_WINDOW_SECONDS;
}

export function warningSeconds(): number {
  return Math.min(positive(store()?.getItem(WARNING_KEY)) ?? DEFAULT_WARNING_SECONDS, windowSeconds());
}

export function noteActivity(now = Date.now()): void {
  store()?.setItem(LAST_ACTIVITY_KEY, String(now));
}

export function noteApiActivity(now = Date.now()): void {
  lastCallAt = now;
  noteActivity(now);
}

export function clearActivity(): void {
  store()?.removeItem(LAST_ACTIVITY_KEY);
}

export function lastActivity(): number | null {
  return positive(store()?.getItem(LAST_ACTIVITY_KEY));
}

export type InactivityState = { phase: 'active' } | { phase: 'warning'; secondsLeft: number } | { phase: 'expired' };

/** Where the window stands at `now`; a tab with no recorded activity counts from now. */
export function inactivityState(now = Date.now(), last = lastActivity(), callAt = lastCallAt): InactivityState {
  if (now - callAt < PAUSE_AFTER_CALL_MS) return { phase: 'active' };
  if (last === null) return { phase: 'active' };
  const left = Math.ceil(windowSeconds() - (now - last) / 1000);
  if (left <= 0) return { phase: 'expired' };
  if (left <= warningSeconds()) return { phase: 'warning', secondsLeft: left };
  return { phase: 'active' };
}

export const TIMED_OUT_KEY = 'binaan.timedOutAt';

/** Said by the tab whose window ran out first, so the other tabs, which see the session go, follow it. */
export function markTimedOut(now = Date.now()): void {
  store()?.setItem(TIMED_OUT_KEY, String(now));
}

export function recentlyTimedOut(now = Date.now()): boolean {
  const at = positive(store()?.getItem(TIMED_OUT_KEY));
  return at !== null && now - at < 10_000;
}
