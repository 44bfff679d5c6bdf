import type { ReactNode } from 'react';
import { PublicFooter } from './PublicFooter.js';
import { PublicHeader } from './PublicHeader.js';
import { ScrollTop } from './ScrollTop.js';
import '../public.css';

/** Header, content, partner footer and back-to-top: the frame of the landing, events, verification and legal pages. */
export function PublicLayout({ children, landing }: { children: ReactNode; landing?: boolean }) {
  return (
    <div className="page">
      <PublicHeader {...(landing ? { landing } : {})} />
      <main className="public-main">{children}</main>
      <PublicFooter />
      <ScrollTop />
    </div>
  );
}

/** The narrow card frame of the account pages (sign-in, sign-up, passwords). */
export function AuthLayout({ children, title, wide }: { children: ReactNode; title: ReactNode; wide?: boolean }) {
  return (
    <div className="page auth-page">
      <PublicHeader />
      <main className="centered-page auth-main">
        <div className={`card ${wide ? 'medium' : 'narrow'}`}>
          <h1>{title}</h1>
          {children}
        </div>
      </main>
      <ScrollTop />
    </div>
  );
}
