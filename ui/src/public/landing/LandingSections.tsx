// The landing's static parts: the banner with the verify button (the spec's "Click Here", labelled by what it does), the four core features, the government logo
// links and the contractor directory.

import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/ui/AppLink.js';
import { Icon } from '../layout/Icon.js';

export function HeroBanner({ onVerify }: { onVerify: () => void }) {
  const { t } = useTranslation('public');
  return (
    <section className="hero-banner">
      <div className="hero-inner">
        <p className="eyebrow">{t('banner.eyebrow')}</p>
        <h1>{t('banner.title')}</h1>
        <p className="hero-lead">{t('banner.subtitle')}</p>
        <div className="row">
          <button type="button" className="button accent big" onClick={onVerify} data-testid="open-verifier">{t('banner.verifyButton')}</button>
          <span className="hero-hint">{t('banner.verifyHint')}</span>
        </div>
      </div>
    </section>
  );
}

const FEATURES = [
  { key: 'registration', icon: 'form' },
  { key: 'attendance', icon: 'qr' },
  { key: 'generator', icon: 'award' },
  { key: 'verification', icon: 'shield' },
] as const;

export function CoreFeatures() {
  const { t } = useTranslation('public');
  return (
    <section id="features" className="section" aria-labelledby="features-title">
      <h2 id="features-title">{t('features.title')}</h2>
      <p className="section-intro">{t('features.subtitle')}</p>
      <div className="feature-grid">
        {FEATURES.map(({ key, icon }) => (
          <article key={key} className="feature-card">
            <Icon name={icon} size={36} className="feature-icon" />
            <h3>{t(`features.${key}.title`)}</h3>
            <p>{t(`features.${key}.body`)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

const AGENCIES = [
  { key: 'cidb', short: 'CIDB', href: 'https://www.cidb.gov.my' },
  { key: 'kkr', short: 'KKR', href: 'https://www.kkr.gov.my' },
  { key: 'ssm', short: 'SSM', href: 'https://www.ssm.com.my' },
  { key: 'mygov', short: 'MyGOV', href: 'https://www.malaysia.gov.my' },
] as const;

export function GovernmentLinks() {
  const { t } = useTranslation('public');
  return (
    <section className="section government" aria-labelledby="gov-title">
      <h2 id="gov-title">{t('government.title')}</h2>
      <div className="gov-row">
        {AGENCIES.map(({ key, short, href }) => (
          <a key={key} className="gov-logo" href={href} target="_blank" rel="noopener noreferrer" title={t(`government.${key}`)}>
            <span className="gov-mark" aria-hidden="true">{short}</span>
            <span className="gov-name">{t(`government.${key}`)}</span>
          </a>
        ))}
      </div>
    </section>
  );
}

const TRADES = ['building', 'civil', 'mechanical', 'electrical', 'supplier', 'consultant'] as const;

export function ContractorDirectory() {
  const { t } = useTranslation('public');
  return (
    <section id="directory" className="section directory" aria-labelledby="directory-title">
      <h2 id="directory-title">{t('directory.title')}</h2>
      <p className="section-intro">{t('directory.subtitle')}</p>
      <div className="trade-grid">
        {TRADES.map((trade) => (
          <div key={trade} className="trade-card">
            <h3>{t(`directory.trades.${trade}.title`)}</h3>
            <p className="muted">{t(`directory.trades.${trade}.body`)}</p>
          </div>
        ))}
      </div>
      <p className="row"><AppLink className="button primary" to="/auth/sign-up">{t('directory.join')}</AppLink><span className="muted">{t('directory.grades')}</span></p>
    </section>
  );
}
