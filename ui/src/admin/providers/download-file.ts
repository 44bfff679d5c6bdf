// A file the api writes (an .xlsx export), fetched with the session's headers and saved by the browser under the
// name the api gives in Content-Disposition. A refusal comes back as the api's error (status and code), as for
// every other call.
import { ApiError, apiUrl } from '../../shared/api/client.js';
import { noteApiActivity } from '../../shared/session/inactivity.js';
import { adminHeaders, refusalOf } from './admin-request.js';

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
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
