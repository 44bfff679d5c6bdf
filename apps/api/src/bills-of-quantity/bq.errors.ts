// A refused BQ command: HTTP status, error code (contracts `BqErrorCodes`, or the workflow refusals) and an
// English message; the ui shows `error.<code>` in the user's language. Thrown by the pure decider and
// parsers, turned into the house error reply by the controller's filter.
import type { BqErrorCode } from '@binaan/contracts';

export class BqRefused extends Error {
  override readonly name = 'BqRefused';
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422 | 428,
    readonly code: BqErrorCode | 'validationFailed' | 'wrongExpectedRevision' | string,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** More of the reply: a stale change gets the BQ's current revision and the nodes changed meanwhile. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const invalidBq = (fields: Record<string, string[]>) =>
  new BqRefused(400, 'validationFailed', `Check these fields: ${Object.keys(fields).join(', ')}.`, fields);
