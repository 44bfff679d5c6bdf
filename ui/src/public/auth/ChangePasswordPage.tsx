// Change password after a forced reset (public-area.md §2.8): old, new and confirmation; success goes
// to /. The contractor variant (/auth/cidb-change-password) adds the mobile number and a terms checkbox
// (submit disabled until ticked; a dialog shows the latest terms). The server ends every session of the
// account on a change, so the local session is dropped too: the user signs in with the new password.
// Failures are error toasts (spec §8).

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { CheckboxField, Field, PasswordField } from '../../shared/forms/Field.js';
import { PhoneField } from '../../shared/forms/PhoneField.js';
import { validateChangePassword, type ChangePasswordValues } from '../../shared/forms/rules.js';
import { useForm } from '../../shared/forms/use-form.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { clearSession, useSession } from '../../shared/session/session-store.js';
import { showToast } from '../../shared/ui/toast.js';
import { AuthLayout } from '../layout/PublicLayout.js';
import { TermsDialog } from './EulaDialog.js';

export default function ChangePasswordPage({ variant }: { variant: 'plain' | 'mobile' }) {
  const { t } = useTranslation(['public', 'errors']);
  const navigate = useNavigate();
  const session = useSession();
  const mobile = variant === 'mobile';
  const form = useForm<ChangePasswordValues>(
    { oldPassword: '', newPassword: '', confirmPassword: '', phoneNumber: session?.user?.user_mobile ?? '', terms: false },
    (values) => validateChangePassword(values, mobile),
  );
  const [busy, setBusy] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const body = {
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
        ...(mobile ? { user_mobile: values.phoneNumber } : {}),
      };
      await apiFetch(mobile ? 'users/change-password-mobile-and-accept-eula' : 'users/change-password', { method: 'POST', body });
      clearSession();
      showToast('success', t('changePassword.success'));
      navigate('/');
    } catch (caught) {
      showToast('error', translateError(t, caught instanceof ApiError ? caught.errorCode : undefined));
    } finally {
      setBusy(false);
    }
  });

  if (!session) {
    return (
      <AuthLayout title={t('changePassword.title')}>
        <p>{t('changePassword.signInFirst')}</p>
        <a className="button primary" href="/auth/sign-in">
          {t('common:actions.login')}
        </a>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('changePassword.title')}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="muted">{t('changePassword.intro')}</p>
        <PasswordField
          name="oldPassword"
          label={t('changePassword.oldPassword')}
          autoComplete="current-password"
          value={form.values.oldPassword}
          onValue={(v) => form.set('oldPassword', v)}
          onBlur={() => form.touch('oldPassword')}
          error={form.errorOf('oldPassword')}
        />
        <PasswordField
          name="newPassword"
          tooltip
          label={t('changePassword.newPassword')}
          autoComplete="new-password"
          value={form.values.newPassword}
          onValue={(v) => form.set('newPassword', v)}
          onBlur={() => form.touch('newPassword')}
          error={form.errorOf('newPassword')}
        />
        <PasswordField
          name="confirmPassword"
          label={t('changePassword.confirmPassword')}
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onValue={(v) => form.set('confirmPassword', v)}
          onBlur={() => form.touch('confirmPassword')}
          error={form.errorOf('confirmPassword')}
        />
        {mobile && (
          <>
            <Field label={t('changePassword.mobile')} error={form.errorOf('phoneNumber')}>
              {({ id, ...aria }) => (
                <PhoneField
                  id={id}
                  name="phoneNumber"
                  label={t('changePassword.mobile')}
                  value={form.values.phoneNumber ?? ''}
                  onChange={(v) => form.set('phoneNumber', v)}
                  onBlur={() => form.touch('phoneNumber')}
                  invalid={aria['aria-invalid']}
                  describedBy={aria['aria-describedby']}
                />
              )}
            </Field>
            <CheckboxField
              name="terms"
              checked={form.values.terms === true}
              onChecked={(v) => form.set('terms', v)}
              error={form.errorOf('terms')}
            >
              {t('changePassword.termsBefore')}{' '}
              <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
                {t('changePassword.termsLink')}
              </button>
            </CheckboxField>
          </>
        )}
        <button type="submit" className="button primary block" disabled={busy || (mobile && form.values.terms !== true)}>
          {t('changePassword.submit')}
        </button>
      </form>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
    </AuthLayout>
  );
}
