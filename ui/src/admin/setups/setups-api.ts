// The company's setups and terms over the api (/api/company-setups/<kind>, /api/company-terms): lists in
// ra-data-simple-rest form (Content-Range, X-Total-Capped), the item writes, history, the terms' versions.
import {
  SetupKindPaths,
  type CompanyTermsToAccept,
  type CompanyTermsView,
  type SetupHistoryRow,
  type SetupItemRow,
  type SetupKind,
  type SetupStatus,
} from '@binaan/contracts';
import { totalOf } from '../bill-of-quantity/bq-scans.js';
import { adminJson, adminRequest } from '../providers/admin-request.js';

export const SETUP_PAGE = 25;
export type SetupPage = { rows: SetupItemRow[]; total: number; capped: boolean };
type Written = { success: true; item: SetupItemRow; recorded: string[] };

const base = (kind: SetupKind) => `/api/company-setups/${SetupKindPaths[kind]}`;
const item = (kind: SetupKind, id: string) => `${base(kind)}/${encodeURIComponent(id)}`;

export async function listSetupItems(
  kind: SetupKind,
  status: SetupStatus | null,
  q: string,
  page = 0,
  size = SETUP_PAGE,
): Promise<SetupPage> {
  const filter: Record<string, string> = {};
  if (status) filter.status = status;
  if (q) filter.q = q;
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    sort: JSON.stringify(['name', 'ASC']),
    range: JSON.stringify([page * size, page * size + size - 1]),
  });
  const reply = await adminRequest<SetupItemRow[]>(`${base(kind)}?${query.toString()}`);
  return {
    rows: reply.json,
    total: Math.max(totalOf(reply.headers.get('Content-Range')), reply.json.length),
    capped: reply.headers.get('X-Total-Capped') === 'true',
  };
}

export const createSetupItem = (kind: SetupKind, body: Record<string, unknown>) => adminJson<Written>(base(kind), { method: 'POST', body });
export const editSetupItem = (kind: SetupKind, id: string, revision: number, body: Record<string, unknown>) =>
  adminJson<Written>(item(kind, id), { method: 'PUT', body, headers: { 'If-Match': `"${revision}"` } });
export const actOnSetupItem = (kind: SetupKind, id: string, action: 'Deactivate' | 'Reactivate', reason: string) =>
  adminJson<Written>(`${item(kind, id)}/actions/${action}`, { method: 'POST', body: reason ? { reason } : {} });
export const setupHistory = (kind: SetupKind, id: string) => adminJson<SetupHistoryRow[]>(`${item(kind, id)}/history`);

export type TermsVersion = CompanyTermsView & { reason: string | null; acceptedBy: number };
export async function termsVersions(page = 0, size = 10): Promise<{ rows: TermsVersion[]; total: number }> {
  const reply = await adminRequest<TermsVersion[]>(
    `/api/company-terms/versions?range=${encodeURIComponent(JSON.stringify([page * size, page * size + size - 1]))}`,
  );
  return { rows: reply.json, total: totalOf(reply.headers.get('Content-Range')) };
}
export const publishTerms = (body: { title: string; contents: string; reason: string }) =>
  adminJson<{ success: true; version: number }>('/api/company-terms', { method: 'POST', body });
export const termsToAccept = async () => (await adminJson<{ data: CompanyTermsToAccept }>('/api/company-terms/to-accept')).data;
export const acceptTerms = (version: number) =>
  adminJson<{ success: true; version: number }>('/api/company-terms/accept', { method: 'POST', body: { version } });
