// Shown when the inactivity window ends (the session watch signs out and comes here).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../layout/PublicLayout.js';

export default function SessionTimedOutPage() {
  const { t } = useTranslation('common');
  return (
    <AuthLayout title={t('session.timedOutTitle')}>
      <div data-testid="session-timed-out">
        <p>{t('session.timedOutBody')}</p>
        <Link className="button primary block" to="/auth/sign-in">
          {t('session.loginAgain')}
        </Link>
      </div>
    </AuthLayout>
  );
}
