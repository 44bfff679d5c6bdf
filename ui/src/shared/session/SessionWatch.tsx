// Mounted once at the root for every page: the inactivity reminder (last 120 s of 1800 s, shared across
// tabs), the move to /auth/session-timed-out at zero, and the logged-out dialog when the server says the
// session is gone. Public and signed-in pages alike get them without doing anything.

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { apiFetch } from '../api/client.js';
import { Dialog } from '../ui/Dialog.js';
import {
  adoptInactivityOverrides,
  inactivityState,
  lastActivity,
  markTimedOut,
  noteActivity,
  recentlyTimedOut,
  type InactivityState,
} from './inactivity.js';
import { dismissLoggedOutNotice, useLoggedOutNotice, useSession } from './session-store.js';
import { signOut } from './sign-out.js';

export function SessionWatch() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<InactivityState>({ phase: 'active' });
  const wasSignedIn = useRef(false);

  useEffect(() => adoptInactivityOverrides(location.search), [location.search]);

  useEffect(() => {
    if (!session) {
      setState({ phase: 'active' });
      // Another tab's window ran out first and signed out: this tab goes to the same page.
      if (wasSignedIn.current && recentlyTimedOut()) navigate('/auth/session-timed-out');
      wasSignedIn.current = false;
      return;
    }
    wasSignedIn.current = true;
    if (lastActivity() === null) noteActivity();
    const tick = () => {
      const next = inactivityState();
      setState(next);
      if (next.phase === 'expired') {
        markTimedOut();
        wasSignedIn.current = false;
        void signOut().then(() => navigate('/auth/session-timed-out'));
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [session, navigate]);

  return (
    <>
      {state.phase === 'warning' && <SessionReminder secondsLeft={state.secondsLeft} />}
      <LoggedOutDialog />
    </>
  );
}

function SessionReminder({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation('common');
  const keepAlive = () => {
    noteActivity();
    void apiFetch('application/get-server-timestamp').catch(() => undefined);
  };
  return (
    <Dialog
      open
      title={t('session.reminderTitle')}
      testId="session-reminder"
      actions={
        <button type="button" className="button primary" onClick={keepAlive}>
          {t('session.continueSession')}
        </button>
      }
    >
      <p>{t('session.reminderBody', { seconds: secondsLeft })}</p>
    </Dialog>
  );
}

function LoggedOutDialog() {
  const open = useLoggedOutNotice();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  useEffect(() => {
    if (open) void signOut();
  }, [open]);
  const login = () => {
    dismissLoggedOutNotice();
    navigate('/auth/sign-in?from=logout');
  };
  return (
    <Dialog
      open={open}
      title={t('session.loggedOutTitle')}
      testId="logged-out-dialog"
      actions={
        <button type="button" className="button primary" onClick={login}>
          {t('actions.login')}
        </button>
      }
    >
      <p>{t('session.loggedOutBody')}</p>
    </Dialog>
  );
}
