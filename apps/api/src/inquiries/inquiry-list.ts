// One page of the inquiries, newest first: ?filter={"status":"new","q":"tiles"}&range=[0,24]; filter.id reads
// those rows. The count stops at a cap and says so (X-Total-Capped), as every admin list does.
import { DocumentListTotalCap, type InquiryRow, type InquiryStatus } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { invalidParameter, listFilter } from '../common/list-query.js';
import { cappedCount, pageTotal } from '../common/page-range.js';
import { like, parsePageQuery } from '../companies/company-directory.js';

const SORTS: Readonly<Record<string, string>> = { receivedAt: 'received_at' };
const STATUSES: readonly InquiryStatus[] = ['new', 'close', 'cancel'];
const SEARCH_CAP = 1_000;

export type InquirySql = {
  inquiry_id: string;
  received_at: Date | string;
  status: string;
  name: string;
  email: string;
  phone: string;
  company_name: string;
  subject: string;
  message: string;
  language: string;
  revision: number;
  updated_at: Date | string;
  last_remark: string | null;
};

export const inquiryRow = (row: InquirySql): InquiryRow => ({
  id: row.inquiry_id,
  receivedAt: new Date(row.received_at).toISOString(),
  status: row.status as InquiryStatus,
  name: row.name,
  email: row.email,
  phone: row.phone,
  companyName: row.company_name,
  subject: row.subject,
  message: row.message,
  language: row.language,
  revision: Number(row.revision),
  updatedAt: new Date(row.updated_at).toISOString(),
  lastRemark: row.last_remark,
});

export async function inquiryList(db: SqlExecutor, query: Record<string, unknown>) {
  const page = parsePageQuery({ sort: '["receivedAt","DESC"]', ...query }, SORTS);
  const filter = listFilter(query.filter);
  const params: unknown[] = [];
  const where = ['true'];
  if (page.ids !== null) {
    params.push(page.ids);
    where.push(`inquiry_id = ANY($${params.length}::text[])`);
  }
  if (filter.status !== undefined) {
    if (typeof filter.status !== 'string' || !(STATUSES as readonly string[]).includes(filter.status))
      throw invalidParameter('filter.status', `must be one of ${STATUSES.join(', ')}`);
    params.push(filter.status);
    where.push(`status = $${params.length}`);
  }
  if (page.q) {
    params.push(like(page.q.toLowerCase()));
    where.push(`lower(name || ' ' || email || ' ' || company_name || ' ' || subject) LIKE $${params.length}`);
  }
  const limit = page.range.to - page.range.from + 1;
  const { direction } = page.sort;
  const rows = await db.query<InquirySql>(
    `SELECT inquiry_id, received_at, status, name, email, phone, company_name, subject, message, language, revision, updated_at, last_remark FROM inquiries
     WHERE ${where.join(' AND ')} ORDER BY received_at ${direction}, position ${direction} LIMIT ${limit} OFFSET ${page.range.from}`,
    params,
  );
  const cap = page.q ? SEARCH_CAP : DocumentListTotalCap;
  const { counted, capped } = await cappedCount(db, 'inquiries', where.join(' AND '), params, cap);
  return { rows: rows.map(inquiryRow), total: pageTotal(counted, page.range, rows.length), capped, range: page.range };
}
