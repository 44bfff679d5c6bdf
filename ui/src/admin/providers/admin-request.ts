// The signed-in area's HTTP calls where the reply's headers matter (Content-Range of lists, ETag of a
// document): the same token, activity and error rules as the shared client (shared/api/client.ts), with
// the raw Response kept. Errors are the shared ApiError, so pages translate `error.<code>` alike.
import { ApiError, apiUrl, type ApiFieldErrors } from '../../shared/api/client.js';
import { deviceHeader } from '../../shared/api/device.js';
import { showErased } from '../../shared/i18n/erased.js';
import { noteApiActivity } from '../../shared/session/inactivity.js';
import { getSession, reportNotLoggedIn } from '../../shared/session/session-store.js';
import { reportCompanyTermsPending } from '../company/company-terms-step.js';
import { ACCESS_ENDED_CODES, reportCompanyAccessEnded } from '../company/company-access-ended.js';

/**
 * cache: 'no-store' unless a call asks for the browser's cache ('no-cache': kept, revalidated with its ETag).
 * file: a file sent as the body itself (an .xlsx, a scanned page), its type as Content-Type and its name in X-File-Name.
 */
export type AdminRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  file?: Blob & { name?: string };
  headers?: Record<string, string>;
  cache?: RequestCache;
};
export type AdminReply<T> = { status: number; headers: Headers; json: T };

/** Whether a path has an empty segment (`documents/po//history`): a page that does not know its id yet. */
export const hasEmptySegment = (path: string) => (path.split('?')[0] ?? '').includes('//');

/** The headers of a call: Accept JSON, the device (X-Binaan-Device), the body's type, the session's token. */
export function adminHeaders(request: Pick<AdminRequest, 'body' | 'file' | 'headers'> = {}): Record<string, string> {
  const token = getSession()?.jwtToken;
  const headers: Record<string, string> = { Accept: 'application/json', ...deviceHeader(), ...request.headers };
  if (request.file !== undefined) {
    headers['Content-Type'] = request.file.type || 'application/octet-stream';
    if (request.file.name) headers['X-File-Name'] = encodeURIComponent(request.file.name);
  } else if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** A refusal's reply as the ApiError pages show (`error.<code>`), with the reply's other fields kept (`extra`). */
export function refusalOf(status: number, json: { errorCode?: unknown; errorMessage?: unknown; fields?: unknown } | undefined): ApiError {
  const code = typeof json?.errorCode === 'string' ? json.errorCode : 'unknownError';
  return Object.assign(
    new ApiError(
      status,
      code,
      typeof json?.errorMessage === 'string' ? json.errorMessage : '',
      (json?.fields as ApiFieldErrors | undefined) ?? {},
    ),
    { extra: json ?? {} },
  );
}

export async function adminRequest<T>(path: string, request: AdminRequest = {}): Promise<AdminReply<T>> {
  // Never sent: the api could only answer 404, and the page shows that as an error before its id arrives.
  if (hasEmptySegment(path)) throw new ApiError(0, 'unknownError', `Not sent, an id is missing: ${path}`);
  const token = getSession()?.jwtToken;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: request.method ?? (request.body === undefined && request.file === undefined ? 'GET' : 'POST'),
      headers: adminHeaders(request),
      // Replies depend on who asks (availableActions) but the api sends an ETag without Vary: Authorization,
      // so the browser would revalidate another user's cached reply and reuse it on a 304.
      cache: request.cache ?? 'no-store',
      ...(request.file !== undefined ? { body: request.file } : request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    });
  } catch {
    throw new ApiError(0, 'unknownError', 'The server could not be reached.');
  }
  if (token) noteApiActivity();
  const json = (await response.json().catch(() => undefined)) as
    (T & { errorCode?: string; errorMessage?: string; fields?: ApiFieldErrors }) | undefined;
  // 304 answers a call that sent If-None-Match itself (the caller keeps the body: catalogue.ts).
  if (response.status === 304 && request.headers?.['If-None-Match'])
    return { status: 304, headers: response.headers, json: undefined as T };
  if (!response.ok) {
    if (response.status === 401 && token) reportNotLoggedIn();
    const refused = refusalOf(response.status, json);
    if (response.status === 403 && token && ACCESS_ENDED_CODES.has(refused.errorCode)) reportCompanyAccessEnded(refused.errorCode);
    if (response.status === 403 && token && refused.errorCode === 'companyTermsNotAccepted') reportCompanyTermsPending();
    throw refused;
  }
  // A forgotten person reads in the reader's language wherever the reply names them (shared/i18n/erased.ts).
  return { status: response.status, headers: response.headers, json: showErased(json as T) };
}

/** The JSON of a call (most pages need nothing else). */
export async function adminJson<T>(path: string, request: AdminRequest = {}): Promise<T> {
  return (await adminRequest<T>(path, request)).json;
}

/** The error code of anything thrown by a call ('unknownError' for the rest). */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.errorCode : 'unknownError';
}

export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
