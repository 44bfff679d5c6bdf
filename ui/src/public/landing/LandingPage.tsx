// The landing (public-area.md §2.1): what Binaan is and for whom (register a company, sign in), the platform
// for buyers and sellers with its procurement path, the current advertisements, the contractor directory, the event certificates (core
// features, counters, the verify button opening the certificate verification viewer) and events, government
// links, the contact form, partner footer.

import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../layout/PublicLayout.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { AdvertisementsSection } from './AdvertisementsSection.js';
import { ContactSection } from './ContactSection.js';
import { ContractorDirectory } from './ContractorDirectory.js';
import { Counters, EventsSection } from './EventsSection.js';
import { CoreFeatures, GovernmentLinks, HeroBanner, PlatformSection } from './LandingSections.js';
import { useLandingData } from './use-landing-data.js';

const CertificateViewer = lazy(() => import('../certificate/CertificateViewer.js'));

export function LandingPage() {
  const { t } = useTranslation('public');
  const data = useLandingData();
  const [verifying, setVerifying] = useState(false);
  const verify = () => setVerifying(true);
  return (
    <PublicLayout landing>
      <HeroBanner onVerify={verify} />
      <AdvertisementsSection />
      <PlatformSection />
      <ContractorDirectory />
      <CoreFeatures onVerify={verify} />
      <Counters counters={data.counters} />
      <EventsSection events={data.events} total={data.eventsTotal} more={data.eventsMore} />
      <GovernmentLinks />
      <ContactSection />
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
