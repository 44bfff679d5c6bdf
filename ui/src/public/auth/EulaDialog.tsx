// The licence agreement dialog (public-area.md §2.4): the latest agreement as HTML with Accept and
// Reject, both disabled until the text has loaded; a load failure is an error toast.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../shared/ui/Dialog.js';
import { showToast } from '../../shared/ui/toast.js';
import { latestEula } from './auth-calls.js';

export function useLatestEula(open: boolean): string | null {
  const { t } = useTranslation('errors');
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    if (!open || html !== null) return;
    latestEula().then(
      (reply) => setHtml(reply.data.eula_contents),
      () => showToast('error', t('error.eulaLoadFailed')),
    );
  }, [open, html, t]);
  return html;
}

export function EulaDialog({
  open,
  busy,
  onAccept,
  onReject,
}: {
  open: boolean;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation('public');
  const html = useLatestEula(open);
  const loaded = html !== null;
  return (
    <Dialog
      open={open}
      wide
      title={t('eula.title')}
      testId="eula-dialog"
      actions={
        <>
          <button type="button" className="button danger" disabled={!loaded || busy} onClick={onReject}>
            {t('eula.reject')}
          </button>
          <button type="button" className="button primary" disabled={!loaded || busy} onClick={onAccept}>
            {t('eula.accept')}
          </button>
        </>
      }
    >
      {/* The agreement is our own server's HTML (eula.ts), not user input. */}
      {loaded ? <div className="eula-text" dangerouslySetInnerHTML={{ __html: html }} /> : <div className="page-loading" />}
    </Dialog>
  );
}

export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['public', 'common']);
  const html = useLatestEula(open);
  return (
    <Dialog
      open={open}
      wide
      title={t('eula.termsTitle')}
      onClose={onClose}
      testId="terms-dialog"
      actions={
        <button type="button" className="button primary" onClick={onClose}>
          {t('common:actions.close')}
        </button>
      }
    >
      {html !== null ? <div className="eula-text" dangerouslySetInnerHTML={{ __html: html }} /> : <div className="page-loading" />}
    </Dialog>
  );
}
