import { HttpException } from '@nestjs/common';

/** A refusal the caller can act on: an HTTP 4xx with the spec's error code (and extra reply fields). */
export function refusal(status: number, errorCode: string, errorMessage: string, extra: Record<string, unknown> = {}): HttpException {
  return new HttpException({ errorCode, errorMessage, extra }, status);
}
