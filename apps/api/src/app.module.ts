import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthenticationGuard } from './common/authentication.guard.js';
import { ErrorReplyFilter } from './common/error-reply.filter.js';
import type { EventStore } from '@binaan/event-store';
import { AccessModule } from './access.module.js';
import { AdvertisementsModule } from './advertisements/advertisements.module.js';
import { ApprovalLinksModule } from './approval-links/approval-links.module.js';
import { AuthorityModule } from './authority/authority.module.js';
import { BillsOfQuantityModule } from './bills-of-quantity/bills-of-quantity.module.js';
import { BqImportExportModule } from './bills-of-quantity/bq-import-export.module.js';
import { BudgetsModule } from './budgets/budgets.module.js';
import { ProgressPlansModule } from './progress-plans/progress-plans.module.js';
import { CatalogueItemsModule } from './catalogue-items/catalogue-items.module.js';
import { DataImportModule } from './data-import/data-import.module.js';
import { CertificatesModule } from './certificates/certificates.module.js';
import { CompanySetupsModule } from './company-setups/company-setups.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { FilesModule } from './files/files.module.js';
import { loadSecrets } from './common/secrets.js';
import { HumanCheckModule } from './human-check/human-check.module.js';
import { LimitsModule } from './limits/limits.module.js';
import { PlatformStaffModule } from './platform-staff/platform-staff.module.js';
import { InquiriesModule } from './inquiries/inquiries.module.js';
import { MessagingModule } from './messaging/messaging.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { TenderingModule } from './tendering/tendering.module.js';
import { CompanyFilesModule } from './company-files/company-files.module.js';
import { DevClockModule } from './dev-clock/dev-clock.module.js';
import type { MovableClock } from './dev-clock/movable-clock.js';
import { PlatformConfigurationModule } from './platform-configuration/platform-configuration.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { ChequePaymentsModule } from './cheque-payments/cheque-payments.module.js';
// Inventory: site locations, stock movements, on-hand.
import { InventoryModule } from './inventory/inventory.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { PersonalDataModule } from './personal-data/personal-data.module.js';
import type { Clock } from './common/principal.js';
import type { ApiConfig } from './config.js';
import { StoreStatsController } from './audit/store-stats.controller.js';
import { HealthController } from './health/health.controller.js';
import { StoreModule } from './store/store.module.js';
import { TransparencyLogModule } from './transparency-log/transparency-log.module.js';
// Vendor appraisals (vendor-appraisals/README.md).
import { VendorAppraisalsModule } from './vendor-appraisals/vendor-appraisals.module.js';
// The business network.
import { BusinessNetworkModule } from './business-network/business-network.module.js';

@Module({})
export class AppModule {
  static forRoot(config: ApiConfig, store: EventStore, clock: Clock, movableClock: MovableClock | null = null): DynamicModule {
    const secrets = loadSecrets(config);
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        StoreModule.forRoot(config, store, clock, secrets),
        LimitsModule.forRoot(store),
        MessagingModule.forRoot(config, clock, store),
        HumanCheckModule.forRoot(config, secrets),
        AccessModule,
        FilesModule,
        DocumentsModule,
        AuthorityModule,
        ProjectsModule,
        BillsOfQuantityModule,
        BqImportExportModule,
        BudgetsModule,
        ProgressPlansModule,
        CertificatesModule,
        TransparencyLogModule,
        NotificationsModule,
        ApprovalLinksModule,
        PersonalDataModule,
        TenderingModule,
        CompanyFilesModule,
        CompanySetupsModule,
        CatalogueItemsModule,
        DataImportModule,
        InquiriesModule,
        PlatformStaffModule,
        PlatformConfigurationModule,
        SubscriptionsModule,
        PaymentsModule,
        ChequePaymentsModule,
        InventoryModule,
        AdvertisementsModule,
        ReportsModule,
        VendorAppraisalsModule,
        // The business network.
        BusinessNetworkModule,
        DevClockModule.forRoot(movableClock),
      ],
      controllers: [HealthController, StoreStatsController],
      providers: [
        { provide: APP_GUARD, useClass: AuthenticationGuard },
        { provide: APP_FILTER, useClass: ErrorReplyFilter },
      ],
    };
  }
}
