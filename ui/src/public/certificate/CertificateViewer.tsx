// The certificate verification viewer (public-area.md §2.1, §4 "Certificate view prompt"): prompt id 0
// shows the scanner; a scan is sent to verification and, when it names a registration, to the detail
// lookup; a positive id (the genuine registration) shows the PDF's first page beside the detail cards;
// a negative id opens the notification dialog. Every check's result is shown either way.

import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParticipantDetail, ParticipantDetailReply, VerifyCertificateReply } from '@binaan/contracts';
import { ApiError, apiFetch, apiUrl } from '../../shared/api/client.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { showToast } from '../../shared/ui/toast.js';
import { ParticipantCards } from './ParticipantCards.js';
import { QrScanner } from './QrScanner.js';
import { VerificationResult } from './VerificationResult.js';
import { readScannedCertificate } from './qr-payload.js';

const CertificatePdf = lazy(() => import('./CertificatePdf.js'));

type Prompt =
  | { id: 0 }
  | { id: 'checking' }
  | { id: string; reply: VerifyCertificateReply; detail: ParticipantDetail | null }
  | { id: -1; reply: VerifyCertificateReply; noticeOpen: boolean };

export default function CertificateViewer({ initialText }: { initialText?: string }) {
  const { t } = useTranslation(['public', 'errors']);
  const [prompt, setPrompt] = useState<Prompt>({ id: 0 });
  const [started, setStarted] = useState(false);

  const verify = async (text: string) => {
    setPrompt({ id: 'checking' });
    const scanned = readScannedCertificate(text);
    try {
      const reply = await apiFetch<VerifyCertificateReply>('event-participant/verified-certificate', {
        method: 'POST',
        token: null,
        body: { qr: text.trim() },
      });
      if (reply.genuine && typeof reply.id === 'string') {
        const detail = scanned
          ? await apiFetch<ParticipantDetailReply>(scanned.detailPath, { token: null }).then(
              (r) => r.data,
              () => null,
            )
          : null;
        setPrompt({ id: reply.id, reply, detail });
      } else {
        setPrompt({ id: -1, reply, noticeOpen: true });
      }
    } catch (error) {
      showToast('error', translateError(t, error instanceof ApiError ? error.errorCode : undefined));
      setPrompt({ id: 0 });
    }
  };

  if (initialText && !started) {
    setStarted(true);
    void verify(initialText);
  }

  const again = (
    <button type="button" className="button" onClick={() => setPrompt({ id: 0 })} data-testid="scan-again">
      {t('verify.scanAgain')}
    </button>
  );

  // The outcome appears without a page load: said once by this region, present from the start (WCAG 4.1.3).
  const announcement =
    prompt.id === 'checking'
      ? t('verify.checking')
      : 'reply' in prompt
        ? prompt.reply.genuine
          ? t('verify.genuine')
          : t('verify.notGenuine')
        : '';
  return (
    <div className="certificate-viewer" data-testid="certificate-viewer">
      <p className="sr-only" role="status" data-testid="verify-announcement">
        {announcement}
      </p>
      {prompt.id === 0 && (
        <>
          <p>{t('verify.intro')}</p>
          <QrScanner onText={(text) => void verify(text)} />
        </>
      )}
      {prompt.id === 'checking' && <p className="checking">{t('verify.checking')}</p>}
      {'reply' in prompt && typeof prompt.id === 'string' && (
        <>
          <VerificationResult reply={prompt.reply} />
          <div className="certificate-layout">
            <Suspense fallback={<div className="pdf-placeholder">{t('verify.pdfLoading')}</div>}>
              <CertificatePdf registrationId={prompt.id} />
            </Suspense>
            {prompt.detail ? <ParticipantCards detail={prompt.detail} /> : <p className="muted">{t('verify.noDetail')}</p>}
          </div>
          <CertificateDownloads registrationId={prompt.id} />
          {again}
        </>
      )}
      {prompt.id === -1 && (
        <>
          <VerificationResult reply={prompt.reply} />
          {again}
          <Dialog
            open={prompt.noticeOpen}
            title={t('verify.noticeTitle')}
            testId="verify-notice"
            onClose={() => setPrompt({ ...prompt, noticeOpen: false })}
            actions={
              <button type="button" className="button primary" onClick={() => setPrompt({ ...prompt, noticeOpen: false })}>
                {t('common:actions.ok')}
              </button>
            }
          >
            <p>{t(`verify.notice.${prompt.reply.msg}`)}</p>
          </Dialog>
        </>
      )}
    </div>
  );
}

/** The certificate's two forms: the PDF, and the same certificate as a verifiable credential (Open Badges 3.0). */
function CertificateDownloads({ registrationId }: { registrationId: string }) {
  const { t } = useTranslation('public');
  const id = encodeURIComponent(registrationId);
  return (
    <div data-testid="certificate-downloads">
      <p>
        <a className="button" href={apiUrl(`event-participant/download-certificate/${id}`)} download data-testid="download-pdf">
          {t('verify.downloadPdf')}
        </a>{' '}
        <a className="button" href={apiUrl(`event-participant/download-credential/${id}`)} download data-testid="download-credential">
          {t('verify.downloadCredential')}
        </a>
      </p>
      <p className="muted">{t('verify.credentialHint')}</p>
    </div>
  );
}
