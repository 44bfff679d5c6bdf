// A refused document command: the HTTP status and error code the api answers with. Thrown by the pure
// parsers and deciders (no Nest import), turned into a reply by the service.
import type { DocumentErrorCode } from '@binaan/contracts';

export class DocumentRefused extends Error {
  override readonly name = 'DocumentRefused';
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422 | 428,
    readonly code: DocumentErrorCode | 'validationFailed' | string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const shapeError = (fields: Record<string, string[]>) =>
  new DocumentRefused(400, 'validationFailed', `Check these fields: ${Object.keys(fields).join(', ')}.`, fields);
