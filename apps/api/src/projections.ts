// Every read model of every bounded context: the store runs them in the append's transaction and the
// store command line tool rebuilds them. A new context adds its projections here.

import type { Projection } from '@binaan/event-store';
import { approvalLinkLanguagesProjection } from './approval-links/approval-link-languages.projection.js';
import { auditTrailProjection } from './audit/audit-trail.projection.js';
import { authorityProjection } from './authority/authority.projection.js';
import { billsOfQuantityProjection } from './bills-of-quantity/bq.projection.js';
import { bqScansProjection } from './bills-of-quantity/scan/bq-scans.projection.js';
import { ongoingBudgetsProjection } from './budgets/budget.projection.js';
import { progressPlansProjection } from './progress-plans/progress-plan.projection.js';
import { catalogueItemsProjection } from './catalogue-items/catalogue-items.projection.js';
import { certificatesProjection } from './certificates/certificates.projection.js';
import { credentialStatusProjection } from './certificates/credentials/credential-status.projection.js';
import { companiesProjection } from './companies/companies.projection.js';
import { contractorDirectoryProjection } from './companies/contractor-directory.projection.js';
import { companyProfileProjection } from './companies/profile/profile.projection.js';
import { companyTermsProjection } from './company-setups/company-terms.projection.js';
import { setupItemsProjection } from './company-setups/setup-items.projection.js';
import { documentsProjection } from './documents/documents.projection.js';
import { approvalWaitsProjection } from './approval-timers/approval-waits.projection.js';
import { sessionsProjection, usersProjection } from './identity/identity.projections.js';
import { notificationsProjection } from './notifications/notifications.projection.js';
import { projectsProjection } from './projects/projects.projection.js';
import { tenderingProjection } from './tendering/tendering.projection.js';
import { tenderCloseProjection } from './tendering/close/tender-close.projection.js';
import { tenderQueriesProjection } from './tendering/queries/tender-query.projection.js';
import { approvedTenderersProjection } from './tendering/tenderers/tenderer.projection.js';
import { bqItemTendersProjection } from './tendering/requests/bq-item-tenders.projection.js';
import { platformConfigurationProjection } from './platform-configuration/platform-configuration.projection.js';
import { chequePaymentsProjection } from './cheque-payments/cheque-payments.projection.js';
import { inventoryProjection } from './inventory/inventory.projection.js';
import { subscriptionsProjection } from './subscriptions/subscriptions.projection.js';
import { storageUsageProjection } from './subscriptions/storage/storage-usage.projection.js';
import { transactionFeesProjection } from './subscriptions/usage/transaction-fees.projection.js';
import { companyFileExpiryProjection } from './company-files/expiry/expiry-due.projection.js';
import { staffRightsProjection } from './platform-staff/staff-rights.projection.js';
import { inquiriesProjection } from './inquiries/inquiry.projection.js';
import { mailLogProjection } from './messaging/mail-log/mail-log.projection.js';
import { advertisementsProjection } from './advertisements/advertisements.projection.js';
import { documentReportsProjection } from './reports/documents/document-report.projection.js';
import { budgetReportsProjection } from './reports/budgets/budget-report.projection.js';
import { tenderReportsProjection } from './reports/tendering/tender-reports.projection.js';
import { progressReportProjection } from './reports/progress/progress-report.projection.js';
import { platformReportsProjection } from './reports/platform/platform-reports.projection.js';
import { transparencyLogProjection } from './transparency-log/transparency-log.projection.js';
import { vendorAppraisalsProjection } from './vendor-appraisals/vendor-appraisals.projection.js';
// The business network.
import { businessNetworkProjection } from './business-network/business-network.projection.js';

export const allProjections: readonly Projection[] = [
  auditTrailProjection,
  usersProjection,
  sessionsProjection,
  companiesProjection,
  contractorDirectoryProjection,
  documentsProjection,
  approvalWaitsProjection,
  authorityProjection,
  projectsProjection,
  billsOfQuantityProjection,
  bqScansProjection,
  ongoingBudgetsProjection,
  progressPlansProjection,
  certificatesProjection,
  credentialStatusProjection,
  notificationsProjection,
  tenderingProjection,
  tenderCloseProjection,
  tenderQueriesProjection,
  approvedTenderersProjection,
  bqItemTendersProjection,
  companyFileExpiryProjection,
  companyProfileProjection,
  setupItemsProjection,
  companyTermsProjection,
  catalogueItemsProjection,
  mailLogProjection,
  approvalLinkLanguagesProjection,
  inquiriesProjection,
  staffRightsProjection,
  platformConfigurationProjection,
  subscriptionsProjection,
  storageUsageProjection,
  transactionFeesProjection,
  chequePaymentsProjection,
  inventoryProjection,
  advertisementsProjection,
  documentReportsProjection,
  budgetReportsProjection,
  tenderReportsProjection,
  progressReportProjection,
  platformReportsProjection,
  transparencyLogProjection,
  vendorAppraisalsProjection,
  // The business network.
  businessNetworkProjection,
];
