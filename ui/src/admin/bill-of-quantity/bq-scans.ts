// The BQ scans over the api (apps/api/src/bills-of-quantity/IMPORT-EXPORT.md: upload, list, detail, rows,
// Import, Discard). Each scan's revision travels as If-Match; a refusal is the shared ApiError.
import { adminJson, adminRequest } from '../providers/admin-request.js';

export const BQ_SCAN_STATUSES = ['reading', 'pendingReview', 'imported', 'failed', 'discarded'] as const;
export type BqScanStatus = (typeof BQ_SCAN_STATUSES)[number];
export type BqScanListRow = {
  id: string;
  fileName: string;
  mediaType: string;
  status: BqScanStatus;
  pages: number;
  rows: number;
  rowsWithProblems: number;
  importedTo: string | null;
  uploadedBy: string;
  uploadedAt: string;
  updatedAt: string;
  revision: number;
};
export type ScanProblem = { field: string | null; code: string };
export type BqScanRow = {
  page: number;
  top: number;
  level: number;
  type: 'header' | 'item';
  title: string;
  description: string | null;
  unit: string | null;
  quantity: string | null;
  rate: string | null;
  amount: string | null;
  confidence: number;
  problems: ScanProblem[];
};
export type BqScan = {
  id: string;
  fileName: string;
  mediaType: string;
  status: BqScanStatus;
  pages: number;
  failure: string | null;
  importedTo: string | null;
  rows: BqScanRow[];
  revision: number;
};
export type ScanPage = { rows: BqScanListRow[]; total: number; capped: boolean };

/** Scans a page of the list asks for. */
export const SCAN_PAGE = 10;
const project = (projectId: string) => `/api/project/${encodeURIComponent(projectId)}`;
const scanPath = (projectId: string, scanId: string) => `${project(projectId)}/bill-of-quantity-scans/${encodeURIComponent(scanId)}`;

/** "bq-scans 0-9/42" (or "*\/0") to the total. */
export function totalOf(contentRange: string | null): number {
  const total = /\/(\d+)$/.exec(contentRange ?? '')?.[1];
  return total === undefined ? 0 : Number(total);
}

export async function listScans(projectId: string, page: number, status: BqScanStatus | null): Promise<ScanPage> {
  const range = encodeURIComponent(JSON.stringify([page * SCAN_PAGE, page * SCAN_PAGE + SCAN_PAGE - 1]));
  const filter = status ? `&filter=${encodeURIComponent(JSON.stringify({ status }))}` : '';
  const reply = await adminRequest<BqScanListRow[]>(`${project(projectId)}/bill-of-quantity-scan-list?range=${range}${filter}`);
  return { rows: reply.json, total: totalOf(reply.headers.get('content-range')), capped: reply.headers.get('x-total-capped') === 'true' };
}

export const uploadScan = (projectId: string, file: File) =>
  adminJson<{ id: string; status: BqScanStatus; revision: number }>(`${project(projectId)}/bill-of-quantity-scans`, {
    method: 'POST',
    file,
  });

export const readScan = (projectId: string, scanId: string) => adminJson<BqScan>(scanPath(projectId, scanId));

export const saveScanRows = (projectId: string, scanId: string, revision: number, rows: readonly BqScanRow[]) =>
  adminJson<{ revision: number; rows: BqScanRow[] }>(`${scanPath(projectId, scanId)}/rows`, {
    method: 'PUT',
    body: { rows },
    headers: { 'If-Match': `"${revision}"` },
  });

export const importScan = (projectId: string, scanId: string, revision: number, tab: string) =>
  adminJson<{ revision: number; status: BqScanStatus; bqRevision: number | null }>(`${scanPath(projectId, scanId)}/actions/Import`, {
    method: 'POST',
    body: { tab },
    headers: { 'If-Match': `"${revision}"` },
  });

export const discardScan = (projectId: string, scanId: string, revision: number, remark: string) =>
  adminJson<{ revision: number; status: BqScanStatus }>(`${scanPath(projectId, scanId)}/actions/Discard`, {
    method: 'POST',
    body: remark.trim() ? { remark: remark.trim() } : {},
    headers: { 'If-Match': `"${revision}"` },
  });

export const SCAN_FIELDS = ['level', 'type', 'title', 'description', 'unit', 'quantity', 'rate', 'amount'] as const;
export type ScanField = (typeof SCAN_FIELDS)[number];

/** A row after an edit on screen: an item keeps its figures, a header has none (the api checks again on save). */
export function editRow(row: BqScanRow, field: ScanField, value: string): BqScanRow {
  if (field === 'level') return { ...row, level: Math.max(1, Math.min(30, Math.trunc(Number(value)) || 1)) };
  if (field === 'type')
    return value === 'header' ? { ...row, type: 'header', unit: null, quantity: null, rate: null, amount: null } : { ...row, type: 'item' };
  if (field === 'title') return { ...row, title: value };
  return { ...row, [field]: value.trim() === '' ? null : value };
}

/** The problems of a row on one field (null: the row's own, as a level skipped). */
export const problemsOn = (row: BqScanRow, field: string | null) => row.problems.filter((p) => p.field === field);
