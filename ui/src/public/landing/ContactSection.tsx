// The landing page's "Contact us": a short line and a button opening the contact form (loaded lazily: the
// form and its human check are not part of the landing's first bundle). What is sent becomes an inquiry in
// the admin module (apps/api/src/inquiries).
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ContactDialog = lazy(() => import('./ContactDialog.js'));

export function ContactSection() {
  const { t } = useTranslation('public');
  const [open, setOpen] = useState(false);
  return (
    <section className="section contact" aria-labelledby="contact-title" data-testid="contact-section">
      <h2 id="contact-title">{t('contact.title')}</h2>
      <p>{t('contact.intro')}</p>
      <button type="button" className="button primary" onClick={() => setOpen(true)} data-testid="contact-open">
        {t('contact.open')}
      </button>
      {open && (
        <Suspense fallback={<div className="page-loading" />}>
          <ContactDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
