// A company's files and documents (apps/api/src/company-files/README.md): its logo, and the registration,
// secretarial, professional and financial documents a company profile holds (spec §2.5), each with a title,
// a reference number, issue and expiry dates and the file itself, replaced by new versions and removed with
// a reason. The rules here are the one copy the api and the ui both follow.

/** The kinds of document, grouped as the profile shows them. */
export const COMPANY_DOCUMENT_GROUPS = {
  registration: ['registrationCertificate', 'ssmForm24', 'ssmForm49', 'sstCertificate', 'cidbCertificate'],
  secretarial: ['boardResolution', 'companyConstitution'],
  professional: ['professionalIndemnity', 'insurance', 'professionalRegistration'],
  financial: ['auditedAccounts', 'financialStatement', 'bankStatement'],
  other: ['otherDocument'],
} as const;

export type CompanyDocumentGroup = keyof typeof COMPANY_DOCUMENT_GROUPS;
export type CompanyDocumentCategory = (typeof COMPANY_DOCUMENT_GROUPS)[CompanyDocumentGroup][number];
/** What a company file is: its logo, or one of the documents. */
export type CompanyFileCategory = 'logo' | CompanyDocumentCategory;

export const COMPANY_DOCUMENT_CATEGORIES: readonly CompanyDocumentCategory[] = Object.values(COMPANY_DOCUMENT_GROUPS).flat();
export const COMPANY_FILE_CATEGORIES: readonly CompanyFileCategory[] = ['logo', ...COMPANY_DOCUMENT_CATEGORIES];

export const groupOfCategory = (category: CompanyDocumentCategory): CompanyDocumentGroup =>
  (Object.keys(COMPANY_DOCUMENT_GROUPS) as CompanyDocumentGroup[]).find((group) =>
    (COMPANY_DOCUMENT_GROUPS[group] as readonly string[]).includes(category),
  )!;

/** The logo: an image the browser shows as it is, small. */
export const COMPANY_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const COMPANY_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** A document: PDF, an image (a scan or a photo) or an Office file. */
export const COMPANY_DOCUMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
/** Spec §5.3 / §9: 50 MB a file, 1 GB in all (a company's files; configurable on the server). */
export const COMPANY_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const COMPANY_FILES_TOTAL_BYTES = 1024 * 1024 * 1024;
/** The reminder goes this many days before a document's expiry date. */
export const EXPIRY_REMINDER_DAYS = 30;

/** The details sent with an upload (as query parameters: the body is the file). */
export type CompanyFileDetailsInput = {
  category: CompanyFileCategory;
  title?: string;
  referenceNo?: string;
  issuedOn?: string;
  expiresOn?: string;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) =>
  DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Field errors of an upload's or a replacement's details (`category` not asked of a replacement). */
export function companyFileDetailsErrors(input: Record<string, unknown>, needCategory = true): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const text = (name: string, max: number) => {
    const value = input[name];
    if (value !== undefined && (typeof value !== 'string' || value.trim().length > max)) fields[name] = ['tooLong'];
  };
  if (needCategory && !(COMPANY_FILE_CATEGORIES as readonly unknown[]).includes(input.category)) fields.category = ['unknownCategory'];
  text('title', 200);
  text('referenceNo', 100);
  for (const name of ['issuedOn', 'expiresOn']) {
    const value = input[name];
    if (value !== undefined && value !== '' && (typeof value !== 'string' || !isDate(value))) fields[name] = ['invalidDate'];
  }
  const { issuedOn, expiresOn } = input as { issuedOn?: string; expiresOn?: string };
  if (!fields.issuedOn && !fields.expiresOn && issuedOn && expiresOn && expiresOn < issuedOn) fields.expiresOn = ['beforeIssue'];
  return fields;
}

/** A remover's reason: 1 to 500 characters. */
export function removalReasonErrors(body: unknown): Record<string, string[]> {
  const reason = (body as { reason?: unknown } | null)?.reason;
  if (typeof reason !== 'string' || reason.trim() === '') return { reason: ['required'] };
  if (reason.trim().length > 500) return { reason: ['tooLong'] };
  return {};
}

/** Days from `today` to `expiresOn` (both YYYY-MM-DD); negative once past. */
export function daysUntil(expiresOn: string, today: string): number {
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Today's date in Malaysia (UTC+8, no summer time): expiry dates are Malaysian calendar days. */
export const malaysianDate = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** One version of a document's file. */
export type CompanyFileVersion = {
  version: number;
  name: string;
  mediaType: string;
  size: number;
  sha256: string;
  uploadedAt: string;
  uploadedBy: string;
  uploadedByName: string | null;
  issuedOn: string | null;
  expiresOn: string | null;
  referenceNo: string | null;
};

/** One step of a document's history. */
export type CompanyFileHistoryStep = {
  action: 'uploaded' | 'replaced' | 'removed' | 'expiryReminded';
  at: string;
  by: string | null;
  byName: string | null;
  version: number | null;
  reason: string | null;
};

export type CompanyFileView = {
  documentId: string;
  category: CompanyFileCategory;
  title: string;
  referenceNo: string | null;
  issuedOn: string | null;
  expiresOn: string | null;
  /** Days left to the expiry date (Malaysian calendar), null without one. */
  expiresInDays: number | null;
  /** The current file (the last version). */
  current: CompanyFileVersion;
  versions: CompanyFileVersion[];
  history: CompanyFileHistoryStep[];
  removed: { at: string; by: string; byName: string | null; reason: string } | null;
};

/** GET company-files/<companyId>. */
export type CompanyFilesReply = {
  success: true;
  companyId: string;
  /** The bytes the company's current files take, and the most they may. */
  totalSize: number;
  totalLimit: number;
  logo: CompanyFileView | null;
  documents: CompanyFileView[];
  removed: CompanyFileView[];
  /** What the caller may do: upload, replace, remove (the company's profile update right). */
  canChange: boolean;
  revision: number;
};
