// Turns a BqRefused (thrown by the pure decider and parsers) into the house error reply; a stale change
// carries the BQ's current revision and the rows changed meanwhile, so the client can catch up.
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ErrorReplyFilter } from '../common/error-reply.filter.js';
import { BqRefused } from './bq.errors.js';

@Catch()
export class BqRefusedFilter implements ExceptionFilter {
  private readonly fallback = new ErrorReplyFilter();

  catch(error: unknown, host: ArgumentsHost): void {
    if (!(error instanceof BqRefused)) return this.fallback.catch(error, host);
    this.fallback.catch(new HttpException({ errorCode: error.code, errorMessage: error.message, extra: { ...(error.fields ? { fields: error.fields } : {}), ...(error.extra ?? {}) } }, error.status), host);
  }
}
