// Companies by registration status and package, as the platform stood at the window's end (or at the
// chosen past time, if earlier). The package is the running period's; a company with none names the tier its
// subscription was registered with (as SubscriptionStanding reads it), or none. Demo companies are left out:
// they are the platform's own showcase, not its customers.
import { CompanySubmissionStatus, type ReportRow, type ReportSection } from '@binaan/contracts';
import { PACKAGE_IDS } from '../../platform-configuration/platform-settings.js';
import type { ReportQuery, ReportSectionSource } from '../report-section.js';
import { companyRows, packageOf, subscriptionRows } from './platform-rows.js';
import { rowRelation } from './section-support.js';

const STATUS_KEYS: Readonly<Record<number, string>> = {
  [CompanySubmissionStatus.InProgress]: 'inProgress',
  [CompanySubmissionStatus.Submitted]: 'submitted',
  [CompanySubmissionStatus.Approved]: 'approved',
  [CompanySubmissionStatus.Archived]: 'archived',
};
/** Columns per package, camel-cased ('supplier-basic' -> supplierBasic), then no package. */
const packageColumn = (packageId: string | null) =>
  packageId === null ? 'noPackage' : packageId.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
const PACKAGE_COLUMNS = [...PACKAGE_IDS.map(packageColumn), 'noPackage'];

/** When the figures stand: the window's end or the chosen time, the earlier; null: now (the live tables). */
export function standingAt(query: Pick<ReportQuery, 'asOf' | 'toBefore' | 'now'>): Date | null {
  const end = query.toBefore.getTime() <= query.now.getTime() ? query.toBefore : null;
  if (query.asOf === null) return end;
  return end !== null && end.getTime() < query.asOf.getTime() ? end : query.asOf;
}

export const companiesByStatusSection: ReportSectionSource = {
  key: 'companiesByStatus',
  async draw(query, sources): Promise<ReportSection> {
    const at = standingAt(query);
    const companies = await rowRelation(companyRows, at, sources, 1, 'true', []);
    const periods = await rowRelation(subscriptionRows, at, sources, 1 + companies.params.length, 'true', []);
    const counts = await sources.db.query<{
      status: number;
      subscription_type: number;
      tier: string | null;
      package_id: string | null;
      companies: string;
    }>(
      `SELECT c.status, c.subscription_type, c.tier, s.package_id, count(*) AS companies
       FROM ${companies.sql} c LEFT JOIN ${periods.sql} s ON s.company_id = c.company_id
       WHERE NOT c.is_demo GROUP BY 1, 2, 3, 4`,
      [...companies.params, ...periods.params],
    );
    const rows = new Map<number, ReportRow>(
      Object.keys(STATUS_KEYS).map((status) => [Number(status), emptyRow(STATUS_KEYS[Number(status)]!)]),
    );
    for (const count of counts) {
      const row = rows.get(Number(count.status));
      if (!row) continue;
      const column = packageColumn(count.package_id ?? packageOf(Number(count.subscription_type), count.tier));
      const n = Number(count.companies);
      row[column] = Number(row[column] ?? 0) + n;
      row.total = Number(row.total) + n;
    }
    return {
      key: 'companiesByStatus',
      columns: [
        { key: 'status', kind: 'key' },
        ...PACKAGE_COLUMNS.map((key) => ({ key, kind: 'count' as const })),
        { key: 'total', kind: 'count' },
      ],
      rows: [...rows.values()],
      chart: { type: 'bar', x: 'status', series: PACKAGE_COLUMNS, stacked: true },
      more: false,
    };
  },
};

function emptyRow(status: string): ReportRow {
  return { status, ...Object.fromEntries(PACKAGE_COLUMNS.map((column) => [column, 0])), total: 0 };
}
