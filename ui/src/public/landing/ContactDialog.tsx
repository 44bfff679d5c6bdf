// The contact form: name, e-mail, phone and company (both optional), subject and message; Send solves the
// human check in the background and sends POST inquiries, in the page's language (the acknowledgement
// e-mail is written in it). A refusal shows on its field or above the form; nothing typed is lost.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InquiryReceivedReply } from '@binaan/contracts';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { Field, TextField } from '../../shared/forms/Field.js';
import { solveHumanCheck } from '../../shared/forms/human-check.js';
import { isEmail } from '../../shared/forms/rules.js';
import { collect, need } from '../../shared/forms/sign-in-rules.js';
import { useForm } from '../../shared/forms/use-form.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { Banner } from '../../shared/ui/Banner.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { showToast } from '../../shared/ui/toast.js';

type ContactValues = { name: string; email: string; phone: string; companyName: string; subject: string; message: string };
const EMPTY: ContactValues = { name: '', email: '', phone: '', companyName: '', subject: '', message: '' };

export function validateContact(values: ContactValues) {
  return collect<keyof ContactValues>([
    ['name', need(values.name)],
    ['email', need(values.email) ?? (isEmail(values.email.trim()) ? null : 'errors:error.invalidEmail')],
    ['phone', values.phone.trim() === '' || /^\+?[0-9 -]{9,20}$/.test(values.phone.trim()) ? null : 'errors:error.invalidMobile'],
    ['subject', need(values.subject)],
    ['message', need(values.message) ?? (values.message.trim().length >= 10 ? null : 'public:contact.messageTooShort')],
  ]);
}

export default function ContactDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation(['public', 'errors']);
  const form = useForm<ContactValues>(EMPTY, validateContact);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const response_token = await solveHumanCheck();
      const body = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]));
      await apiFetch<InquiryReceivedReply>('inquiries', {
        method: 'POST',
        token: null,
        body: { ...body, language: i18n.language, response_token },
      });
      showToast('success', t('contact.sent', { email: values.email.trim() }));
      onClose();
    } catch (caught) {
      setError(translateError(t, caught instanceof ApiError ? caught.errorCode : undefined));
    } finally {
      setBusy(false);
    }
  });

  const text = (key: keyof ContactValues, autoComplete: string, optional = false, type = 'text') => (
    <TextField
      name={key}
      type={type}
      label={t(`contact.${key}`)}
      hint={optional ? t('register.optional') : undefined}
      value={form.values[key]}
      onValue={(v) => form.set(key, v)}
      onBlur={() => form.touch(key)}
      error={form.errorOf(key)}
      autoComplete={autoComplete}
    />
  );
  return (
    <Dialog open title={t('contact.title')} onClose={onClose} testId="contact-dialog">
      <form className="form" onSubmit={submit} noValidate>
        {error && <Banner kind="error">{error}</Banner>}
        {text('name', 'name')}
        {text('email', 'email', false, 'email')}
        {text('phone', 'tel', true, 'tel')}
        {text('companyName', 'organization', true)}
        {text('subject', 'off')}
        <Field label={t('contact.message')} error={form.errorOf('message')}>
          {(aria) => (
            <textarea
              {...aria}
              name="message"
              rows={5}
              maxLength={5000}
              value={form.values.message}
              onChange={(e) => form.set('message', e.target.value)}
              onBlur={() => form.touch('message')}
            />
          )}
        </Field>
        <button type="submit" className="button primary block" disabled={busy} data-testid="contact-send">
          {busy ? t('common:actions.loading') : t('contact.send')}
        </button>
      </form>
    </Dialog>
  );
}
