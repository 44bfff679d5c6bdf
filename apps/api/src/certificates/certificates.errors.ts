// A refused command of this context, thrown by the pure deciders and parsers; the services answer it as
// the house error reply (`refusal`), with extra reply fields where a scan's answer needs them.
import type { HttpException } from '@nestjs/common';
import { refusal } from '../common/refusal.js';

export class CertificatesRefused extends Error {
  override readonly name = 'CertificatesRefused';
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 410 | 422 | 429 | 503,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const invalid = (fields: Record<string, string[]>) => new CertificatesRefused(400, 'validationFailed', `Check these fields: ${Object.keys(fields).join(', ')}.`, fields);

export function asHttp(error: unknown): unknown {
  if (!(error instanceof CertificatesRefused)) return error;
  const http: HttpException = refusal(error.status, error.code, error.message, { ...error.extra, ...(error.fields ? { fields: error.fields } : {}) });
  return http;
}

/** Runs a command or query and answers a refusal as the house error reply. */
export async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asHttp(error);
  }
}
