// The events-and-certificates context: events (the spec's "articles"), registrations, attendance scans,
// certificates issued, approved, e-mailed and revoked, and their public verification. See README.md.
import { Module } from '@nestjs/common';
import type { ApiConfig } from '../config.js';
import { API_CONFIG } from '../store/store.tokens.js';
import { CERTIFICATE_SIGNING_KEY, loadSigningKey } from './certificate-keys.js';
import { CertificateMail } from './certificate-mail.js';
import { CertificateSigner } from './certificate-signer.js';
import { OrganizerController } from './organizer.controller.js';
import { OrganizerService } from './organizer.service.js';
import { PublicCertificatesController } from './public-certificates.controller.js';
import { PublicCertificatesService } from './public.service.js';

@Module({
  controllers: [PublicCertificatesController, OrganizerController],
  providers: [
    { provide: CERTIFICATE_SIGNING_KEY, useFactory: (config: ApiConfig) => loadSigningKey(config.dataDir), inject: [API_CONFIG] },
    CertificateSigner, CertificateMail, OrganizerService, PublicCertificatesService,
  ],
  exports: [OrganizerService, PublicCertificatesService],
})
export class CertificatesModule {}
