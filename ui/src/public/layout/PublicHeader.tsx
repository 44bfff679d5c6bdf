// The public header: the top bar with the support phone and e-mail, then the logo (a link to /), the
// section links, the language switch and sign-in / sign-up. On the landing it turns solid once the page
// scrolls past 20 px, and a compact reveal header slides in past 500 px.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/ui/AppLink.js';
import { useSession } from '../../shared/session/session-store.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { HEADER_SCROLL_PX, REVEAL_HEADER_PX, useScrollY } from './use-scroll.js';
import { Icon } from './Icon.js';

export const SUPPORT_PHONE = '+60 3-2787 6100';
export const SUPPORT_EMAIL = 'support@binaan.my';

export function Logo() {
  return (
    <AppLink to="/" className="logo" aria-label="Binaan">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#f2a900" />
        <path d="M8 24V8h9a5 5 0 0 1 2.6 9.3A5 5 0 0 1 17 24H8Zm4-10h4.5a2 2 0 0 0 0-4H12v4Zm0 7h5a2 2 0 0 0 0-4h-5v4Z" fill="#0b2c4d" />
      </svg>
      <span>Binaan</span>
    </AppLink>
  );
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('public');
  const session = useSession();
  return (
    <>
      <a href="/#platform" onClick={onNavigate}>
        {t('header.features')}
      </a>
      <a href="/#directory" onClick={onNavigate}>
        {t('header.directory')}
      </a>
      <a href="/#events" onClick={onNavigate}>
        {t('header.events')}
      </a>
      <AppLink to="/certificate" onClick={onNavigate}>
        {t('header.verify')}
      </AppLink>
      {session ? (
        <AppLink className="button accent" to="/article" onClick={onNavigate}>
          {t('header.dashboard')}
        </AppLink>
      ) : (
        <>
          <AppLink to="/auth/sign-in" onClick={onNavigate} data-testid="header-sign-in">
            {t('header.signIn')}
          </AppLink>
          <AppLink className="button accent" to="/auth/sign-up" onClick={onNavigate}>
            {t('header.signUp')}
          </AppLink>
        </>
      )}
    </>
  );
}

export function PublicHeader({ landing }: { landing?: boolean }) {
  const { t } = useTranslation('public');
  const y = useScrollY();
  const [menuOpen, setMenuOpen] = useState(false);
  const solid = !landing || y > HEADER_SCROLL_PX;
  return (
    <>
      <div className="top-bar">
        <span>{t('header.supportLabel')}</span>
        <a href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`}>
          <Icon name="phone" size={14} /> {SUPPORT_PHONE}
        </a>
        <a href={`mailto:${SUPPORT_EMAIL}`}>
          <Icon name="mail" size={14} /> {SUPPORT_EMAIL}
        </a>
      </div>
      <header className={`site-header${solid ? ' solid' : ''}`} data-testid="site-header">
        <Logo />
        <nav className="nav-links" aria-label={t('header.menu')}>
          <NavLinks />
        </nav>
        <LanguageSwitch />
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-label={t('header.menu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          ☰
        </button>
      </header>
      {menuOpen && (
        <nav className="mobile-menu" aria-label={t('header.menu')}>
          <NavLinks onNavigate={() => setMenuOpen(false)} />
        </nav>
      )}
      {landing && y > REVEAL_HEADER_PX && (
        <div className="reveal-header shown" data-testid="reveal-header">
          <Logo />
          <nav className="nav-links">
            <NavLinks />
          </nav>
          <LanguageSwitch compact />
        </div>
      )}
    </>
  );
}
