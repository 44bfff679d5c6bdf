// The home dashboard's key figures: a few totals of the company's reports over the last 30 days, each
// naming its report and section so the dashboard links there. Which reports: the company's subscription
// type's (companyReportsOf).
import { companyReportsOf, type CompanyReportName, type ReportKeyFigure, type ReportSection } from '@binaan/contracts';
import { money, percent } from './report-cells.js';
import type { ReportQuery, ReportSources } from './report-section.js';
import { REPORT_SECTIONS } from './report-sections.js';
import { parseMoney } from '../documents/money.js';

const sen = (value: string | number | null | undefined) => parseMoney(String(value ?? '0')) ?? 0n;
const total = (section: ReportSection, column: string) => money(section.rows.reduce((sum, row) => sum + sen(row[column]), 0n));
const sum = (section: ReportSection, column: string) => section.rows.reduce((acc, row) => acc + Number(row[column] ?? 0), 0);

/** Per report: the section to draw and the figures taken from it. */
const FIGURES: Record<
  CompanyReportName,
  { section: string; take: (section: ReportSection) => Omit<ReportKeyFigure, 'report' | 'section'>[] }[]
> = {
  buyer: [
    { section: 'spendByTrade', take: (s) => [{ key: 'spend', kind: 'money', value: total(s, 'spend') }] },
    {
      section: 'approvalCycle',
      take: (s) => {
        const rounds = sum(s, 'rounds');
        const weighted = s.rows.reduce((acc, row) => acc + Number(row.averageDays ?? 0) * Number(row.rounds ?? 0), 0);
        return [{ key: 'approvalDays', kind: 'days', value: rounds === 0 ? null : Math.round((weighted / rounds) * 10) / 10 }];
      },
    },
  ],
  seller: [
    { section: 'receivables', take: (s) => [{ key: 'receivables', kind: 'money', value: total(s, 'amount') }] },
    { section: 'tenderOutcomes', take: (s) => [{ key: 'winRate', kind: 'percent', value: percent(sum(s, 'won'), sum(s, 'quoted')) }] },
  ],
  developer: [
    {
      section: 'projectCosts',
      take: (s) => [
        { key: 'budget', kind: 'money', value: total(s, 'budget') },
        { key: 'committed', kind: 'money', value: total(s, 'committed') },
        { key: 'paid', kind: 'money', value: total(s, 'paid') },
      ],
    },
  ],
};

export async function keyFigures(
  subscriptionType: number | null,
  query: Omit<ReportQuery, 'report'>,
  sources: ReportSources,
): Promise<ReportKeyFigure[]> {
  const figures: ReportKeyFigure[] = [];
  for (const report of companyReportsOf(subscriptionType)) {
    for (const wanted of FIGURES[report]) {
      const source = REPORT_SECTIONS[report].find((candidate) => candidate.key === wanted.section);
      if (!source) continue;
      const drawn = await source.draw({ ...query, report }, sources, { allRows: true });
      for (const figure of wanted.take(drawn)) figures.push({ report, section: wanted.section, ...figure });
    }
  }
  return figures;
}
