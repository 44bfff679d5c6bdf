// The inventory api (apps/api/src/inventory): a company's site locations, a project's stock movements and
// on-hand quantities; the products are the catalogue's products, the receipts' sources its delivery orders.
import type { CatalogueItemRow } from '@binaan/contracts';
import { adminJson } from '../providers/admin-request.js';
import { cataloguePath } from '../catalogue-items/catalogue-items-api.js';

export type Page<T> = { items: T[]; next: string | null };
export type SiteLocation = { id: string; name: string; projectId: string | null; revision: number };
export type MovementKind = 'receive' | 'utilisation' | 'transfer' | 'adjustment';
export type MovementLine = {
  lineNo: number;
  productId: string;
  quantity: string;
  received: string;
  orderLineNo?: number;
  productCode?: string | null;
  productName?: string | null;
  unit?: string | null;
};
export type Movement = {
  id: string;
  movementNo: string;
  kind: MovementKind;
  status: 'pending' | 'confirmed' | 'rejected' | 'cancelled' | 'partial' | 'fully';
  fromLocationName: string | null;
  toLocationName: string | null;
  deliveryOrderId: string | null;
  reason: string;
  lines: MovementLine[];
  createdAt: string;
  createdBy: string | null;
};
export type MovementStep = {
  event: string;
  statusAfter: string;
  at: string;
  by: string | null;
  remark: string | null;
  entries: { productId: string; locationId: string; delta: string }[];
};
export type OnHandRow = {
  productId: string;
  productCode: string | null;
  productName: string | null;
  unit: string | null;
  locationName: string | null;
  quantity: string;
};
export type DeliveryOrderChoice = { id: string; documentNo: string; title: string; status: string };
export type DeliveryOrderLine = { lineNo: number; description: string; unit: string; quantity: string; deliveredQuantity?: string };

const LOCATIONS = '/api/inventory/site-locations';
const project = (projectId: string) => `/api/inventory/projects/${encodeURIComponent(projectId)}`;
const query = (params: Record<string, string | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const siteLocations = (after: string | null, projectId?: string) =>
  adminJson<Page<SiteLocation>>(`${LOCATIONS}${query({ after, limit: '50', filter: projectId ? JSON.stringify({ projectId }) : null })}`);
export const addSiteLocation = (name: string, projectId: string | null) =>
  adminJson<{ id: string }>(LOCATIONS, { method: 'POST', body: { name, ...(projectId ? { projectId } : {}) } });
export const renameSiteLocation = (id: string, name: string) =>
  adminJson<{ id: string }>(`${LOCATIONS}/${encodeURIComponent(id)}`, { method: 'PUT', body: { name } });
export const deleteSiteLocation = (id: string) => adminJson<{ id: string }>(`${LOCATIONS}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const movements = (projectId: string, kind: MovementKind, after: string | null) =>
  adminJson<Page<Movement>>(`${project(projectId)}/movements${query({ after, limit: '25', filter: JSON.stringify({ kind }) })}`);
export const movement = (projectId: string, id: string) =>
  adminJson<Movement & { history: MovementStep[] }>(`${project(projectId)}/movements/${encodeURIComponent(id)}`);
export const recordMovement = (projectId: string, body: Record<string, unknown>) =>
  adminJson<{ id: string; movementNo: string }>(`${project(projectId)}/movements`, { method: 'POST', body });
export const actOnMovement = (
  projectId: string,
  id: string,
  action: 'Confirm' | 'Reject' | 'Cancel' | 'Receive',
  body: Record<string, unknown> = {},
) => adminJson<{ status: string }>(`${project(projectId)}/movements/${encodeURIComponent(id)}/actions/${action}`, { method: 'POST', body });
export const onHand = (projectId: string, asOf: string | null) =>
  adminJson<Page<OnHandRow>>(`${project(projectId)}/on-hand${query({ asOf, limit: '200' })}`);

export const products = () =>
  adminJson<CatalogueItemRow[]>(cataloguePath({ q: '', kind: 'product', status: 'active', page: 0, sort: 'name' }, 50));
/** The project's delivery orders whose goods arrived (confirmed by the other side, and after). */
export const receivableOrders = async (projectId: string) => {
  const rows = await adminJson<DeliveryOrderChoice[]>(
    `/api/documents/deliveryOrder${query({ filter: JSON.stringify({ projectId }), range: '[0,99]', sort: '["documentNo","DESC"]' })}`,
  );
  return rows.filter((row) => ['confirmed', 'fulfilled', 'invoiced'].includes(row.status));
};
export const orderLines = async (id: string) =>
  (await adminJson<{ items: DeliveryOrderLine[] }>(`/api/documents/deliveryOrder/${encodeURIComponent(id)}`)).items;
