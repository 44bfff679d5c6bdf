// Forgot password (public-area.md §2.5): an e-mail and Reset, behind the invisible human check whose
// token goes as response_token; success goes to sign-in with from=forgotpassword.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { TextField } from '../../shared/forms/Field.js';
import { solveHumanCheck } from '../../shared/forms/human-check.js';
import { validateForgotPassword } from '../../shared/forms/rules.js';
import { useForm } from '../../shared/forms/use-form.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { Banner } from '../../shared/ui/Banner.js';
import { AuthLayout } from '../layout/PublicLayout.js';

export default function ForgotPasswordPage() {
  const { t } = useTranslation(['public', 'errors']);
  const navigate = useNavigate();
  const form = useForm({ email: '' }, validateForgotPassword);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const response_token = await solveHumanCheck();
      await apiFetch('users/forgot-password', {
        method: 'POST',
        token: null,
        body: { email: values.email.trim(), domainGroup: 'binaan', response_token },
      });
      navigate('/auth/sign-in?from=forgotpassword');
    } catch (caught) {
      setError(translateError(t, (caught as ApiError | { errorCode?: string })?.errorCode));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthLayout title={t('forgot.title')}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="muted">{t('forgot.intro')}</p>
        {error && (
          <Banner kind="error" testId="forgot-error">
            {error}
          </Banner>
        )}
        <TextField
          name="email"
          type="email"
          label={t('forgot.email')}
          autoComplete="email"
          value={form.values.email}
          onValue={(v) => form.set('email', v)}
          onBlur={() => form.touch('email')}
          error={form.errorOf('email')}
        />
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? t('signUp.checking') : t('forgot.submit')}
        </button>
        <p className="muted center">
          <Link to="/auth/sign-in">{t('forgot.back')}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
