// The ui's entry. A signed-out visitor on the landing gets the landing alone (landing-entry.tsx, no router);
// everyone else, and that visitor at their first link, gets the app with its router (app.tsx, a chunk of
// its own). Both render into one root, so the hand-over replaces the landing in place.

import { createRoot } from 'react-dom/client';
import { initI18n } from './shared/i18n/i18n.js';
import { getSession } from './shared/session/session-store.js';
import { LANDING_PATHS, renderLanding } from './landing-entry.js';
import './shared/base.css';

initI18n();

const root = createRoot(document.getElementById('root')!);
const startApp = () => import('./app.js').then(({ renderApp }) => renderApp(root));

if (LANDING_PATHS.includes(window.location.pathname) && !getSession()) {
  let handedOver = false;
  renderLanding(root, (to) => {
    window.history.pushState(null, '', to);
    if (handedOver) return;
    handedOver = true;
    void startApp();
  });
} else {
  void startApp();
}
