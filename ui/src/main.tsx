// The router of the whole ui. Public routes (landing, certificate verification, events, account pages,
// legal pages) render ui/src/public; every other path lazy-loads the signed-in react-admin area
// (ui/src/admin/AdminApp.tsx, default export), so the public pages never load the react-admin bundle,
// except for a visitor without a session on a path the area does not have either: the public catch-all
// page (public-area.md §2; shared/pages/SignedInOrNotFound.tsx).
// Around both: the global error screen, the session watch (inactivity reminder, timed-out move,
// logged-out dialog) and the toasts.

import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { initI18n } from './shared/i18n/i18n.js';
import { ErrorBoundary } from './shared/pages/ErrorBoundary.js';
import { PageLoading } from './shared/pages/PageLoading.js';
import { DocumentTitle } from './shared/pages/DocumentTitle.js';
import { SessionWatch } from './shared/session/SessionWatch.js';
import { Toasts } from './shared/ui/toast.js';
import { SignedInOrNotFound } from './shared/pages/SignedInOrNotFound.js';
import { publicRoutes } from './public/routes.js';
import './shared/base.css';

const AdminApp = lazy(() => import('./admin/AdminApp.js'));
const NotFoundPublicPage = lazy(() => import('./public/NotFoundPublicPage.js'));

initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <ErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            {publicRoutes}
            <Route path="*" element={<SignedInOrNotFound area={<AdminApp />} notFound={<NotFoundPublicPage />} />} />
          </Routes>
        </Suspense>
        {/* Outside the pages' Suspense, so a page that is still loading never hides a toast or the reminder. */}
        <Suspense fallback={null}>
          <SessionWatch />
          <DocumentTitle />
          <Toasts />
        </Suspense>
      </ErrorBoundary>
    </BrowserRouter>
  </StrictMode>,
);
