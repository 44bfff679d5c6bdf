// The sections of each report, in the order a reader meets them. A source of figures adds its sections here.
import type { ReportName } from '@binaan/contracts';
import type { ReportSectionSource } from './report-section.js';

export const REPORT_SECTIONS: Readonly<Record<ReportName, readonly ReportSectionSource[]>> = {
  buyer: [],
  seller: [],
  developer: [],
  platform: [],
  loginActivity: [],
};
