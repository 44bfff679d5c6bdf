// E-mail delivery per Malaysian day: the e-mails Binaan tried to send (the e-mail log), those the mail server
// (or the outbox) took and those it refused, and the share taken. One e-mail is one attempt: the log records
// each once, with its outcome.
import type { ReportSection } from '@binaan/contracts';
import type { ReportSectionSource } from '../report-section.js';
import { mailRows } from './platform-rows.js';
import { daysOf, myDaySql, percent, rowRelation } from './section-support.js';

export const emailDeliverySection: ReportSectionSource = {
  key: 'emailDelivery',
  async draw(query, sources): Promise<ReportSection> {
    const window = [query.fromAt, query.toBefore];
    const relation = await rowRelation(mailRows, query.asOf, sources, 3, 'at >= $1 AND at < $2', window);
    const counts = await sources.db.query<{ day: string; sent: string; not_sent: string }>(
      `SELECT ${myDaySql('m.at')} AS day, count(*) FILTER (WHERE m.sent) AS sent, count(*) FILTER (WHERE NOT m.sent) AS not_sent
       FROM ${relation.sql} m WHERE m.at >= $1 AND m.at < $2 GROUP BY 1`,
      [...window, ...relation.params],
    );
    const byDay = new Map(counts.map((row) => [row.day, row]));
    return {
      key: 'emailDelivery',
      columns: [
        { key: 'day', kind: 'date' },
        { key: 'sent', kind: 'count' },
        { key: 'notSent', kind: 'count' },
        { key: 'deliveryRate', kind: 'percent' },
      ],
      rows: daysOf(query).map((day) => {
        const sent = Number(byDay.get(day)?.sent ?? 0);
        const notSent = Number(byDay.get(day)?.not_sent ?? 0);
        return { day, sent, notSent, deliveryRate: percent(sent, sent + notSent) };
      }),
      chart: { type: 'bar', x: 'day', series: ['sent', 'notSent'], stacked: true },
      more: false,
    };
  },
};
