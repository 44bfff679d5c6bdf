// What a failed call tells the user: its error code (translated as `error.<code>`) and its HTTP status (403 means
// a right is missing, which only the company's administrator can give). Pure, so pickers, pages and lists word
// a failure alike.
import { ApiError } from '../../shared/api/client.js';

export type LoadFailure = { code: string; status: number };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The code and status of anything a call threw: the shared ApiError, or react-admin's HttpError from the data
 * provider (providers/data-provider.ts puts the code in its body); anything else is 'unknownError'.
 */
export function loadFailureOf(error: unknown): LoadFailure {
  if (error instanceof ApiError) return { code: error.errorCode, status: error.status };
  if (error !== null && typeof error === 'object') {
    const { status, body } = error as { status?: unknown; body?: { errorCode?: unknown } | null };
    const code = typeof body?.errorCode === 'string' ? body.errorCode : 'unknownError';
    return { code, status: typeof status === 'number' ? status : 0 };
  }
  return { code: 'unknownError', status: 0 };
}

/** A refusal for want of a right: trying again does not help until the administrator gives it. */
export const lacksAccess = (failure: LoadFailure) => failure.status === 403;

/** The reason in the user's language; a code without a text reads as the general one. */
export function failureReason(translate: Translate, failure: LoadFailure): string {
  return translate(`error.${failure.code}`, { _: translate('error.unknownError') });
}

/** "<what> could not be loaded. <reason>" plus who can give access on a 403: one line, for a picker's empty list. */
export function failureText(translate: Translate, what: string, failure: LoadFailure): string {
  const parts = [translate('admin.loadFailed.title', { what }), failureReason(translate, failure)];
  if (lacksAccess(failure)) parts.push(translate('admin.loadFailed.askAdministrator'));
  return parts.join(' ');
}
