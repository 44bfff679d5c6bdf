// The catch-all page (public-area.md §2): a link home and a sign-out link. The signed-in area renders
// it for paths it does not know either.

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <main className="centered-page" data-testid="not-found">
      <div className="card narrow">
        <div className="big-code">404</div>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.body')}</p>
        <p className="row">
          <Link className="button primary" to="/">
            {t('notFound.home')}
          </Link>
          <Link className="button" to="/auth/sign-in?from=logout">
            {t('notFound.signOut')}
          </Link>
        </p>
      </div>
    </main>
  );
}
