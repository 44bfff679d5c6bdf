// What a report's section is on the server: a named table drawn for one company (or the platform) over a
// window, now or as of a past time. Each source of figures (documents, tendering, budgets, the platform's
// records) gives its sections; report-sections.ts lists them per report.
import type { ReportName, ReportSection } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';

/** What a section is drawn for: validated by report-query.ts before any section sees it. */
export type ReportQuery = {
  report: ReportName;
  /** The chosen company; null for the platform's reports. */
  companyId: string | null;
  /** The window's first and last Malaysian day (YYYY-MM-DD), and the same as instants: [fromAt, toBefore). */
  from: string;
  to: string;
  fromAt: Date;
  toBefore: Date;
  projectId: string | null;
  counterpartyId: string | null;
  /** Draw as the store stood at this time; null: as it stands now. */
  asOf: Date | null;
  /** The time the report is drawn (the server's clock): ages and "overdue" are measured to asOf ?? now. */
  now: Date;
};

/** Where a section reads: the read models (live) and the event log (as of a past time). */
export type ReportSources = { db: SqlExecutor; store: EventStore };

/**
 * One section of a report. `draw` answers the same figures live (from its read model) and as of a past time
 * (from the events up to then, folded by the same code the read model's projection uses), so the two can be
 * compared for equality at any time. Rows beyond REPORT_SECTION_MAX_ROWS are left out with `more: true`,
 * never silently; `drawAll` gives every row for the exports.
 */
export type ReportSectionSource = {
  key: string;
  draw(query: ReportQuery, sources: ReportSources, options: { allRows: boolean }): Promise<ReportSection>;
};
