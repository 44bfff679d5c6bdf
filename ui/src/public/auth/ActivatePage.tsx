// Activate account (public-area.md §2.7): email (and maybe activation_code) from the query; a code
// field and Activate; a code in the query is filled in and submitted at once. Success goes to sign-in
// with from=register; a failure is a red banner with the translated error.

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { TextField } from '../../shared/forms/Field.js';
import { validateActivate } from '../../shared/forms/rules.js';
import { useForm } from '../../shared/forms/use-form.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { Banner } from '../../shared/ui/Banner.js';
import { AuthLayout } from '../layout/PublicLayout.js';

export default function ActivatePage() {
  const { t } = useTranslation(['public', 'errors']);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const email = query.get('email') ?? '';
  const queryCode = query.get('activation_code') ?? '';
  const form = useForm({ code: queryCode }, validateActivate);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const autoSubmitted = useRef(false);

  const activate = async (code: string) => {
    setBusy(true);
    setError(null);
    try {
      await apiFetch('users/activate-by-pin', { method: 'POST', token: null, body: { email, pin: code.trim() } });
      navigate('/auth/sign-in/?from=register');
    } catch (caught) {
      setError(translateError(t, caught instanceof ApiError ? caught.errorCode : undefined));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (queryCode && !autoSubmitted.current) {
      autoSubmitted.current = true;
      void activate(queryCode);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the code the link carried
  }, [queryCode]);

  return (
    <AuthLayout title={t('activate.title')}>
      <form className="form" noValidate onSubmit={form.onSubmit((values) => activate(values.code))}>
        <p className="muted">{t('activate.intro', { email: email || '—' })}</p>
        {error && (
          <Banner kind="error" testId="activate-error">
            {error}
          </Banner>
        )}
        <TextField
          name="code"
          label={t('activate.code')}
          autoComplete="one-time-code"
          value={form.values.code}
          onValue={(v) => form.set('code', v)}
          onBlur={() => form.touch('code')}
          error={form.errorOf('code')}
        />
        <button type="submit" className="button primary block" disabled={busy}>
          {t('activate.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
