import { HttpException } from '@nestjs/common';

/** The HTTP statuses a refusal answers with: the caller can act on each (503 and 429: try again later). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 428 | 429 | 503;

/**
 * A refusal the caller can act on: an HTTP status with the spec's error code, a message and extra reply
 * fields (`fields` for a form's problems, a stale change's current revision, an allowance's limit). Every
 * context throws this one, from its deciders and parsers as from its services; the error filter answers it
 * as `{ ...extra, success: false, errorCode, errorMessage }`.
 */
export class Refused extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super({ errorCode: code, errorMessage: message, extra }, status);
    // HttpException would make its message of the class name; logs and tests read the refusal's own.
    this.message = message;
  }

  /** The form's problems by field, when the refusal is about fields. */
  get fields(): Record<string, string[]> | undefined {
    return this.extra.fields as Record<string, string[]> | undefined;
  }
}

/** A refusal the caller can act on: an HTTP 4xx with the spec's error code (and extra reply fields). */
export function refusal(status: number, errorCode: string, errorMessage: string, extra: Record<string, unknown> = {}): Refused {
  return new Refused(status, errorCode, errorMessage, extra);
}

/** 400 `validationFailed` naming the fields in the message and listing their problems in `fields`. */
export function invalidFields(fields: Record<string, string[]>): Refused {
  return refusal(400, 'validationFailed', `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
}
