import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicFooter } from './PublicFooter.js';
import { PublicHeader } from './PublicHeader.js';
import { ScrollTop } from './ScrollTop.js';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/SkipLink.js';
import '../public.css';

/** Header, content, partner footer and back-to-top: the frame of the landing, events, verification and legal pages. */
export function PublicLayout({ children, landing }: { children: ReactNode; landing?: boolean }) {
  const { t } = useTranslation('common');
  return (
    // The landing's heading is a slogan, so it names itself for the document title (shared/pages/DocumentTitle.tsx).
    <div className="page" {...(landing ? { 'data-page-title': t('pageTitle.landing') } : {})}>
      <SkipLink />
      <PublicHeader {...(landing ? { landing } : {})} />
      <main className="public-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
      <PublicFooter />
      <ScrollTop />
    </div>
  );
}

/** The narrow card frame of the account pages (sign-in, sign-up, passwords). */
export function AuthLayout({ children, title, wide }: { children: ReactNode; title: ReactNode; wide?: boolean }) {
  return (
    <div className="page auth-page">
      <SkipLink />
      <PublicHeader />
      <main className="centered-page auth-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className={`card ${wide ? 'medium' : 'narrow'}`}>
          <h1>{title}</h1>
          {children}
        </div>
      </main>
      <ScrollTop />
    </div>
  );
}
