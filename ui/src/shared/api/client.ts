// The JSON client of the whole ui: same-origin /api, the session's token attached, and the server's
// `{ success:false, errorCode, errorMessage, fields }` replies thrown as ApiError so a page can show
// `error.<code>`. Every call made with the session's token counts as activity for the inactivity timer.

import { getSession, reportNotLoggedIn } from '../session/session-store.js';
import { noteApiActivity } from '../session/inactivity.js';
import { deviceHeader } from './device.js';
import { showErased } from '../i18n/erased.js';

export type ApiFieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly errorMessage: string,
    readonly fields: ApiFieldErrors = {},
    /** The refusal's whole reply, for the fields a page acts on beyond the code (e.g. retryAfterSeconds). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(errorMessage || errorCode);
    this.name = 'ApiError';
  }
}

/** Codes meaning "this session is gone": the ui then signs out and says so (public-area.md §8). */
const LOGIN_REQUIRED = new Set(['unauthorized', 'sessionExpired', 'REQUIRE-LOGIN']);

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** undefined: the session's jwtToken (if any); null: no token; a string: that token. */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export function apiUrl(path: string): string {
  return path.startsWith('/api/') ? path : `/api/${path.replace(/^\/+/, '')}`;
}

async function send(path: string, options: ApiOptions): Promise<Response> {
  const sessionToken = getSession()?.jwtToken;
  const token = options.token === undefined ? sessionToken : options.token;
  const headers: Record<string, string> = { Accept: 'application/json', ...deviceHeader(), ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, 'unknownError', 'The server could not be reached.');
  }
  if (token && token === sessionToken) noteApiActivity();
  if (!response.ok) {
    const reply = (await response.json().catch(() => ({}))) as {
      errorCode?: unknown;
      errorMessage?: unknown;
      fields?: unknown;
      msg?: unknown;
    };
    const code = typeof reply.errorCode === 'string' ? reply.errorCode : 'unknownError';
    const message = typeof reply.errorMessage === 'string' ? reply.errorMessage : typeof reply.msg === 'string' ? reply.msg : '';
    if (
      response.status === 401 &&
      token &&
      token === sessionToken &&
      (LOGIN_REQUIRED.has(code) || message === 'You are need log in to view this page.')
    )
      reportNotLoggedIn();
    throw new ApiError(response.status, code, message, (reply.fields as ApiFieldErrors | undefined) ?? {}, reply);
  }
  return response;
}

/** A JSON call; throws ApiError on a 4xx/5xx or a transport failure. */
export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  try {
    // A forgotten person reads in the reader's language wherever the reply names them (i18n/erased.ts).
    return showErased((await response.json()) as T);
  } catch {
    throw new ApiError(response.status, 'unknownError', 'The server answered something that is not JSON.');
  }
}

/** A command: the reply must say success true, else its msg/errorCode becomes the error (spec §8). */
export async function apiCommand<T extends { success?: boolean }>(path: string, options: ApiOptions = {}): Promise<T> {
  const reply = await apiFetch<T & { msg?: string; errorCode?: string; errorMessage?: string }>(path, { method: 'POST', ...options });
  if (reply?.success !== true) {
    const code = reply?.errorCode ?? reply?.msg ?? 'unknownError';
    throw new ApiError(200, code.replace(/\./g, ''), reply?.errorMessage ?? reply?.msg ?? '');
  }
  return reply;
}

/** A binary download (the certificate PDF). */
export async function apiBlob(path: string, options: ApiOptions = {}): Promise<Blob> {
  const response = await send(path, { ...options, headers: { Accept: '*/*', ...options.headers } });
  return response.blob();
}
