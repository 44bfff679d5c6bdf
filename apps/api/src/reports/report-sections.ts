// The sections of each report, in the order a reader meets them. A source of figures adds its sections here.
import type { ReportName } from '@binaan/contracts';
import { approvalCycleSection, approvalTimesSection } from './documents/approval-times.sections.js';
import { certificatesSection } from './documents/certificates.sections.js';
import { cashFlowSection, projectCostsSection } from './documents/developer.sections.js';
import { ordersByStatusSection, ordersReceivedSection } from './documents/orders-by-status.sections.js';
import { deliveriesSection, receivablesSection } from './documents/seller.sections.js';
import { spendSections } from './documents/spend.sections.js';
import type { ReportSectionSource } from './report-section.js';
import { progressSection } from './progress/progress-section.js';
import { tenderOutcomesSection } from './tendering/tender-outcomes-section.js';
import { tendersSection } from './tendering/tenders-section.js';
import { companiesByStatusSection } from './platform/companies-by-status.section.js';
import { emailDeliverySection } from './platform/email-delivery.section.js';
import { signInsByHourSection, signInsSection } from './platform/sign-in.sections.js';
import { subscriptionRevenueSection } from './platform/subscription-revenue.section.js';

export const REPORT_SECTIONS: Readonly<Record<ReportName, readonly ReportSectionSource[]>> = {
  buyer: [...spendSections, ordersByStatusSection, approvalTimesSection, approvalCycleSection, certificatesSection, tendersSection],
  seller: [ordersReceivedSection, receivablesSection, deliveriesSection, tenderOutcomesSection],
  developer: [projectCostsSection, cashFlowSection, progressSection],
  platform: [companiesByStatusSection, subscriptionRevenueSection, emailDeliverySection],
  loginActivity: [signInsSection, signInsByHourSection],
};
