// The landing without the router: a signed-out visitor's first page is `/`, and react-router
// (about a quarter of the landing's script) is needed only once they go elsewhere. So the landing renders
// here on its own, its links (shared/ui/AppLink.tsx) call `handOver`, which loads the app (app.tsx) and
// renders it in the same root at the new path. The session watch is left out: it acts on a session, and a
// visitor with one gets the app from the start (main.tsx).
import { StrictMode, Suspense } from 'react';
import type { Root } from 'react-dom/client';
import { LandingPage } from './public/landing/LandingPage.js';
import { ErrorBoundary } from './shared/pages/ErrorBoundary.js';
import { PageLoading } from './shared/pages/PageLoading.js';
import { DocumentTitle } from './shared/pages/DocumentTitle.js';
import { Toasts } from './shared/ui/toast.js';
import { NavigateProvider, type Navigate } from './shared/ui/AppLink.js';

/** The paths the router also draws as the landing (public/routes.tsx). */
export const LANDING_PATHS = ['/', '/index.html'];

export function renderLanding(root: Root, handOver: Navigate): void {
  root.render(
    <StrictMode>
      <NavigateProvider value={handOver}>
        <ErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <LandingPage />
          </Suspense>
          <Suspense fallback={null}>
            <DocumentTitle />
            <Toasts />
          </Suspense>
        </ErrorBoundary>
      </NavigateProvider>
    </StrictMode>,
  );
}
