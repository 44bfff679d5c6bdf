// Reset password (public-area.md §2.6): email and token from the query; new password (with the rule
// tooltip) and confirmation; Save password; success goes to sign-in with from=resetpassword.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { PasswordField } from '../../shared/forms/Field.js';
import { validateResetPassword } from '../../shared/forms/rules.js';
import { useForm } from '../../shared/forms/use-form.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { Banner } from '../../shared/ui/Banner.js';
import { AuthLayout } from '../layout/PublicLayout.js';

export default function ResetPasswordPage() {
  const { t } = useTranslation(['public', 'errors']);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const email = query.get('email') ?? '';
  const token = query.get('token') ?? '';
  const form = useForm({ password: '', confirmPassword: '' }, validateResetPassword);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(email && token ? null : translateError(t, 'invalidToken'));

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await apiFetch('users/reset-password', {
        method: 'POST',
        token: null,
        body: { email, token, password: values.password, confirmPassword: values.confirmPassword },
      });
      navigate('/auth/sign-in?from=resetpassword');
    } catch (caught) {
      setError(translateError(t, caught instanceof ApiError ? caught.errorCode : undefined));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthLayout title={t('reset.title')}>
      <form className="form" noValidate onSubmit={submit}>
        {email && <p className="muted">{t('reset.intro', { email })}</p>}
        {error && (
          <Banner kind="error" testId="reset-error">
            {error}
          </Banner>
        )}
        <PasswordField
          name="password"
          tooltip
          label={t('reset.password')}
          autoComplete="new-password"
          value={form.values.password}
          onValue={(v) => form.set('password', v)}
          onBlur={() => form.touch('password')}
          error={form.errorOf('password')}
        />
        <PasswordField
          name="confirmPassword"
          label={t('reset.confirmPassword')}
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onValue={(v) => form.set('confirmPassword', v)}
          onBlur={() => form.touch('confirmPassword')}
          error={form.errorOf('confirmPassword')}
        />
        <button type="submit" className="button primary block" disabled={busy}>
          {t('reset.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
