// The company profile's calls: the chosen company's own (read, the information, a list's entries added,
// changed and removed, the sharing, the history), another company's shared profile, and the machinery a line
// picker offers. The revision travels as If-Match where the page knows it.
import type { CompanyProfileView, ProfileEntry, ProfileEntryPage, ProfileHistoryPage, ProfileList, ShareableTab } from '@binaan/contracts';
import { adminJson } from '../providers/admin-request.js';

const OWN = '/api/company/profile';
const ifMatch = (revision: number | undefined) => (revision === undefined ? {} : { headers: { 'If-Match': `"${revision}"` } });
export type ProfileReply = { success: true; revision: number; id?: string };

export const ownProfile = () => adminJson<CompanyProfileView>(OWN);
export const otherProfile = (companyId: string) => adminJson<CompanyProfileView>(`/api/company/profiles/${encodeURIComponent(companyId)}`);

export const saveInformation = (body: object, revision?: number) =>
  adminJson<ProfileReply>(`${OWN}/information`, { method: 'PUT', body, ...ifMatch(revision) });
export const saveSharing = (tabs: ShareableTab[], reason: string) =>
  adminJson<ProfileReply>(`${OWN}/sharing`, { method: 'PUT', body: { tabs, reason } });
export const addEntry = (list: ProfileList, body: object) => adminJson<ProfileReply>(`${OWN}/lists/${list}`, { method: 'POST', body });
export const editEntry = (list: ProfileList, id: string, body: object) =>
  adminJson<ProfileReply>(`${OWN}/lists/${list}/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const removeEntry = (list: ProfileList, id: string, reason: string) =>
  adminJson<ProfileReply>(`${OWN}/lists/${list}/${encodeURIComponent(id)}/actions/Remove`, { method: 'POST', body: { reason } });

/** One page of a list: the chosen company's (`companyId` null) or another's shared one. */
export function entryPage(companyId: string | null, list: ProfileList, q: string, after: string | null): Promise<ProfileEntryPage> {
  const params = new URLSearchParams({ limit: '25', ...(q.trim() ? { q: q.trim() } : {}), ...(after ? { after } : {}) });
  const base = companyId === null ? OWN : `/api/company/profiles/${encodeURIComponent(companyId)}`;
  return adminJson<ProfileEntryPage>(`${base}/lists/${list}?${params.toString()}`);
}

/** A line picker's machines: the first 10 of the chosen company's machinery matching the text (brand, model, type, capacity). */
export const machinerySuggestions = async (q: string) =>
  (await adminJson<ProfileEntryPage<'machinery'>>(`/api/company/machinery?${new URLSearchParams({ q: q.trim(), limit: '10' }).toString()}`))
    .items;

export const profileHistory = (before: string | null) =>
  adminJson<ProfileHistoryPage>(`${OWN}/history${before ? `?before=${encodeURIComponent(before)}` : ''}`);

export type AnyEntry = ProfileEntry & Record<string, unknown>;
