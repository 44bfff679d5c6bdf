// The sections of each report, in the order a reader meets them. A source of figures adds its sections here.
import type { ReportName } from '@binaan/contracts';
import type { ReportSectionSource } from './report-section.js';
import { companiesByStatusSection } from './platform/companies-by-status.section.js';
import { emailDeliverySection } from './platform/email-delivery.section.js';
import { signInsByHourSection, signInsSection } from './platform/sign-in.sections.js';
import { subscriptionRevenueSection } from './platform/subscription-revenue.section.js';

export const REPORT_SECTIONS: Readonly<Record<ReportName, readonly ReportSectionSource[]>> = {
  buyer: [],
  seller: [],
  developer: [],
  platform: [companiesByStatusSection, subscriptionRevenueSection, emailDeliverySection],
  loginActivity: [signInsSection, signInsByHourSection],
};
