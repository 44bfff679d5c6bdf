// Subscriptions and revenue per Malaysian month the window touches, counting what happened within the
// window's days: periods started (new, renewal, change, trial) by the day they start; bills paid, by the
// day the money was received, their revenue before SST and the SST apart (both subscription and usage bills:
// what a company paid the platform); and the transaction fees billed for the month (usage bills of that
// month's fees, before SST, whether paid yet or not; a cancelled bill counts nothing).
import type { ReportSection } from '@binaan/contracts';
import type { ReportSectionSource } from '../report-section.js';
import { billRows, periodFacts } from './platform-rows.js';
import { factRelation, monthsOf, myDaySql, ringgit, rowRelation } from './section-support.js';

const myMonthSql = (column: string) => `left(${myDaySql(column)}, 7)`;

export const subscriptionRevenueSection: ReportSectionSource = {
  key: 'subscriptionRevenue',
  async draw(query, sources): Promise<ReportSection> {
    const window = [query.fromAt, query.toBefore];
    const months = monthsOf(query);
    const periods = await factRelation(periodFacts, query.asOf, sources, 3, 'starts_at >= $1 AND starts_at < $2', window);
    const started = await sources.db.query<{ month: string; change: string; periods: string }>(
      `SELECT ${myMonthSql('p.starts_at')} AS month, p.change, count(*) AS periods FROM ${periods.sql} p
       WHERE p.starts_at >= $1 AND p.starts_at < $2 GROUP BY 1, 2`,
      [...window, ...periods.params],
    );
    const billsWhere = `(paid_at >= $1 AND paid_at < $2) OR (kind = 'usage' AND usage_period = ANY($3::text[]))`;
    // The bills as of then are read once and serve both queries, so both take the same parameters ($1 to $3).
    const bills = await rowRelation(billRows, query.asOf, sources, 4, billsWhere, [...window, months]);
    const paid = await sources.db.query<{ month: string; bills: string; revenue: string; sst: string }>(
      `SELECT ${myMonthSql('b.paid_at')} AS month, count(*) AS bills, sum(b.subtotal) AS revenue, sum(b.sst) AS sst FROM ${bills.sql} b
       WHERE b.status = 'paid' AND b.paid_at >= $1 AND b.paid_at < $2 AND $3::text[] IS NOT NULL GROUP BY 1`,
      [...window, months, ...bills.params],
    );
    const fees = await sources.db.query<{ month: string; fees: string }>(
      `SELECT b.usage_period AS month, sum(b.subtotal) AS fees FROM ${bills.sql} b
       WHERE b.kind = 'usage' AND b.status <> 'cancelled' AND b.usage_period = ANY($3::text[]) AND $1::timestamptz IS NOT NULL AND $2::timestamptz IS NOT NULL GROUP BY 1`,
      [...window, months, ...bills.params],
    );
    const count = (month: string, change: string) =>
      Number(started.find((row) => row.month === month && row.change === change)?.periods ?? 0);
    return {
      key: 'subscriptionRevenue',
      columns: [
        { key: 'month', kind: 'month' },
        { key: 'newSubscriptions', kind: 'count' },
        { key: 'renewals', kind: 'count' },
        { key: 'changes', kind: 'count' },
        { key: 'trials', kind: 'count' },
        { key: 'billsPaid', kind: 'count' },
        { key: 'revenue', kind: 'money' },
        { key: 'sst', kind: 'money' },
        { key: 'transactionFees', kind: 'money' },
      ],
      rows: months.map((month) => {
        const money = paid.find((row) => row.month === month);
        return {
          month,
          newSubscriptions: count(month, 'new'),
          renewals: count(month, 'renewal'),
          changes: count(month, 'change'),
          trials: count(month, 'trial'),
          billsPaid: Number(money?.bills ?? 0),
          revenue: ringgit(money?.revenue ?? 0),
          sst: ringgit(money?.sst ?? 0),
          transactionFees: ringgit(fees.find((row) => row.month === month)?.fees ?? 0),
        };
      }),
      chart: { type: 'bar', x: 'month', series: ['revenue', 'transactionFees'] },
      more: false,
    };
  },
};
