// The public routes of public-area.md §2. The landing ships with the first bundle; every other page is
// its own lazy chunk (the scanner, PDF viewer, phone input and wizard machine load only where used).

import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { LandingPage } from './landing/LandingPage.js';

const SignUpPage = lazy(() => import('./auth/SignUpPage.js'));
const SignInPage = lazy(() => import('./auth/SignInPage.js'));
const ForgotPasswordPage = lazy(() => import('./auth/ForgotPasswordPage.js'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage.js'));
const ActivatePage = lazy(() => import('./auth/ActivatePage.js'));
const ChangePasswordPage = lazy(() => import('./auth/ChangePasswordPage.js'));
const SessionTimedOutPage = lazy(() => import('./auth/SessionTimedOutPage.js'));
const CertificatePage = lazy(() => import('./certificate/CertificatePage.js'));
const ApprovalLinkPage = lazy(() => import('./approval/ApprovalLinkPage.js'));
const EventsPage = lazy(() => import('./events/EventsPage.js'));
const TermsOfServicePage = lazy(() => import('./legal/TermsOfServicePage.js'));
const TermsOfUsePage = lazy(() => import('./legal/TermsOfUsePage.js'));
const PrivacyPolicyPage = lazy(() => import('./legal/PrivacyPolicyPage.js'));

/** Paths only (a trailing slash is the same route): the spec navigates to /auth/activate/?email=... */
export const publicRoutes = (
  <>
    <Route path="/" element={<LandingPage />} />
    <Route path="/index.html" element={<LandingPage />} />
    <Route path="/certificate/*" element={<CertificatePage />} />
    <Route path="/approval/:token" element={<ApprovalLinkPage />} />
    <Route path="/events" element={<EventsPage />} />
    <Route path="/events/:id" element={<EventsPage />} />
    <Route path="/auth/sign-up" element={<SignUpPage />} />
    <Route path="/auth/sign-in" element={<SignInPage />} />
    <Route path="/auth/forgot-password" element={<ForgotPasswordPage />} />
    <Route path="/auth/reset-password" element={<ResetPasswordPage />} />
    <Route path="/auth/activate" element={<ActivatePage />} />
    <Route path="/auth/change-password" element={<ChangePasswordPage variant="plain" />} />
    <Route path="/auth/cidb-change-password" element={<ChangePasswordPage variant="mobile" />} />
    <Route path="/auth/session-timed-out" element={<SessionTimedOutPage />} />
    <Route path="/terms" element={<TermsOfServicePage />} />
    <Route path="/terms-of-service" element={<TermsOfServicePage />} />
    <Route path="/terms-of-use" element={<TermsOfUsePage />} />
    <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
  </>
);
