// The sections of each report, in the order a reader meets them. A source of figures adds its sections here.
import type { ReportName } from '@binaan/contracts';
import type { ReportSectionSource } from './report-section.js';
import { progressSection } from './progress/progress-section.js';
import { tenderOutcomesSection } from './tendering/tender-outcomes-section.js';
import { tendersSection } from './tendering/tenders-section.js';

export const REPORT_SECTIONS: Readonly<Record<ReportName, readonly ReportSectionSource[]>> = {
  buyer: [tendersSection],
  seller: [tenderOutcomesSection],
  developer: [progressSection],
  platform: [],
  loginActivity: [],
};
