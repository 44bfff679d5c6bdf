// The catch-all page of public-area.md §2 for a visitor who is not signed in: "Page not found", a link to
// the home page and a sign-out link (/auth/sign-in?from=logout), in the public frame (header with the
// language switch). app.tsx shows it for a path neither area knows; the signed-in area's own unknown
// paths get shared/pages/NotFoundPage.tsx inside its frame.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthLayout } from './layout/PublicLayout.js';

export default function NotFoundPublicPage() {
  const { t } = useTranslation('common');
  return (
    <AuthLayout title={t('notFound.title')}>
      <div data-testid="not-found">
        <p className="big-code" aria-hidden="true">
          404
        </p>
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
    </AuthLayout>
  );
}
