// The e-mail log's calls: one page of GET /api/admin/email-log, newest first, with its total from
// Content-Range and whether the count stopped at its cap.
import type { MailLogRow, MailLogStatus } from '@binaan/contracts';
import { adminRequest } from '../providers/admin-request.js';

export const EMAIL_LOG_PAGE = 25;

export type EmailLogQuery = { status: MailLogStatus | 'all'; q: string; page: number };
export type EmailLogPage = { rows: MailLogRow[]; total: number; capped: boolean };

export function emailLogPath({ status, q, page }: EmailLogQuery): string {
  const filter = { ...(status !== 'all' ? { status } : {}), ...(q.trim() ? { q: q.trim() } : {}) };
  const range = [page * EMAIL_LOG_PAGE, page * EMAIL_LOG_PAGE + EMAIL_LOG_PAGE - 1];
  return `/api/admin/email-log?${new URLSearchParams({ range: JSON.stringify(range), filter: JSON.stringify(filter) }).toString()}`;
}

export async function emailLog(query: EmailLogQuery): Promise<EmailLogPage> {
  const reply = await adminRequest<MailLogRow[]>(emailLogPath(query));
  const total = Number(/\/(\d+)$/.exec(reply.headers.get('Content-Range') ?? '')?.[1] ?? reply.json.length + query.page * EMAIL_LOG_PAGE);
  return { rows: reply.json, total, capped: reply.headers.get('X-Total-Capped') === 'true' };
}
