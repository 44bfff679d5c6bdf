// Requests and the tenders made from them (apps/api/src/tendering/README.md "Requests"): "Make a tender"
// from an approved request, the tenders a request became, and a tender from items of an approved BQ.
import { adminJson } from '../providers/admin-request.js';

export type MadeTender = { id: string; documentNo: string; status: string; tenderType: string | null; items: number };
export type RequestTenders = {
  requestId: string;
  status: string;
  data: { id: string; documentNo: string; title: string; status: string; createdAt: string }[];
};

const requestPath = (resource: string, id: string) => `/api/tendering/requests/${encodeURIComponent(resource)}/${encodeURIComponent(id)}`;

export const requestTenders = (resource: string, id: string) => adminJson<RequestTenders>(`${requestPath(resource, id)}/tenders`);
export const makeTender = (resource: string, id: string) =>
  adminJson<MadeTender>(`${requestPath(resource, id)}/tender`, { method: 'POST', body: {} });
export const tenderFromBq = (body: { projectId: string; itemIds: string[]; title?: string; tenderType?: string }) =>
  adminJson<MadeTender>('/api/tendering/bq-tenders', { method: 'POST', body });

export type ProjectRequest = {
  id: string;
  resource: string;
  documentNo: string;
  title: string;
  status: string;
  total: string;
  currency: string;
  createdAt: string;
};
export type ProjectRequests = { projectId: string; from: number; hasMore: boolean; data: ProjectRequest[] };

/** A project's requests of the three kinds, newest first, `[from, to]` (no count: `hasMore`). */
export const projectRequests = (projectId: string, from: number, to: number) =>
  adminJson<ProjectRequests>(
    `/api/tendering/projects/${encodeURIComponent(projectId)}/requests?range=${encodeURIComponent(JSON.stringify([from, to]))}`,
  );

export type BqItemTender = { id: string; documentNo: string; title: string; status: string; lineNo: number };
/** The tenders made from a project's BQ rows, by BQ item (POST /bq-tenders keeps each line's item); one row's with `bqItemId`. */
export const bqItemTenders = (projectId: string, bqItemId?: string) =>
  adminJson<{ projectId: string; capped: boolean; data: { bqItemId: string; tenders: BqItemTender[] }[] }>(
    `/api/tendering/projects/${encodeURIComponent(projectId)}/bq-item-tenders${bqItemId === undefined ? '' : `?bqItemId=${encodeURIComponent(bqItemId)}`}`,
  );

/** Where a tender line made from a BQ row opens that row: the project's BQ tab (§2.6 /project/<id>/bill-of-quantity), the row chosen. */
export const bqRowPath = (projectId: string, bqItemId: string) =>
  `/project/${encodeURIComponent(projectId)}/bill-of-quantity?item=${encodeURIComponent(bqItemId)}`;
