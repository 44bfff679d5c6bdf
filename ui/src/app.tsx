// The router of the whole ui. Public routes (landing, certificate verification, events, account pages,
// legal pages) render ui/src/public; every other path lazy-loads the signed-in react-admin area
// (ui/src/admin/AdminApp.tsx, default export), so the public pages never load the react-admin bundle,
// except for a visitor without a session on a path the area does not have either: the public catch-all
// page (public-area.md §2; shared/pages/SignedInOrNotFound.tsx).
// Around both: the global error screen, the session watch (inactivity reminder, timed-out move,
// logged-out dialog) and the toasts. main.tsx loads this module for every first page but a signed-out
// visitor's landing, and when that landing hands over (its first link followed).

import { StrictMode, Suspense, lazy, useCallback, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from './shared/pages/ErrorBoundary.js';
import { PageLoading } from './shared/pages/PageLoading.js';
import { DocumentTitle } from './shared/pages/DocumentTitle.js';
import { SessionWatch } from './shared/session/SessionWatch.js';
import { Toasts } from './shared/ui/toast.js';
import { NavigateProvider } from './shared/ui/AppLink.js';
import { SignedInOrNotFound } from './shared/pages/SignedInOrNotFound.js';
import { publicRoutes } from './public/routes.js';

const AdminApp = lazy(() => import('./admin/AdminApp.js'));
const NotFoundPublicPage = lazy(() => import('./public/NotFoundPublicPage.js'));

/** The router's navigate for the links that also work without it (shared/ui/AppLink.tsx). */
function RouterLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const go = useCallback((to: string) => void navigate(to), [navigate]);
  return <NavigateProvider value={go}>{children}</NavigateProvider>;
}

export function renderApp(root: Root): void {
  root.render(
    <StrictMode>
      <BrowserRouter>
        <RouterLinks>
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
        </RouterLinks>
      </BrowserRouter>
    </StrictMode>,
  );
}
