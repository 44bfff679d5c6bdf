// A refused tendering command: the HTTP status and error code (codes in packages/contracts ErrorCodes,
import { refusal } from '../common/refusal.js';
// messages in the ui's errors catalogues). Thrown by the pure deciders, turned into a reply by the service.
export class TenderingRefused extends Error {
  override readonly name = 'TenderingRefused';
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 415 | 422,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** Reply fields besides the code (e.g. the invitation allowance's limit and what is left). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const invalidBody = (fields: Record<string, string[]>) => new TenderingRefused(400, 'validationFailed', `Check these fields: ${Object.keys(fields).join(', ')}.`, fields);

/** Runs a command or query and answers a TenderingRefused as the house error reply. */
export async function tenderingReply<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof TenderingRefused)) throw error;
    throw refusal(error.status, error.code, error.message, { ...(error.extra ?? {}), ...(error.fields ? { fields: error.fields } : {}) });
  }
}
