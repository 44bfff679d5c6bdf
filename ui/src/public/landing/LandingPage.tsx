// The landing (public-area.md §2.1): banner with the verify button (the spec's Click Here; the certificate verification viewer),
// counters and events, core features, contractor directory, government links, partner footer.

import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../layout/PublicLayout.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { Counters, EventsSection } from './EventsSection.js';
import { ContractorDirectory, CoreFeatures, GovernmentLinks, HeroBanner } from './LandingSections.js';
import { useLandingData } from './use-landing-data.js';

const CertificateViewer = lazy(() => import('../certificate/CertificateViewer.js'));

export function LandingPage() {
  const { t } = useTranslation('public');
  const data = useLandingData();
  const [verifying, setVerifying] = useState(false);
  return (
    <PublicLayout landing>
      <HeroBanner onVerify={() => setVerifying(true)} />
      <Counters counters={data.counters} />
      <CoreFeatures />
      <EventsSection events={data.events} total={data.eventsTotal} more={data.eventsMore} />
      <ContractorDirectory />
      <GovernmentLinks />
      {verifying && (
        <Dialog open wide title={t('verify.title')} onClose={() => setVerifying(false)} testId="verify-dialog">
          <Suspense fallback={<div className="page-loading" />}>
            <CertificateViewer />
          </Suspense>
        </Dialog>
      )}
    </PublicLayout>
  );
}
