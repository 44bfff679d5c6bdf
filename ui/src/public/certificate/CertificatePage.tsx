// /certificate: the verification viewer on its own page (the landing opens the same viewer in a dialog).
// /certificate?qr=<text> verifies that text at once (a link can carry a scanned code).

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PublicLayout } from '../layout/PublicLayout.js';
import CertificateViewer from './CertificateViewer.js';

export default function CertificatePage() {
  const { t } = useTranslation('public');
  const [query] = useSearchParams();
  const qr = query.get('qr');
  return (
    <PublicLayout>
      <div className="section">
        <h1>{t('verify.title')}</h1>
        <div className="card">
          <CertificateViewer {...(qr ? { initialText: qr } : {})} />
        </div>
      </div>
    </PublicLayout>
  );
}
