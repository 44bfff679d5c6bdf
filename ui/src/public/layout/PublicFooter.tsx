// The partner-company footer: partners (the association logo from GET association/download), the legal
// pages and the support contacts.

import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/ui/AppLink.js';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from './PublicHeader.js';

// The demo companies exactly as the app names them (apps/api/src/demo/demo-data.ts): one name for one company.
const PARTNERS = [
  'Persatuan Kontraktor Binaan Malaysia',
  'Teguh Bina Sdn Bhd',
  'Mutiara Supplies Sdn Bhd',
  'Seri Hartanah Berhad',
  'Kukuh Jaya Contractor Sdn Bhd',
];

export function PublicFooter() {
  const { t } = useTranslation('public');
  return (
    <footer className="site-footer" data-testid="site-footer">
      <section className="partners" aria-labelledby="partners-title">
        <h2 id="partners-title">{t('partners.title')}</h2>
        <div className="partner-row">
          <img src="/api/association/download" alt={t('partners.associationLogo')} width={56} height={56} loading="lazy" />
          {PARTNERS.map((name) => (
            <span key={name} className="partner" data-testid="partner">
              {name}
            </span>
          ))}
        </div>
      </section>
      <div className="footer-grid">
        <div>
          <strong>Binaan</strong>
          <p>{t('footer.about')}</p>
        </div>
        <div>
          <strong>{t('footer.legal')}</strong>
          <ul>
            <li>
              <AppLink to="/terms-of-service">{t('footer.termsOfService')}</AppLink>
            </li>
            <li>
              <AppLink to="/terms-of-use">{t('footer.termsOfUse')}</AppLink>
            </li>
            <li>
              <AppLink to="/privacy-policy">{t('footer.privacyPolicy')}</AppLink>
            </li>
          </ul>
        </div>
        <div>
          <strong>{t('footer.contact')}</strong>
          <ul>
            <li>
              <a href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`}>{SUPPORT_PHONE}</a>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </li>
          </ul>
        </div>
      </div>
      <p className="copyright">{t('footer.rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
