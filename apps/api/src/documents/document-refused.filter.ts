// Turns a DocumentRefused (thrown by the pure deciders and parsers) into the house error reply.
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ErrorReplyFilter } from '../common/error-reply.filter.js';
import { DocumentRefused } from './document.errors.js';

export function asHttp(error: DocumentRefused): HttpException {
  return new HttpException({ errorCode: error.code, errorMessage: error.message, ...(error.fields ? { fields: error.fields } : {}) }, error.status);
}

@Catch()
export class DocumentRefusedFilter implements ExceptionFilter {
  private readonly fallback = new ErrorReplyFilter();

  catch(error: unknown, host: ArgumentsHost): void {
    this.fallback.catch(error instanceof DocumentRefused ? asHttp(error) : error, host);
  }
}
