// A file the api writes (an .xlsx export), fetched with the session's headers and saved by the browser under the
// name the api gives in Content-Disposition. A refusal comes back as the api's error (status and code), as for
// every other call.
import { ApiError, apiUrl } from '../../shared/api/client.js';
import { noteApiActivity } from '../../shared/session/inactivity.js';
import { adminHeaders, refusalOf } from './admin-request.js';

/**
 * The file name a Content-Disposition gives: RFC 6266's `filename*=UTF-8''…` first (a name beyond ASCII, a
 * company's name in Chinese), then `filename="…"` or a bare `filename=…`; `fallback` when it names none.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const text = disposition ?? '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(text)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A badly encoded name: the plain one below, or the fallback.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]+)"|([^;\s]+))/.exec(text);
  return plain?.[1] ?? plain?.[2] ?? fallback;
}

/** Fetches `path` (accepting `accept`) and saves it; returns the name it was saved under (`fallbackName` when the api names none). */
export async function downloadFile(path: string, accept: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { cache: 'no-store', headers: { ...adminHeaders(), Accept: accept } });
  } catch {
    throw new ApiError(0, 'unknownError', 'The server could not be reached.');
  }
  noteApiActivity();
  if (!response.ok) throw refusalOf(response.status, (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined);
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
