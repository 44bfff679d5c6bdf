// The platform's advertisements (signed-in-area.md §2.5 admin module, §3 labels "name, start and end dates,
// image 16:9", §5.3): platform administrators keep them; the public landing page shows the current ones.
// Calls: /api/admin/advertisements (administrators) and /api/advertisements (public).

/** An advertisement's image: PNG, JPEG or WebP, at most 5 MB, 16:9 within 1 %. */
export const AD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** How far width / height may be from 16 / 9, as a share of 16 / 9 (1920 x 1080 exactly; 1280 x 727 still passes). */
export const AD_IMAGE_RATIO_TOLERANCE = 0.01;
export const AD_TITLE_MAX = 120;
export const AD_LINK_MAX = 500;
export const AD_REASON_MAX = 500;

export type AdvertisementStatus = 'draft' | 'published' | 'withdrawn';

/** One row of the admin list (GET /api/admin/advertisements). */
export type AdvertisementRow = {
  id: string;
  title: string;
  linkUrl: string | null;
  validFrom: string;
  validTo: string;
  status: AdvertisementStatus;
  /** Published and today (Malaysian date) within validFrom..validTo: the landing page shows it. */
  current: boolean;
  image: { mediaType: string; size: number; width: number; height: number };
  createdAt: string;
  changedAt: string;
  revision: number;
};

/** One advertisement the landing page shows (GET /api/advertisements). */
export type PublicAdvertisement = { id: string; title: string; linkUrl: string | null; imageUrl: string; width: number; height: number };

/** The details of a new or edited advertisement. */
export type AdvertisementDetailsInput = { title?: unknown; linkUrl?: unknown; validFrom?: unknown; validTo?: unknown };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  DATE.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** An https address with a host name (what a link on the landing page may open): no other scheme, no user or password, no spaces. */
const HTTPS_LINK = /^https:\/\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;
export const isHttpsLink = (value: string) => HTTPS_LINK.test(value);

/**
 * Field errors of an advertisement's details: title (1 to 120 characters) `required` / `tooLong`; linkUrl
 * (optional) `adLinkNotHttps` / `tooLong`; validFrom, validTo `required` / `invalidDate`; validTo before
 * validFrom `adValidToBeforeValidFrom`.
 */
export function advertisementDetailsErrors(input: AdvertisementDetailsInput): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (title === '') fields.title = ['required'];
  else if (title.length > AD_TITLE_MAX) fields.title = ['tooLong'];
  if (input.linkUrl !== undefined && input.linkUrl !== null && input.linkUrl !== '') {
    if (typeof input.linkUrl !== 'string' || input.linkUrl.trim().length > AD_LINK_MAX) fields.linkUrl = ['tooLong'];
    else if (!isHttpsLink(input.linkUrl.trim())) fields.linkUrl = ['adLinkNotHttps'];
  }
  for (const name of ['validFrom', 'validTo'] as const) {
    const value = input[name];
    if (value === undefined || value === null || value === '') fields[name] = ['required'];
    else if (!isDate(value)) fields[name] = ['invalidDate'];
  }
  if (!fields.validFrom && !fields.validTo && (input.validTo as string) < (input.validFrom as string))
    fields.validTo = ['adValidToBeforeValidFrom'];
  return fields;
}

/** A publisher's or withdrawer's (or editor's) reason: 1 to 500 characters. */
export function advertisementReasonErrors(reason: unknown): Record<string, string[]> {
  if (typeof reason !== 'string' || reason.trim() === '') return { reason: ['required'] };
  if (reason.trim().length > AD_REASON_MAX) return { reason: ['tooLong'] };
  return {};
}

/** Whether width x height is 16:9 within AD_IMAGE_RATIO_TOLERANCE. */
export function isSixteenByNine(width: number, height: number): boolean {
  if (!(width > 0 && height > 0)) return false;
  return Math.abs(width / height - 16 / 9) / (16 / 9) <= AD_IMAGE_RATIO_TOLERANCE;
}
