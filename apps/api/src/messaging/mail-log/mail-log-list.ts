// One page of the e-mail log, newest first: ?filter={"status":"failed","q":"tender"}&range=[0,24]; filter.id
// (one id or a list) reads those rows.
// The count stops at a cap and says so (X-Total-Capped), as every admin list does.
import { DocumentListTotalCap, type MailLogRow, type MailLogStatus } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { invalidParameter, listFilter } from '../../common/list-query.js';
import { cappedCount, pageTotal } from '../../common/page-range.js';
import { like, parsePageQuery } from '../../companies/company-directory.js';

const SORTS: Readonly<Record<string, string>> = { sentAt: 'sent_at' };
const STATUSES: readonly MailLogStatus[] = ['sent', 'failed'];
const SEARCH_CAP = 1_000;

type MailLogSql = {
  mail_id: string;
  sent_at: Date | string;
  status: string;
  channel: string;
  recipient: string;
  subject: string;
  purpose: string;
  error: string | null;
};

export async function mailLogList(db: SqlExecutor, query: Record<string, unknown>) {
  const page = parsePageQuery({ sort: '["sentAt","DESC"]', ...query }, SORTS);
  const filter = listFilter(query.filter);
  const params: unknown[] = [];
  const where = ['true'];
  if (page.ids !== null) {
    params.push(page.ids);
    where.push(`mail_id = ANY($${params.length}::text[])`);
  }
  if (filter.status !== undefined) {
    if (typeof filter.status !== 'string' || !(STATUSES as readonly string[]).includes(filter.status))
      throw invalidParameter('filter.status', `must be one of ${STATUSES.join(', ')}`);
    params.push(filter.status);
    where.push(`status = $${params.length}`);
  }
  if (page.q) {
    params.push(like(page.q.toLowerCase()));
    where.push(`lower(recipient || ' ' || subject || ' ' || purpose) LIKE $${params.length}`);
  }
  const limit = page.range.to - page.range.from + 1;
  const { direction } = page.sort;
  const rows = await db.query<MailLogSql>(
    `SELECT mail_id, sent_at, status, channel, recipient, subject, purpose, error FROM mail_log WHERE ${where.join(' AND ')}
     ORDER BY sent_at ${direction}, position ${direction} LIMIT ${limit} OFFSET ${page.range.from}`,
    params,
  );
  const cap = page.q ? SEARCH_CAP : DocumentListTotalCap;
  const { counted, capped } = await cappedCount(db, 'mail_log', where.join(' AND '), params, cap);
  return {
    rows: rows.map((row): MailLogRow => ({
      id: row.mail_id,
      sentAt: new Date(row.sent_at).toISOString(),
      status: row.status as MailLogStatus,
      channel: row.channel as MailLogRow['channel'],
      to: row.recipient,
      subject: row.subject,
      purpose: row.purpose,
      error: row.error,
    })),
    total: pageTotal(counted, page.range, rows.length),
    capped,
    range: page.range,
  };
}
