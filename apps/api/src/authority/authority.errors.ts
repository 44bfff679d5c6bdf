// A refused authority or project command, thrown by the pure deciders and parsers; the services turn it
// into the house error reply (`refusal`).
import type { HttpException } from '@nestjs/common';
import { refusal } from '../common/refusal.js';

export class AuthorityRefused extends Error {
  override readonly name = 'AuthorityRefused';
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const invalid = (fields: Record<string, string[]>) => new AuthorityRefused(400, 'validationFailed', `Check these fields: ${Object.keys(fields).join(', ')}.`, fields);

export function asHttpRefusal(error: unknown): unknown {
  if (!(error instanceof AuthorityRefused)) return error;
  const http: HttpException = refusal(error.status, error.code, error.message, error.fields ? { fields: error.fields } : {});
  return http;
}

/** Runs a command and answers a refusal as the house error reply. */
export async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asHttpRefusal(error);
  }
}
