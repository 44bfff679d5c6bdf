// Sign-in (public-area.md §2.3, §2.4, §4): the from= banner (resetpassword, forgotpassword, register,
// logout), the email/pass prefill, remember me, the error banner, Login disabled while loading. An
// authenticated reply that must show the licence opens the EULA dialog (Accept continues the login,
// Reject goes to / and drops the sign-in); a forced password change goes to /auth/change-password;
// otherwise /article (or /article/view/{id} when ?article= says the login came from an article).
// from=logout signs out whatever session this browser still holds (the catch-all's sign-out link).

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginReply } from '@binaan/contracts';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { CheckboxField, PasswordField, TextField } from '../../shared/forms/Field.js';
import { validateSignIn } from '../../shared/forms/sign-in-rules.js';
import { useForm } from '../../shared/forms/use-form.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { takeNextStep } from '../../shared/session/after-sign-in.js';
import { noteActivity } from '../../shared/session/inactivity.js';
import { setSession } from '../../shared/session/session-store.js';
import { signOut } from '../../shared/session/sign-out.js';
import { Banner } from '../../shared/ui/Banner.js';
import { AuthLayout } from '../layout/PublicLayout.js';
import { login } from './auth-calls.js';
import { EulaDialog } from './EulaDialog.js';

const FROM_BANNERS = ['resetpassword', 'forgotpassword', 'register', 'logout'] as const;
/** A company withdrew the user's access while they worked for it (their sessions there ended): why, in words. */
const ACCESS_ENDED_REASONS = ['userSuspended', 'userDeactivated', 'userTerminated'];

type Prompt = { type: 'eula'; id: number; isLoading: boolean; reply: LoginReply; rememberMe: boolean } | null;

export default function SignInPage() {
  const { t } = useTranslation(['public', 'errors', 'common']);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const from = query.get('from');
  const article = query.get('article');
  const form = useForm({ loginEmail: query.get('email') ?? '', loginPassword: query.get('pass') ?? '', rememberMe: false }, validateSignIn);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<Prompt>(null);
  const signedOut = useRef(false);

  useEffect(() => {
    if ((from === 'logout' || from === 'companyAccessEnded') && !signedOut.current) {
      signedOut.current = true;
      void signOut();
    }
  }, [from]);

  const finish = (reply: LoginReply, rememberMe: boolean) => {
    setSession({
      jwtToken: reply.jwtToken,
      readOnlyJwtToken: reply.readOnlyJwtToken,
      user: reply.user,
      accessRights: reply.accessRights,
      userRole: reply.userRole,
      rememberMe,
    });
    noteActivity();
    if (reply.forceChangePassword) navigate('/auth/change-password');
    // "List my company": the registration the person signed up for (after-sign-in.ts), else where sign-in leads.
    else
      navigate(
        takeNextStep(reply.user?.email ?? '', query.get('next')) ?? (article ? `/article/view/${encodeURIComponent(article)}` : '/article'),
      );
  };

  const submit = form.onSubmit(async (values) => {
    setLoading(true);
    setError(null);
    try {
      const reply = await login(values.loginEmail, values.loginPassword, values.rememberMe);
      if (!reply.loginIsAuthenticated) {
        setError(translateError(t, reply.errorCode ?? 'incorrectCredentials'));
        return;
      }
      if (reply.showEula) setPrompt({ type: 'eula', id: 1, isLoading: false, reply, rememberMe: values.rememberMe });
      else finish(reply, values.rememberMe);
    } catch (caught) {
      setError(translateError(t, caught instanceof ApiError ? caught.errorCode : undefined));
    } finally {
      setLoading(false);
    }
  });

  const accept = async () => {
    if (!prompt) return;
    setPrompt({ ...prompt, isLoading: true });
    try {
      await apiFetch('accept-eula', { method: 'POST', token: prompt.reply.jwtToken, body: {} });
      setPrompt(null);
      finish(prompt.reply, prompt.rememberMe);
    } catch (caught) {
      setPrompt({ ...prompt, isLoading: false });
      setError(translateError(t, caught instanceof ApiError ? caught.errorCode : undefined));
    }
  };

  const reject = () => {
    const token = prompt?.reply.jwtToken;
    setPrompt(null);
    if (token) void apiFetch('users/logout', { method: 'POST', token, body: { token } }).catch(() => undefined);
    navigate('/');
  };

  const reason = query.get('reason');
  const banner =
    from && (FROM_BANNERS as readonly string[]).includes(from) ? (
      <Banner kind="success" testId="from-banner">
        {t(`signIn.from.${from}`)}
      </Banner>
    ) : from === 'companyAccessEnded' && reason && ACCESS_ENDED_REASONS.includes(reason) ? (
      <Banner kind="error" testId="access-ended-banner">
        {t(`errors:error.${reason}`)} {t('signIn.from.companyAccessEnded')}
      </Banner>
    ) : null;

  return (
    <AuthLayout title={t('signIn.title')}>
      <form className="form" noValidate onSubmit={submit}>
        {banner}
        {error && (
          <Banner kind="error" testId="sign-in-error">
            {error}
          </Banner>
        )}
        <TextField
          name="loginEmail"
          type="email"
          label={t('signIn.email')}
          autoComplete="username"
          value={form.values.loginEmail}
          onValue={(v) => form.set('loginEmail', v)}
          onBlur={() => form.touch('loginEmail')}
          error={form.errorOf('loginEmail')}
        />
        <PasswordField
          name="loginPassword"
          label={t('signIn.password')}
          autoComplete="current-password"
          value={form.values.loginPassword}
          onValue={(v) => form.set('loginPassword', v)}
          onBlur={() => form.touch('loginPassword')}
          error={form.errorOf('loginPassword')}
        />
        <div className="row spread">
          <CheckboxField name="rememberMe" checked={form.values.rememberMe} onChecked={(v) => form.set('rememberMe', v)}>
            {t('signIn.rememberMe')}
          </CheckboxField>
          <Link to="/auth/forgot-password">{t('signIn.forgot')}</Link>
        </div>
        <button type="submit" className="button primary block" disabled={loading}>
          {loading ? t('common:actions.loading') : t('signIn.submit')}
        </button>
        <p className="muted center">
          {t('signIn.noAccount')} <Link to="/auth/sign-up">{t('signIn.signUp')}</Link>
        </p>
      </form>
      <EulaDialog open={prompt?.type === 'eula'} busy={prompt?.isLoading === true} onAccept={() => void accept()} onReject={reject} />
    </AuthLayout>
  );
}
