// Calls of the approved list of tenderers and of e-mail invitations (apps/api/src/tendering/README.md).
import { adminJson } from '../providers/admin-request.js';

export type TendererStatus = 'pending' | 'approved' | 'rejected';
export const TENDERER_STATUSES: readonly TendererStatus[] = ['pending', 'approved', 'rejected'];
export type Tenderer = {
  companyId: string;
  name: string | null;
  registrationNo: string | null;
  status: TendererStatus;
  proposedAt: string;
  proposedByName: string | null;
  note: string | null;
  decidedAt: string | null;
  decidedByName: string | null;
  remark: string | null;
  changedAt: string;
};

const BASE = '/api/tendering/tenderers';
export const tenderers = (status: TendererStatus, from: number, to: number) =>
  adminJson<{ data: Tenderer[]; hasMore: boolean }>(`${BASE}?status=${status}&range=${encodeURIComponent(JSON.stringify([from, to]))}`);
export const proposeTenderer = (companyId: string, note: string) =>
  adminJson(BASE, { method: 'POST', body: note.trim() ? { companyId, note } : { companyId } });
export const decideTenderer = (companyId: string, action: 'approve' | 'reject', remark: string) =>
  adminJson(`${BASE}/${encodeURIComponent(companyId)}/${action}`, { method: 'POST', body: remark.trim() ? { remark } : {} });
export const sendEmailInvitation = (tenderId: string, companyName: string, email: string) =>
  adminJson<{ invitationId: string }>(`/api/tendering/tenders/${encodeURIComponent(tenderId)}/email-invitations`, {
    method: 'POST',
    body: { companyName, email },
  });
