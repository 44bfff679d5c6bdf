// The certificate PDF's first page (react-pdf): 250 px wide under 992 px, otherwise 550 (spec §9). The
// pdf.js worker is set here, in the module that renders <Document> (stack.md pitfall 5).

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import { apiUrl } from '../../shared/api/client.js';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

export const pdfWidth = (viewport: number) => (viewport < 992 ? 250 : 550);

export default function CertificatePdf({ registrationId }: { registrationId: string }) {
  const { t } = useTranslation('public');
  const [width, setWidth] = useState(() => pdfWidth(window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(pdfWidth(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <div className="certificate-pdf" data-testid="certificate-pdf">
      <Document
        file={apiUrl(`event-participant/download-certificate/${encodeURIComponent(registrationId)}`)}
        loading={
          <div className="pdf-placeholder" style={{ width }}>
            {t('verify.pdfLoading')}
          </div>
        }
        error={
          <div className="pdf-placeholder" style={{ width }}>
            {t('verify.pdfError')}
          </div>
        }
      >
        <Page pageNumber={1} width={width} renderTextLayer={false} renderAnnotationLayer={false} />
      </Document>
    </div>
  );
}
