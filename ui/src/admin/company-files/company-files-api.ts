// A company's files over the API (apps/api/src/company-files/README.md). Uploads and downloads go the way
// tendering's attachments go (the file itself as the body through XMLHttpRequest for its progress; a
// download fetched with the session's token and saved under its name).
import type { CompanyFilesReply } from '@binaan/contracts';
import { adminJson } from '../providers/admin-request.js';
import { downloadFile, uploadFile } from '../tendering/attachments-api.js';

export { formatSize } from '../tendering/attachments-api.js';

const base = (companyId: string) => `/api/company-files/${encodeURIComponent(companyId)}`;
const query = (fields: Record<string, string | undefined>) => {
  const present = Object.entries(fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  return present.length === 0 ? '' : `?${new URLSearchParams(present).toString()}`;
};

export type DocumentFields = { category?: string; title?: string; referenceNo?: string; issuedOn?: string; expiresOn?: string };

export const listCompanyFiles = (companyId: string) => adminJson<CompanyFilesReply>(base(companyId));

export const uploadCompanyFile = (companyId: string, fields: DocumentFields, file: File, onProgress: (percent: number) => void) =>
  uploadFile(`${base(companyId)}${query(fields)}`, file, onProgress);

export const replaceCompanyFile = (
  companyId: string,
  documentId: string,
  fields: DocumentFields,
  file: File,
  onProgress: (percent: number) => void,
) =>
  uploadFile(
    `${base(companyId)}/${encodeURIComponent(documentId)}/versions${query({ referenceNo: fields.referenceNo, issuedOn: fields.issuedOn, expiresOn: fields.expiresOn })}`,
    file,
    onProgress,
  );

export const removeCompanyFile = (companyId: string, documentId: string, reason: string) =>
  adminJson<{ revision: number }>(`${base(companyId)}/${encodeURIComponent(documentId)}/actions/Remove`, {
    method: 'POST',
    body: { reason },
  });

export const versionPath = (companyId: string, documentId: string, version: number) =>
  `${base(companyId)}/${encodeURIComponent(documentId)}/versions/${version}`;

export const downloadCompanyFile = (companyId: string, documentId: string, version: number, name: string) =>
  downloadFile(versionPath(companyId, documentId, version), name);
