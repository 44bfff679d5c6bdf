// The landing's static parts: the banner saying what Binaan is and for whom (register, sign in; verifying a
// certificate beside them), the platform for buyers and sellers and its procurement path, the event
// certificates (the four core features of public-area.md §2.1, with the verify button, the spec's "Click
// Here" labelled by what it does) and the government logo links. README: "What the landing says".

import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session-store.js';
import { AppLink } from '../../shared/ui/AppLink.js';
import { Icon } from '../layout/Icon.js';

/** Where "Register your company" and "List my company" lead: sign-up that ends at the registration, or straight there once signed in. */
export function useRegisterCompanyPath(): string {
  return useSession() ? '/administration/add-company' : '/auth/sign-up?next=register-company';
}

export function HeroBanner({ onVerify }: { onVerify: () => void }) {
  const { t } = useTranslation('public');
  const session = useSession();
  const register = useRegisterCompanyPath();
  return (
    <section className="hero-banner">
      <div className="hero-inner">
        <p className="eyebrow">{t('banner.eyebrow')}</p>
        <h1>{t('banner.title')}</h1>
        <p className="hero-lead">{t('banner.subtitle')}</p>
        <div className="row hero-actions">
          <AppLink className="button primary big" to={register} data-testid="hero-register">
            {t('banner.register')}
          </AppLink>
          {!session && (
            <AppLink className="button big" to="/auth/sign-in" data-testid="hero-sign-in">
              {t('banner.signIn')}
            </AppLink>
          )}
        </div>
        <p className="hero-secondary">
          <span>{t('banner.verifyHint')}</span>{' '}
          <button type="button" className="link-button" onClick={onVerify} data-testid="open-verifier">
            {t('banner.verifyButton')}
          </button>
        </p>
      </div>
    </section>
  );
}

const AUDIENCES = ['buyers', 'sellers'] as const;
const PATH = ['project', 'tender', 'award', 'order', 'claim', 'invoice'] as const;

export function PlatformSection() {
  const { t } = useTranslation('public');
  return (
    <section id="platform" className="section" aria-labelledby="platform-title">
      <h2 id="platform-title">{t('platform.title')}</h2>
      <p className="section-intro">{t('platform.subtitle')}</p>
      <div className="audience-grid">
        {AUDIENCES.map((audience) => (
          <article key={audience} className="audience-card" data-testid={`audience-${audience}`}>
            <h3>{t(`platform.${audience}.title`)}</h3>
            <p>{t(`platform.${audience}.body`)}</p>
          </article>
        ))}
      </div>
      <h3 className="path-title">{t('platform.path.title')}</h3>
      <ol className="procurement-path" data-testid="procurement-path">
        {PATH.map((step) => (
          <li key={step}>
            <strong>{t(`platform.path.${step}.title`)}</strong>
            <span>{t(`platform.path.${step}.body`)}</span>
          </li>
        ))}
      </ol>
      <p className="path-authority">{t('platform.path.authority')}</p>
    </section>
  );
}

const FEATURES = [
  { key: 'registration', icon: 'form' },
  { key: 'attendance', icon: 'qr' },
  { key: 'generator', icon: 'award' },
  { key: 'verification', icon: 'shield' },
] as const;

export function CoreFeatures({ onVerify }: { onVerify: () => void }) {
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
      <p className="row features-verify">
        <button type="button" className="button accent" onClick={onVerify} data-testid="features-verify">
          {t('banner.verifyButton')}
        </button>
      </p>
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
            <span className="gov-mark" aria-hidden="true">
              {short}
            </span>
            <span className="gov-name">{t(`government.${key}`)}</span>
          </a>
        ))}
      </div>
    </section>
  );
}
