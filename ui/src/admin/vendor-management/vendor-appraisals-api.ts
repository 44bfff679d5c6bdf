// The vendor appraisals api (apps/api/src/vendor-appraisals/README.md), as the pages call it.
import type {
  AppraiseVendorInput,
  CompanyDirectoryItem,
  VendorAppraisalPage,
  VendorAppraisalSummary,
  VendorAppraisalView,
} from '@binaan/contracts';
import { adminJson } from '../providers/admin-request.js';

export const APPRAISALS_PATH = '/vendor-management/my-vendor-appraisal';
export const appraisalPath = (id: string) => `${APPRAISALS_PATH}/${encodeURIComponent(id)}`;

const pageQuery = (after: string | null, limit: number, vendorId?: string | null) => {
  const query = new URLSearchParams({ limit: String(limit) });
  if (after) query.set('after', after);
  if (vendorId) query.set('filter', JSON.stringify({ vendorId }));
  return query.toString();
};

export const listAppraisals = (after: string | null, vendorId: string | null, limit = 25) =>
  adminJson<VendorAppraisalPage>(`/api/vendor-appraisals?${pageQuery(after, limit, vendorId)}`);

export const appraisal = (id: string) => adminJson<VendorAppraisalView>(`/api/vendor-appraisals/${encodeURIComponent(id)}`);

export const appraiseVendor = (body: AppraiseVendorInput) =>
  adminJson<{ success: true; id: string; appraisal: VendorAppraisalView }>('/api/vendor-appraisals', { method: 'POST', body });

export const withdrawAppraisal = (id: string, reason: string) =>
  adminJson<{ success: true; appraisal: VendorAppraisalView }>(`/api/vendor-appraisals/${encodeURIComponent(id)}/actions/Withdraw`, {
    method: 'POST',
    body: { reason },
  });

export type VendorHistory = VendorAppraisalPage & { vendor: { id: string; name: string }; summary: VendorAppraisalSummary };

export const vendorHistory = (vendorId: string, after: string | null = null, limit = 5) =>
  adminJson<VendorHistory>(`/api/vendor-appraisals/vendors/${encodeURIComponent(vendorId)}?${pageQuery(after, limit)}`);

/** Approved companies of the directory by name or registration number (the vendor pickers). */
export const searchVendors = (q: string) =>
  adminJson<CompanyDirectoryItem[]>(
    `/api/company/directory?filter=${encodeURIComponent(JSON.stringify(q ? { q } : {}))}&range=${encodeURIComponent('[0,19]')}&sort=${encodeURIComponent('["name","ASC"]')}`,
  );
