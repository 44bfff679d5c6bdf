// The company's catalogue calls (apps/api/src/catalogue-items): a page of the list, the pickers' search, one
// item's add, edit, retire and restore (the revision as If-Match), and its history.
import {
  DocumentListTotalCap,
  type CatalogueItemHistoryStep,
  type CatalogueItemInput,
  type CatalogueItemKind,
  type CatalogueItemRow,
  type CatalogueItemStatus,
} from '@binaan/contracts';
import { adminJson, adminRequest } from '../providers/admin-request.js';

const BASE = '/api/catalogue-items';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
export const CATALOGUE_PAGE = 25;

export type CatalogueQuery = {
  q: string;
  kind: CatalogueItemKind | '';
  status: CatalogueItemStatus;
  page: number;
  sort: 'name' | 'code' | 'updatedAt';
};
export type CataloguePage = { rows: CatalogueItemRow[]; total: number; capped: boolean };

export function cataloguePath({ q, kind, status, page, sort }: CatalogueQuery, size = CATALOGUE_PAGE): string {
  const filter = { status, ...(kind ? { kind } : {}), ...(q.trim() ? { q: q.trim() } : {}) };
  const range = [page * size, page * size + size - 1];
  const params = new URLSearchParams({
    sort: JSON.stringify([sort, sort === 'updatedAt' ? 'DESC' : 'ASC']),
    range: JSON.stringify(range),
    filter: JSON.stringify(filter),
  });
  return `${BASE}?${params.toString()}`;
}

export async function cataloguePage(query: CatalogueQuery): Promise<CataloguePage> {
  const reply = await adminRequest<CatalogueItemRow[]>(cataloguePath(query));
  const total = Number(/\/(\d+)$/.exec(reply.headers.get('Content-Range') ?? '')?.[1] ?? reply.json.length);
  return { rows: reply.json, total, capped: reply.headers.get('X-Total-Capped') === 'true' || total >= DocumentListTotalCap };
}

/** The pickers' search: the first 10 active items matching the text (of one kind when given). */
export async function catalogueSuggestions(q: string, kind?: CatalogueItemKind): Promise<CatalogueItemRow[]> {
  return (await adminRequest<CatalogueItemRow[]>(cataloguePath({ q, kind: kind ?? '', status: 'active', page: 0, sort: 'name' }, 10))).json;
}

type Written = { success: true; id: string; revision: number };
export const addCatalogueItem = (input: CatalogueItemInput) => adminJson<Written>(BASE, { method: 'POST', body: input });
export const editCatalogueItem = (id: string, input: Omit<CatalogueItemInput, 'kind'>, revision: number) =>
  adminJson<Written>(one(id), { method: 'PUT', body: input, headers: { 'If-Match': `"${revision}"` } });
export const actOnCatalogueItem = (id: string, action: 'Retire' | 'Restore', reason: string, revision: number) =>
  adminJson<Written>(`${one(id)}/actions/${action}`, { method: 'POST', body: { reason }, headers: { 'If-Match': `"${revision}"` } });
export const catalogueItemHistory = async (id: string) =>
  (await adminJson<{ history: CatalogueItemHistoryStep[] }>(`${one(id)}/history`)).history;
