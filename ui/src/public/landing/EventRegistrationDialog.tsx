// The event registration dialog (public-area.md §2.1): titled with the event's title; name, e-mail,
// company name (optional) and phone; Register sends POST article/register and closes on success (the
// ticket arrives by e-mail). Loaded lazily: the phone input is not part of the landing's first bundle.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventListItem, EventRegistrationReply } from '@binaan/contracts';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { Field, TextField } from '../../shared/forms/Field.js';
import { PhoneField } from '../../shared/forms/PhoneField.js';
import { validateEventRegistration, type EventRegistrationValues } from '../../shared/forms/rules.js';
import { useForm } from '../../shared/forms/use-form.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { Banner } from '../../shared/ui/Banner.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { showToast } from '../../shared/ui/toast.js';

export default function EventRegistrationDialog({ event, onClose }: { event: EventListItem; onClose: () => void }) {
  const { t } = useTranslation(['public', 'errors']);
  const form = useForm<EventRegistrationValues>({ name: '', email: '', contact: '', company_name: '' }, validateEventRegistration);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await apiFetch<EventRegistrationReply>('article/register', {
        method: 'POST',
        token: null,
        body: {
          article_id: event.id || 0,
          name: values.name.trim(),
          email: values.email.trim(),
          contact: values.contact,
          company_name: values.company_name.trim(),
        },
      });
      showToast('success', t('register.success', { email: values.email.trim() }));
      onClose();
    } catch (caught) {
      setError(translateError(t, caught instanceof ApiError ? caught.errorCode : undefined));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog open title={event.title} onClose={onClose} testId="event-registration">
      <form className="form" onSubmit={submit} noValidate>
        {error && <Banner kind="error">{error}</Banner>}
        <TextField
          name="name"
          label={t('register.name')}
          value={form.values.name}
          onValue={(v) => form.set('name', v)}
          onBlur={() => form.touch('name')}
          error={form.errorOf('name')}
          autoComplete="name"
        />
        <TextField
          name="email"
          type="email"
          label={t('register.email')}
          value={form.values.email}
          onValue={(v) => form.set('email', v)}
          onBlur={() => form.touch('email')}
          error={form.errorOf('email')}
          autoComplete="email"
        />
        <TextField
          name="company_name"
          label={t('register.company')}
          hint={t('register.optional')}
          value={form.values.company_name}
          onValue={(v) => form.set('company_name', v)}
          autoComplete="organization"
        />
        <Field label={t('register.phone')} error={form.errorOf('contact')}>
          {({ id, ...aria }) => (
            <PhoneField
              id={id}
              name="contact"
              value={form.values.contact}
              onChange={(v) => form.set('contact', v)}
              onBlur={() => form.touch('contact')}
              invalid={aria['aria-invalid']}
              describedBy={aria['aria-describedby']}
              label={t('register.phone')}
            />
          )}
        </Field>
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? t('common:actions.loading') : t('register.submit')}
        </button>
      </form>
    </Dialog>
  );
}
