// Which company reports a subscription type is offered (the menu and the routes): a buyer's report to the
// types that buy, a seller's to those that sell, a developer's to developers; a type that does more than
// one gets each of its reports. Light on purpose: access/modules.ts (the first load) reads it.
import { SubscriptionType, type ReportName } from '@binaan/contracts';

const S = SubscriptionType;

export const REPORT_SUBSCRIPTION_TYPES: Readonly<Record<'buyer' | 'seller' | 'developer', readonly number[]>> = {
  // BuyerSeller and DeveloperBuyer buy too; EBuild and the CIDB contractor both buy materials and sell work.
  buyer: [S.Buyer, S.BuyerSeller, S.DeveloperBuyer, S.BuyerLite, S.ProcurementBuyer, S.EBuild, S.CidbContractor],
  // A consultant sells services.
  seller: [S.Seller, S.BuyerSeller, S.ProcurementSeller, S.Consultant, S.EBuild, S.CidbContractor],
  // DeveloperBuyer is a developer too (notifications-links.ts isDeveloperSubscription), and a mixed type is offered every report.
  developer: [S.Developer, S.DeveloperBuyer, S.BuyerSeller, S.EBuild, S.CidbContractor],
};

/** The company reports a subscription type is offered, in the menu's order. */
export function companyReportsOf(subscriptionType: number | undefined): ReportName[] {
  return (['buyer', 'seller', 'developer'] as const).filter((report) => subscriptionType !== undefined && REPORT_SUBSCRIPTION_TYPES[report].includes(subscriptionType));
}

/** The menu's module key of a report, and its page. */
export const REPORT_MODULES: Readonly<Record<ReportName, { key: string; path: string }>> = {
  buyer: { key: 'reportsBuyer', path: '/reports/buyer' },
  seller: { key: 'reportsSeller', path: '/reports/seller' },
  developer: { key: 'reportsDeveloper', path: '/reports/developer' },
  platform: { key: 'platformReport', path: '/admin/reports' },
  loginActivity: { key: 'loginActivity', path: '/admin/login-activity' },
};
