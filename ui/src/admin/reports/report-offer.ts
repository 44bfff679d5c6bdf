// Which company reports a subscription type is offered (the menu and the routes): a buyer's report to the
// types that buy, a seller's to those that sell, a developer's to developers; a mixed type (one that does
// more than one of these) gets all three, as its work moves between them. Light on purpose: access/modules.ts
// (the first load) reads it.
import { SubscriptionType, type ReportName } from '@binaan/contracts';

const S = SubscriptionType;
/** Buyer-Seller; Developer-Buyer; eBuild and the CIDB contractor, which buy materials and sell their work. */
const MIXED = [S.BuyerSeller, S.DeveloperBuyer, S.EBuild, S.CidbContractor];

export const REPORT_SUBSCRIPTION_TYPES: Readonly<Record<'buyer' | 'seller' | 'developer', readonly number[]>> = {
  buyer: [S.Buyer, S.BuyerLite, S.ProcurementBuyer, ...MIXED],
  // A consultant sells services.
  seller: [S.Seller, S.ProcurementSeller, S.Consultant, ...MIXED],
  developer: [S.Developer, ...MIXED],
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
