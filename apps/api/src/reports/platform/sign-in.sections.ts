// The login activity report (spec §5.3: at most 7 days): sign-in attempts per Malaysian day and per hour of
// the day. An attempt is one event on the address's sign-in stream: succeeded, failed (wrong address or
// password) or refused (a locked, pending, inactive or suspended account). Accounts are told apart by that
// stream, never by a name or an address, so a forgotten person's attempts still count and show nobody.
import type { ReportSection } from '@binaan/contracts';
import type { ReportQuery, ReportSectionSource, ReportSources } from '../report-section.js';
import { signInFacts } from './platform-rows.js';
import { daysOf, factRelation, myDaySql, myHourSql } from './section-support.js';

type Counts = { bucket: string | number; succeeded: string; failed: string; refused: string; accounts: string };

/** The attempts of the window, live or as of a past time, counted per `bucketSql`. */
async function countAttempts(query: ReportQuery, sources: ReportSources, bucketSql: string): Promise<Counts[]> {
  const window = [query.fromAt, query.toBefore];
  const relation = await factRelation(signInFacts, query.asOf, sources, 3, 'recorded_at >= $1 AND recorded_at < $2', window);
  return sources.db.query<Counts>(
    `SELECT ${bucketSql} AS bucket,
       count(*) FILTER (WHERE a.outcome = 'succeeded') AS succeeded, count(*) FILTER (WHERE a.outcome = 'failed') AS failed,
       count(*) FILTER (WHERE a.outcome = 'refused') AS refused, count(DISTINCT a.stream_id) FILTER (WHERE a.outcome = 'succeeded') AS accounts
     FROM ${relation.sql} a WHERE a.recorded_at >= $1 AND a.recorded_at < $2 GROUP BY 1`,
    [...window, ...relation.params],
  );
}

export const signInsSection: ReportSectionSource = {
  key: 'signIns',
  async draw(query, sources): Promise<ReportSection> {
    const counts = new Map((await countAttempts(query, sources, myDaySql('a.recorded_at'))).map((row) => [String(row.bucket), row]));
    return {
      key: 'signIns',
      columns: [
        { key: 'day', kind: 'date' },
        { key: 'signIns', kind: 'count' },
        { key: 'failed', kind: 'count' },
        { key: 'refused', kind: 'count' },
        { key: 'accounts', kind: 'count' },
      ],
      rows: daysOf(query).map((day) => {
        const row = counts.get(day);
        return {
          day,
          signIns: Number(row?.succeeded ?? 0),
          failed: Number(row?.failed ?? 0),
          refused: Number(row?.refused ?? 0),
          accounts: Number(row?.accounts ?? 0),
        };
      }),
      chart: { type: 'line', x: 'day', series: ['signIns', 'failed', 'refused'] },
      more: false,
    };
  },
};

export const signInsByHourSection: ReportSectionSource = {
  key: 'signInsByHour',
  async draw(query, sources): Promise<ReportSection> {
    const counts = new Map((await countAttempts(query, sources, myHourSql('a.recorded_at'))).map((row) => [Number(row.bucket), row]));
    return {
      key: 'signInsByHour',
      columns: [
        { key: 'hour', kind: 'text' },
        { key: 'signIns', kind: 'count' },
        { key: 'failed', kind: 'count' },
        { key: 'refused', kind: 'count' },
      ],
      rows: Array.from({ length: 24 }, (_, hour) => {
        const row = counts.get(hour);
        return {
          hour: `${String(hour).padStart(2, '0')}:00`,
          signIns: Number(row?.succeeded ?? 0),
          failed: Number(row?.failed ?? 0),
          refused: Number(row?.refused ?? 0),
        };
      }),
      chart: { type: 'bar', x: 'hour', series: ['signIns', 'failed', 'refused'], stacked: true },
      more: false,
    };
  },
};
