// The sign-up wizard (public-area.md §2.2) driven by sign-up.machine.ts: mobile (with the invisible
// human check; Send code waits out a running countdown for the same number), code (Verify, Resend with its
// countdown; the number shown as the SMS goes to it), info (locked mobile, full name, e-mail,
// password with tooltip and eye, confirm, terms linking to /terms). The error banner links to sign-in
// for mobileNumberExists and to forgot-password for userExist. ?invitation_id= accepts a call for interest, or
// names a tender's e-mail invitation: shown, and carried by the sign-up (taken up once the company is approved).

import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { CheckboxField, Field, PasswordField, TextField } from '../../shared/forms/Field.js';
import { PhoneField } from '../../shared/forms/PhoneField.js';
import { displayPhone } from '../../shared/forms/phone.js';
import { validateCodeStep, validateMobileStep, validateSignUpInfo, type SignUpInfo } from '../../shared/forms/rules.js';
import { useForm } from '../../shared/forms/use-form.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { nextStepOf, rememberNextStep, signInPathFor } from '../../shared/session/after-sign-in.js';
import { Banner } from '../../shared/ui/Banner.js';
import { showToast } from '../../shared/ui/toast.js';
import { AuthLayout } from '../layout/PublicLayout.js';
import { requestCode, signUp, toFailure, verifyCode } from './auth-calls.js';
import {
  progressOf,
  signUpMachine,
  type CodeCheck,
  type CodeRequest,
  type CodeRequestReply,
  type SignUpDetails,
} from './sign-up.machine.js';

/**
 * What a screen reader hears of the countdown: nothing while it runs (the button's label counts the
 * seconds), then once, politely, that a code can be asked for again.
 */
function useCountdownOverNotice(countdown: number, text: string): string {
  const [notice, setNotice] = useState('');
  const previous = useRef(countdown);
  useEffect(() => {
    if (countdown > 0) setNotice('');
    else if (previous.current > 0) setNotice(text);
    previous.current = countdown;
  }, [countdown, text]);
  return notice;
}

const rethrow = <I, O>(call: (input: I) => Promise<O>) =>
  fromPromise<O, I>(async ({ input }) => {
    try {
      return await call(input);
    } catch (error) {
      throw toFailure(error);
    }
  });

type TenderInvitation = { state: 'open' | 'used' | 'closed' | 'unknown'; documentNo?: string; buyer?: string };
/** A company's invitation to one of its people: the link carries it into the sign-up, and activation joins them. */
type CompanyInvitation = { state: 'open' | 'used'; company: string };

/**
 * The link's invitation: a call for interest is accepted at once (public); otherwise it may be a tender's
 * e-mail invitation, which only an approved company can take up. The page says what the link is (the
 * public look-up), and the sign-up carries the id: the server takes it up when the company is approved.
 */
function useInvitation(): { invitationId: string | null; tender: TenderInvitation | null; company: CompanyInvitation | null } {
  const [query] = useSearchParams();
  const { t } = useTranslation(['public', 'errors']);
  const id = query.get('invitation_id');
  const once = useRef(false);
  const [tender, setTender] = useState<TenderInvitation | null>(null);
  const [company, setCompany] = useState<CompanyInvitation | null>(null);
  useEffect(() => {
    if (!id || once.current) return;
    once.current = true;
    apiFetch('call-for-interest/accept-invitation', { method: 'POST', body: { id, remark: '' } }).then(
      () => showToast('success', t('signUp.invitationAccepted')),
      (error: unknown) => {
        const code = error instanceof ApiError ? error.errorCode : undefined;
        if (code !== 'notFound') return showToast('error', translateError(t, code));
        apiFetch<{ tenderDocumentNo: string; buyerName: string; state: 'open' | 'used' | 'closed' }>(
          `tendering/email-invitations/${encodeURIComponent(id)}`,
          { token: null },
        ).then(
          (found) => setTender({ state: found.state, documentNo: found.tenderDocumentNo, buyer: found.buyerName }),
          // Not a tender's: it may be a company's invitation to one of its people.
          () =>
            apiFetch<{ companyName: string; state: 'open' | 'used' }>(`company/invitations/${encodeURIComponent(id)}`, {
              token: null,
            }).then(
              (found) => setCompany({ state: found.state, company: found.companyName }),
              () => setTender({ state: 'unknown' }),
            ),
        );
      },
    );
  }, [id, t]);
  return { invitationId: tender?.state === 'open' || company?.state === 'open' ? id : null, tender, company };
}

export default function SignUpPage() {
  const { t } = useTranslation(['public', 'errors']);
  const navigate = useNavigate();
  const invitation = useInvitation();
  // Read when the sign-up is sent, so the id found after the page opened still travels with it.
  const invitationRef = useRef<string | null>(null);
  invitationRef.current = invitation.invitationId;
  const machine = useMemo(
    () =>
      signUpMachine.provide({
        actors: {
          requestCode: rethrow<CodeRequest, CodeRequestReply>(requestCode),
          verifyCode: rethrow<CodeCheck, void>(verifyCode),
          signUp: rethrow<SignUpDetails, void>((details) => signUp(details, invitationRef.current)),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  const progress = progressOf(state.value);
  const { context } = state;

  // ?next=register-company ("List my company"): kept with the new account's e-mail for the sign-in after activation.
  const nextStep = nextStepOf(useSearchParams()[0].get('next'));
  useEffect(() => {
    if (progress !== 'done') return;
    if (nextStep) rememberNextStep(nextStep, context.email);
    navigate(`/auth/activate/?email=${encodeURIComponent(context.email)}`);
  }, [progress, context.email, navigate, nextStep]);

  const mobileForm = useForm({ mobile: '' }, validateMobileStep);
  const codeForm = useForm({ mobileVerificationCode: '' }, validateCodeStep);
  // A company's invitation names the address it was sent to: the sign-up starts with it (the join needs it).
  const [query] = useSearchParams();
  const infoForm = useForm<SignUpInfo>(
    { name: '', email: query.get('email') ?? '', password: '', confirmPassword: '', terms: false },
    validateSignUpInfo,
  );
  const busy =
    state.matches('requestingCode') ||
    state.matches({ code: 'verifying' }) ||
    state.matches({ code: 'resending' }) ||
    state.matches({ info: 'submitting' });
  const secondsLeftFor = (mobile: string) => (context.countdown > 0 && mobile === context.mobile ? context.countdown : 0);
  const seconds = (wait: number) => (wait > 0 ? ` (${wait})` : '');
  const countdownOver = useCountdownOverNotice(context.countdown, t('signUp.codeAvailableAgain'));
  const shownMobile = displayPhone(context.mobile);

  const banner = context.errorCode ? (
    <Banner kind="error" testId="sign-up-error">
      {translateError(t, context.errorCode)}
      {context.errorCode === 'mobileNumberExists' && (
        <>
          {' '}
          <Link to={signInPathFor(nextStep)}>{t('signUp.goSignIn')}</Link>
        </>
      )}
      {context.errorCode === 'userExist' && (
        <>
          {' '}
          <Link to="/auth/forgot-password">{t('signUp.goForgot')}</Link>
        </>
      )}
    </Banner>
  ) : null;

  return (
    <AuthLayout title={t('signUp.title')}>
      <ol className="steps" aria-label={t('signUp.stepsLabel')}>
        {(['mobile', 'code', 'info'] as const).map((step, index) => (
          <li key={step} className={progress === step ? 'current' : ''} aria-current={progress === step ? 'step' : undefined}>
            <span>{index + 1}</span> {t(`signUp.step.${step}`)}
          </li>
        ))}
      </ol>
      {nextStep && (
        <Banner kind="info" testId="next-step">
          {t(`signUp.next.${nextStep}`)}
        </Banner>
      )}
      {banner}
      <p className="sr-only" role="status" aria-live="polite" data-testid="code-wait-over">
        {countdownOver}
      </p>
      {invitation.tender && (
        <Banner kind={invitation.tender.state === 'open' ? 'info' : 'error'} testId="tender-invitation">
          {t(`signUp.tenderInvitation.${invitation.tender.state}`, {
            documentNo: invitation.tender.documentNo,
            buyer: invitation.tender.buyer,
          })}
        </Banner>
      )}
      {invitation.company && (
        <Banner kind={invitation.company.state === 'open' ? 'info' : 'error'} testId="company-invitation">
          {t(`signUp.companyInvitation.${invitation.company.state}`, { company: invitation.company.company })}
        </Banner>
      )}
      {progress === 'mobile' && (
        <form className="form" noValidate onSubmit={mobileForm.onSubmit((values) => send({ type: 'SEND_CODE', mobile: values.mobile }))}>
          <p className="muted">{t('signUp.mobileIntro')}</p>
          <Field label={t('signUp.mobile')} error={mobileForm.errorOf('mobile')}>
            {({ id, ...aria }) => (
              <PhoneField
                id={id}
                name="mobile"
                label={t('signUp.mobile')}
                value={mobileForm.values.mobile}
                onChange={(v) => mobileForm.set('mobile', v)}
                onBlur={() => mobileForm.touch('mobile')}
                invalid={aria['aria-invalid']}
                describedBy={aria['aria-describedby']}
              />
            )}
          </Field>
          <button
            type="submit"
            className="button primary block"
            data-testid="send-code"
            disabled={busy || secondsLeftFor(mobileForm.values.mobile) > 0}
          >
            {busy ? t('signUp.checking') : `${t('signUp.sendCode')}${seconds(secondsLeftFor(mobileForm.values.mobile))}`}
          </button>
        </form>
      )}
      {progress === 'code' && (
        <form
          className="form"
          noValidate
          onSubmit={codeForm.onSubmit((values) => send({ type: 'VERIFY', code: values.mobileVerificationCode }))}
        >
          <p className="muted" data-testid="code-sent-to">
            {t('signUp.codeIntro', { mobile: shownMobile })}
          </p>
          <TextField
            name="mobileVerificationCode"
            label={t('signUp.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={codeForm.values.mobileVerificationCode}
            onValue={(v) => codeForm.set('mobileVerificationCode', v)}
            onBlur={() => codeForm.touch('mobileVerificationCode')}
            error={codeForm.errorOf('mobileVerificationCode')}
          />
          <div className="row">
            <button type="submit" className="button primary" disabled={busy}>
              {t('signUp.verify')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="resend"
              disabled={busy || context.countdown > 0}
              onClick={() => send({ type: 'RESEND' })}
            >
              {t('signUp.resend')}
              {seconds(context.countdown)}
            </button>
            <button type="button" className="link-button" onClick={() => send({ type: 'CHANGE_MOBILE' })}>
              {t('signUp.changeMobile')}
            </button>
          </div>
        </form>
      )}
      {progress === 'info' && (
        <form
          className="form"
          noValidate
          onSubmit={infoForm.onSubmit((values) =>
            send({
              type: 'SUBMIT',
              details: { name: values.name, email: values.email, password: values.password, confirmPassword: values.confirmPassword },
            }),
          )}
        >
          <TextField name="user_mobile" label={t('signUp.mobile')} value={shownMobile} onValue={() => undefined} readOnly disabled />
          <TextField
            name="name"
            label={t('signUp.fullName')}
            autoComplete="name"
            value={infoForm.values.name}
            onValue={(v) => infoForm.set('name', v)}
            onBlur={() => infoForm.touch('name')}
            error={infoForm.errorOf('name')}
          />
          <TextField
            name="email"
            type="email"
            label={t('signUp.email')}
            autoComplete="email"
            value={infoForm.values.email}
            onValue={(v) => infoForm.set('email', v)}
            onBlur={() => infoForm.touch('email')}
            error={infoForm.errorOf('email')}
          />
          <PasswordField
            name="password"
            tooltip
            label={t('signUp.password')}
            autoComplete="new-password"
            value={infoForm.values.password}
            onValue={(v) => infoForm.set('password', v)}
            onBlur={() => infoForm.touch('password')}
            error={infoForm.errorOf('password')}
          />
          <PasswordField
            name="confirmPassword"
            label={t('signUp.confirmPassword')}
            autoComplete="new-password"
            value={infoForm.values.confirmPassword}
            onValue={(v) => infoForm.set('confirmPassword', v)}
            onBlur={() => infoForm.touch('confirmPassword')}
            error={infoForm.errorOf('confirmPassword')}
          />
          <CheckboxField
            name="terms"
            checked={infoForm.values.terms}
            onChecked={(v) => infoForm.set('terms', v)}
            error={infoForm.errorOf('terms')}
          >
            {t('signUp.termsBefore')}{' '}
            <Link to="/terms" target="_blank">
              {t('signUp.termsLink')}
            </Link>
          </CheckboxField>
          <button type="submit" className="button primary block" disabled={busy}>
            {t('signUp.submit')}
          </button>
        </form>
      )}
      <p className="muted center">
        {t('signUp.haveAccount')} <Link to={signInPathFor(nextStep)}>{t('signUp.goSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}
