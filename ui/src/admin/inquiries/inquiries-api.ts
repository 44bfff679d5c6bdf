// The admin module's inquiry calls: a page of the list, newest first, and an action on one inquiry.
import type { InquiryRow, InquiryStatus } from '@binaan/contracts';
import { adminJson, adminRequest } from '../providers/admin-request.js';

export const INQUIRY_PAGE = 25;
export type InquiryQuery = { status: InquiryStatus | 'all'; q: string; page: number };
export type InquiryPage = { rows: InquiryRow[]; total: number; capped: boolean };

export async function inquiries({ status, q, page }: InquiryQuery): Promise<InquiryPage> {
  const filter = { ...(status !== 'all' ? { status } : {}), ...(q.trim() ? { q: q.trim() } : {}) };
  const range = [page * INQUIRY_PAGE, page * INQUIRY_PAGE + INQUIRY_PAGE - 1];
  const reply = await adminRequest<InquiryRow[]>(
    `/api/admin/inquiries?${new URLSearchParams({ range: JSON.stringify(range), filter: JSON.stringify(filter) }).toString()}`,
  );
  const total = Number(/\/(\d+)$/.exec(reply.headers.get('Content-Range') ?? '')?.[1] ?? reply.json.length + page * INQUIRY_PAGE);
  return { rows: reply.json, total, capped: reply.headers.get('X-Total-Capped') === 'true' };
}

export type InquiryAction = 'Close' | 'Cancel' | 'Reopen';

/** What each status offers: the inquiry machine's transitions for a platform administrator. */
export const ACTIONS_BY_STATUS: Record<InquiryStatus, InquiryAction[]> = { new: ['Close', 'Cancel'], close: ['Reopen'], cancel: [] };

export function actOnInquiry(id: string, action: InquiryAction, remark?: string): Promise<InquiryRow> {
  return adminJson<InquiryRow>(`/api/admin/inquiries/${encodeURIComponent(id)}/actions/${action}`, {
    method: 'POST',
    body: remark ? { remark } : {},
  });
}
