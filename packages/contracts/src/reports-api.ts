// Reports (signed-in-area.md §2.5: buyer, seller and developer; §6: the reports area and the admin module's
// report right; §5.3 and §9: a report's window at most 60 days, login activity at most 7). A report is a list of
// sections; a section is a table of typed columns, with the chart a person would rather look at. The ui draws
// every report from this shape (a chart, the same figures as an accessible table, CSV and .xlsx), so a report
// added on the server needs translations, not a page.
import { SubscriptionType } from './enumerations.js';

export const ReportNames = ['buyer', 'seller', 'developer', 'platform', 'loginActivity'] as const;
export type ReportName = (typeof ReportNames)[number];

export function isReportName(name: string): name is ReportName {
  return (ReportNames as readonly string[]).includes(name);
}

/** The company's reports (the reports area's right); the others are the platform's (the admin module's report right). */
export const CompanyReportNames = ['buyer', 'seller', 'developer'] as const satisfies readonly ReportName[];

/** Spec §5.3: a report's date range is at most 60 days (both ends counted). */
export const REPORT_MAX_RANGE_DAYS = 60;
/** Spec §5.3: login activity, at most 7 days. */
export const LOGIN_ACTIVITY_MAX_RANGE_DAYS = 7;

/** The most rows a section answers; a section that had more says so (`more`) rather than cutting silently. */
export const REPORT_SECTION_MAX_ROWS = 500;

/**
 * How a cell reads: `money` a decimal string in ringgit ("1234.50", exact), `count` an integer, `percent` a
 * decimal string ("62.5"), `days` a number of days with one decimal, `month` "YYYY-MM", `date` an ISO date,
 * `text` as is (a company's or project's name), `kind` a document resource (translated as its name),
 * `status` a status of the row's `kind` column, `key` one of the report's own words (translated under
 * `reports.values.<key>`: an age bucket, a trade, a channel).
 */
export type ReportColumnKind = 'text' | 'money' | 'count' | 'percent' | 'days' | 'month' | 'date' | 'kind' | 'status' | 'key';
export type ReportColumn = { key: string; kind: ReportColumnKind };
export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

/** The chart of a section: `x` a column of labels, `series` columns of numbers; null when a table reads better. */
export type ReportChart = { type: 'bar' | 'line' | 'pie'; x: string; series: string[]; stacked?: boolean };

export type ReportSection = {
  /** Translated as `reports.sections.<key>`. */
  key: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  chart: ReportChart | null;
  /** True when there were more rows than REPORT_SECTION_MAX_ROWS (the largest first); the export has them all. */
  more: boolean;
};

export type ReportFilters = {
  /** First day, YYYY-MM-DD (Malaysian days). */
  from: string;
  /** Last day, YYYY-MM-DD, at most the window's days after `from`. */
  to: string;
  projectId: string | null;
  counterpartyId: string | null;
};

export type ReportReply = {
  report: ReportName;
  filters: ReportFilters;
  /** The time the report was drawn as of (ISO), or null: as it stands now. */
  asOf: string | null;
  drawnAt: string;
  sections: ReportSection[];
};

/** The query a report takes: `from`, `to`, `projectId`, `counterpartyId`, `asOf` (an ISO time not in the future), `format`. */
export const ReportFormats = ['json', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof ReportFormats)[number];

/** Age buckets of orders by status and receivables, in days since the status (or the due date) began. */
export const AgeBuckets = ['days0to7', 'days8to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgeBucket = (typeof AgeBuckets)[number];

export function ageBucketOf(days: number): AgeBucket {
  if (days <= 7) return 'days0to7';
  if (days <= 30) return 'days8to30';
  if (days <= 60) return 'days31to60';
  if (days <= 90) return 'days61to90';
  return 'over90';
}

/**
 * The home dashboard's key figures (`GET /api/reports/key-figures`): a few figures of the company's reports
 * over the last 30 days, each naming the report and section it comes from, so the dashboard links to it.
 */
export type ReportKeyFigure = { report: ReportName; section: string; key: string; kind: ReportColumnKind; value: ReportCell };
export type ReportKeyFiguresReply = { from: string; to: string; figures: ReportKeyFigure[] };

export type CompanyReportName = (typeof CompanyReportNames)[number];

const S = SubscriptionType;
/** Buyer-Seller, Developer-Buyer, eBuild and the CIDB contractor: their work moves between buying, selling and running projects. */
const MIXED = [S.BuyerSeller, S.DeveloperBuyer, S.EBuild, S.CidbContractor];

/**
 * The subscription types (spec §6) each company report speaks to: the buyer's to the types that buy (a
 * developer too: it tenders, orders and approves), the seller's to those that sell (a consultant sells its
 * services), the developer's to developers; a mixed type gets all three.
 */
export const REPORT_SUBSCRIPTION_TYPES: Readonly<Record<CompanyReportName, readonly number[]>> = {
  buyer: [S.Buyer, S.BuyerLite, S.ProcurementBuyer, S.Developer, ...MIXED],
  seller: [S.Seller, S.ProcurementSeller, S.Consultant, ...MIXED],
  developer: [S.Developer, ...MIXED],
};

/** The company reports a subscription type is offered, in the menu's order (buyer, seller, developer). */
export function companyReportsOf(subscriptionType: number | null | undefined): CompanyReportName[] {
  return CompanyReportNames.filter(
    (report) => subscriptionType !== null && subscriptionType !== undefined && REPORT_SUBSCRIPTION_TYPES[report].includes(subscriptionType),
  );
}
