// The platform administrator's list of subscriptions (signed-in-area.md §2.5 admin module "subscriptions"):
// every company's periods, newest start first, a page at a time by keyset over (period_from, company_id)
// (`subscription_periods_by_start`), so a page deep in a million costs what the first does; filters by
// company and by state at now (running, upcoming, ended), each an index range or a cheap test on the page.
import { ErrorCodes } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { iso, isoOrNull } from '../common/iso.js';
import { keysetPage, keysetQuery } from '../common/keyset-page.js';
import { invalidParameter, listFilter } from '../common/list-query.js';
import { refusal } from '../common/refusal.js';

export const PERIOD_STATES = ['running', 'upcoming', 'ended'] as const;

type Row = {
  company_id: string;
  company_name: string | null;
  package_id: string;
  billing_id: string | null;
  period_from: Date | string;
  period_to: Date | string;
  change: string;
  ended_at: Date | string | null;
  end_reason: string | null;
};

export async function subscriptionList(db: SqlExecutor, query: Record<string, unknown>, now: Date) {
  const filter = listFilter(query.filter);
  const { after, limit } = keysetQuery(query);
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => (params.push(value), `$${params.length}`);
  if (filter.companyId !== undefined) {
    if (typeof filter.companyId !== 'string') throw invalidParameter('filter.companyId', 'must be a company id');
    where.push(`p.company_id = ${param(filter.companyId)}`);
  }
  if (filter.state !== undefined) {
    if (typeof filter.state !== 'string' || !(PERIOD_STATES as readonly string[]).includes(filter.state))
      throw invalidParameter('filter.state', `must be one of ${PERIOD_STATES.join(', ')}`);
    const at = param(now.toISOString());
    where.push(
      filter.state === 'upcoming'
        ? `p.period_from > ${at}`
        : filter.state === 'running'
          ? `p.period_from <= ${at} AND p.period_to > ${at} AND (p.ended_at IS NULL OR p.ended_at > ${at})`
          : `(p.period_to <= ${at} OR p.ended_at <= ${at})`,
    );
  }
  if (after) {
    const at = Date.parse(after[0]);
    if (!Number.isFinite(at))
      throw refusal(400, ErrorCodes.validationFailed, 'Check these parameters: after.', {
        fields: { after: ['must be the `next` of an earlier page'] },
      });
    where.push(`(p.period_from, p.company_id) < (${param(new Date(at).toISOString())}, ${param(after[1])})`);
  }
  const rows = await db.query<Row>(
    `SELECT p.*, c.name AS company_name FROM subscription_periods p LEFT JOIN companies c ON c.company_id = p.company_id
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY p.period_from DESC, p.company_id DESC LIMIT ${limit + 1}`,
    params,
  );
  const t = now.getTime();
  return keysetPage(
    rows,
    limit,
    (row) => {
      const from = iso(row.period_from);
      const to = iso(row.period_to);
      const endedAt = isoOrNull(row.ended_at);
      const state =
        Date.parse(from) > t ? 'upcoming' : Date.parse(to) <= t || (endedAt !== null && Date.parse(endedAt) <= t) ? 'ended' : 'running';
      return {
        companyId: row.company_id,
        companyName: row.company_name,
        packageId: row.package_id,
        billingId: row.billing_id,
        from,
        to,
        change: row.change,
        endedAt,
        endReason: row.end_reason,
        state,
      };
    },
    (row) => [iso(row.period_from), row.company_id],
  );
}
