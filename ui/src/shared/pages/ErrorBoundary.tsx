// The global error screen (public-area.md §2.11): a rendering failure anywhere shows a translated
// message with a sign-out link, and is reported to POST /api/log-ui-error (best effort).

import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../api/client.js';

type State = { error: Error | null };

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const detail = `${location.pathname}\n${error.stack ?? ''}\n${info.componentStack ?? ''}`.slice(0, 8000);
    void apiFetch('log-ui-error', {
      method: 'POST',
      body: { error: String(error.message || error).slice(0, 1000), error_info: detail },
    }).catch(() => undefined);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <GlobalErrorScreen />
      </Suspense>
    );
  }
}

export function GlobalErrorScreen() {
  const { t } = useTranslation('common');
  return (
    <main className="centered-page" data-testid="global-error">
      <div className="card narrow">
        <h1>{t('globalError.title')}</h1>
        <p>{t('globalError.body')}</p>
        <p className="row">
          <a className="button primary" href="/auth/sign-in?from=logout">
            {t('actions.signOut')}
          </a>
          <button type="button" className="button" onClick={() => location.reload()}>
            {t('globalError.reload')}
          </button>
        </p>
      </div>
    </main>
  );
}
