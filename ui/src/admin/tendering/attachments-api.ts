// Files on a quotation or a question (apps/api/src/tendering/README.md, "Attachments"). An upload sends the
// file itself as the body, as application/octet-stream with its real type in X-File-Type (JSON and text
// bodies would be read by the api as JSON / text), through XMLHttpRequest: fetch tells nothing of an
// upload's progress. A download is fetched with the session's token and handed to the browser as a file.
import { apiUrl } from '../../shared/api/client.js';
import { adminHeaders, adminJson, refusalOf } from '../providers/admin-request.js';

export type AttachedFile = {
  attachmentId: string;
  name: string;
  mediaType: string;
  size: number;
  sha256?: string;
  attachedAt?: string;
  attachedByName?: string | null;
};

const tenderPath = (tenderId: string) => `/api/tendering/tenders/${encodeURIComponent(tenderId)}`;

/** The paths of one place files live: list (and download under it), upload, remove. */
export type FilePlace = {
  list: string;
  upload: string | null;
  remove: (attachmentId: string) => string;
  download: (attachmentId: string) => string;
};

export function quotationFiles(tenderId: string, sellerCompanyId: string): FilePlace {
  const list = `${tenderPath(tenderId)}/quotations/${encodeURIComponent(sellerCompanyId)}/attachments`;
  return {
    list,
    upload: `${tenderPath(tenderId)}/quotation/attachments`,
    remove: (id) => `${tenderPath(tenderId)}/quotation/attachments/${encodeURIComponent(id)}`,
    download: (id) => `${list}/${encodeURIComponent(id)}`,
  };
}

export function queryFiles(tenderId: string, queryId: string, part: 'question' | 'answer'): FilePlace {
  const list = `${tenderPath(tenderId)}/queries/${encodeURIComponent(queryId)}/attachments`;
  const own = part === 'question' ? list : `${tenderPath(tenderId)}/queries/${encodeURIComponent(queryId)}/answer/attachments`;
  return { list, upload: own, remove: (id) => `${own}/${encodeURIComponent(id)}`, download: (id) => `${list}/${encodeURIComponent(id)}` };
}

export const listQuotationFiles = (place: FilePlace) => adminJson<{ data: AttachedFile[] }>(place.list).then((r) => r.data);
export const listQueryFiles = (place: FilePlace) => adminJson<{ question: AttachedFile[]; answer: AttachedFile[] }>(place.list);
export const removeFile = (place: FilePlace, attachmentId: string) =>
  adminJson<{ revision: number }>(place.remove(attachmentId), { method: 'DELETE' });

/** Sends one file; `onProgress` gets 0 to 100 as the bytes leave. Refusals are the ApiError pages show. */
export function uploadFile(path: string, file: File, onProgress: (percent: number) => void): Promise<{ attachment: AttachedFile }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    const headers = adminHeaders({
      headers: { 'X-File-Name': encodeURIComponent(file.name), 'X-File-Type': file.type || 'application/octet-stream' },
    });
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as { attachment: AttachedFile });
      else reject(refusalOf(xhr.status, json as { errorCode?: unknown }));
    };
    xhr.onerror = () => reject(refusalOf(0, undefined));
    xhr.send(file);
  });
}

/** Fetches a file with the session's token and lets the browser save it under its name. */
export async function downloadFile(path: string, name: string): Promise<void> {
  const response = await fetch(apiUrl(path), { headers: adminHeaders(), cache: 'no-store' });
  if (!response.ok) throw refusalOf(response.status, (await response.json().catch(() => undefined)) as { errorCode?: unknown } | undefined);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 1.5 MB, 820 KB, 12 B: the size as people read it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}
