// A report's query: the filters the page keeps in its URL (so a report can be linked, reloaded and printed as
// shown), the window's check made before asking (the api refuses the same, and its message is shown when it
// does), and the api's URL for the JSON and the exports.
import { LOGIN_ACTIVITY_MAX_RANGE_DAYS, REPORT_MAX_RANGE_DAYS, type ReportFormat, type ReportName } from '@binaan/contracts';

export type ReportQuery = { from: string; to: string; projectId: string | null; counterpartyId: string | null; asOf: string | null };

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const maxRangeDays = (report: ReportName) => (report === 'loginActivity' ? LOGIN_ACTIVITY_MAX_RANGE_DAYS : REPORT_MAX_RANGE_DAYS);

/** Days of the window, both ends counted: 2026-03-01..2026-03-01 is 1. Calendar dates, read as UTC: no time zone shifts a day. */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The YYYY-MM-DD of a day `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The window a report opens on: the last 30 days to `today` (both counted), as the api's default; login activity's last 7, the most it covers. */
export function defaultRange(today: string, days = 30): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The refusal the api would give (its error code), or null when the query may be asked. */
export function queryRefusal(report: ReportName, query: Pick<ReportQuery, 'from' | 'to' | 'asOf'>, now: Date = new Date()): string | null {
  if (!ISO_DATE.test(query.from) || !ISO_DATE.test(query.to)) return 'validationFailed';
  if (query.to < query.from) return 'reportRangeInverted';
  if (rangeDays(query.from, query.to) > maxRangeDays(report)) return 'reportRangeTooLong';
  if (query.asOf !== null && Date.parse(query.asOf) > now.getTime()) return 'asOfInFuture';
  return null;
}

/** The query from the page's URL; a missing window is the report's default one. */
export function queryFromSearch(search: URLSearchParams, today: string, report: ReportName = 'buyer'): ReportQuery {
  const fallback = defaultRange(today, Math.min(30, maxRangeDays(report)));
  return {
    from: search.get('from') ?? fallback.from,
    to: search.get('to') ?? fallback.to,
    projectId: search.get('projectId') || null,
    counterpartyId: search.get('counterpartyId') || null,
    asOf: search.get('asOf') || null,
  };
}

/** The URL's search for a query (empty filters left out). */
export function searchOfQuery(query: ReportQuery): URLSearchParams {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  if (query.projectId) search.set('projectId', query.projectId);
  if (query.counterpartyId) search.set('counterpartyId', query.counterpartyId);
  if (query.asOf) search.set('asOf', query.asOf);
  return search;
}

/** The api's path of a report: JSON, or an export (`csv` of one section, `xlsx` of them all). */
export function reportPath(report: ReportName, query: ReportQuery, format: ReportFormat = 'json', section?: string): string {
  const search = searchOfQuery(query);
  if (format !== 'json') search.set('format', format);
  if (section) search.set('section', section);
  return `/api/reports/${report}?${search.toString()}`;
}

/** Today's date where the reader is, YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
