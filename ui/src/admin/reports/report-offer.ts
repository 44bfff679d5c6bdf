// The report pages and menu entries: which company reports a subscription type is offered (the menu and the
// routes) and each report's module key and path. Light on purpose: access/modules.ts (the first load) reads it.
import type { ReportName } from '@binaan/contracts';

// Which reports a subscription type is offered is one truth with the api's key figures (contracts reports-api.ts).
export { companyReportsOf, REPORT_SUBSCRIPTION_TYPES } from '@binaan/contracts';

/** The menu's module key of a report, and its page. */
export const REPORT_MODULES: Readonly<Record<ReportName, { key: string; path: string }>> = {
  buyer: { key: 'reportsBuyer', path: '/reports/buyer' },
  seller: { key: 'reportsSeller', path: '/reports/seller' },
  developer: { key: 'reportsDeveloper', path: '/reports/developer' },
  platform: { key: 'platformReport', path: '/admin/reports' },
  loginActivity: { key: 'loginActivity', path: '/admin/login-activity' },
};
