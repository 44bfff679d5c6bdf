// The advertisements' calls (apps/api/src/advertisements/README.md): one page of the admin list with its
// total from Content-Range; a new advertisement or a new image sent as the body (as company files are);
// details, publication and withdrawal as JSON.
import type { AdvertisementRow } from '@binaan/contracts';
import { adminJson, adminRequest } from '../providers/admin-request.js';
import { uploadFile } from '../tendering/attachments-api.js';

export const ADVERTISEMENTS_PAGE = 25;
const BASE = '/api/admin/advertisements';

export type AdvertisementsPage = { rows: AdvertisementRow[]; total: number; capped: boolean };
export type AdvertisementFields = { title: string; linkUrl: string; validFrom: string; validTo: string };

export async function listAdvertisements(page: number): Promise<AdvertisementsPage> {
  const range = [page * ADVERTISEMENTS_PAGE, page * ADVERTISEMENTS_PAGE + ADVERTISEMENTS_PAGE - 1];
  const reply = await adminRequest<AdvertisementRow[]>(
    `${BASE}?${new URLSearchParams({ range: JSON.stringify(range), filter: '{}' }).toString()}`,
  );
  const total = Number(/\/(\d+)$/.exec(reply.headers.get('Content-Range') ?? '')?.[1] ?? reply.json.length + page * ADVERTISEMENTS_PAGE);
  return { rows: reply.json, total, capped: reply.headers.get('X-Total-Capped') === 'true' };
}

const query = (fields: Record<string, string>) =>
  new URLSearchParams(Object.entries(fields).filter(([, value]) => value.trim() !== '')).toString();

export const createAdvertisement = (fields: AdvertisementFields, image: File) =>
  uploadFile(`${BASE}?${query(fields)}`, image, () => undefined);

export const editAdvertisement = (id: string, fields: AdvertisementFields, reason: string) =>
  adminJson<{ revision: number }>(`${BASE}/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...fields, reason } });

export const replaceAdvertisementImage = (id: string, image: File, reason: string) =>
  uploadFile(`${BASE}/${encodeURIComponent(id)}/image?${new URLSearchParams({ reason }).toString()}`, image, () => undefined);

export const turnAdvertisement = (id: string, action: 'Publish' | 'Withdraw', reason: string) =>
  adminJson<{ revision: number }>(`${BASE}/${encodeURIComponent(id)}/actions/${action}`, { method: 'POST', body: { reason } });
