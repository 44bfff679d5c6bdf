// Sign-out: the server call is best effort (public-area.md §4), the local data is cleared whatever it
// answers, and the other tabs follow through the storage event.

import { apiFetch } from '../api/client.js';
import { clearSession, getSession } from './session-store.js';
import { clearActivity } from './inactivity.js';

export async function signOut(): Promise<void> {
  const session = getSession();
  if (session) {
    await apiFetch('users/logout', {
      method: 'POST',
      token: session.jwtToken,
      body: { token: session.jwtToken, os: navigator.platform || 'web', app_name: 'binaan-web', middleware_name: 'binaan-api' },
    }).catch(() => undefined);
  }
  clearSession();
  clearActivity();
}
