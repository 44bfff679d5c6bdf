// The events-and-certificates context: events (the spec's "articles"), registrations, attendance scans,
// certificates issued, approved, e-mailed and revoked, and their public verification. See README.md.
import { Module } from '@nestjs/common';
import type { ApiConfig } from '../config.js';
import { API_CONFIG } from '../store/store.tokens.js';
import { CERTIFICATE_IDS, randomCertificateIds } from './certificate-ids.js';
import { CERTIFICATE_SIGNING_KEY, CertificateKeyring } from './certificate-keys.js';
import { CERTIFICATES_CONFIG, loadCertificatesConfig } from './certificates.config.js';
import { CERTIFICATE_COMMAND_HANDLERS } from './certificates-command.handlers.js';
import { CertificateMail } from './certificate-mail.js';
import { CertificateSigner } from './certificate-signer.js';
import { CredentialsController } from './credentials/credentials.controller.js';
import { CredentialsService } from './credentials/credentials.service.js';
import { OrganizerController } from './organizer.controller.js';
import { OrganizerService } from './organizer.service.js';
import { PublicCertificatesController } from './public-certificates.controller.js';
import { PublicCertificatesService } from './public.service.js';
import { OFFLINE_CHECK_IN_CONTROLLERS, OFFLINE_CHECK_IN_PROVIDERS } from './offline-check-in/offline-check-in.js';

@Module({
  controllers: [PublicCertificatesController, OrganizerController, CredentialsController, ...OFFLINE_CHECK_IN_CONTROLLERS],
  providers: [
    { provide: CERTIFICATES_CONFIG, useFactory: () => loadCertificatesConfig() },
    { provide: CERTIFICATE_SIGNING_KEY, useFactory: (config: ApiConfig) => new CertificateKeyring(config.dataDir), inject: [API_CONFIG] },
    { provide: CERTIFICATE_IDS, useValue: randomCertificateIds },
    ...CERTIFICATE_COMMAND_HANDLERS,
    CertificateSigner,
    CertificateMail,
    OrganizerService,
    PublicCertificatesService,
    CredentialsService,
    ...OFFLINE_CHECK_IN_PROVIDERS,
  ],
  exports: [OrganizerService, PublicCertificatesService],
})
export class CertificatesModule {}
