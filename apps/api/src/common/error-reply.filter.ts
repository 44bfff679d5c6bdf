// Every error leaves as `{ success: false, errorCode, errorMessage, fields? }` with a 4xx status where the
// caller can do something about it. A 500 says only "internal": the stack goes to the log, never out.

import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ErrorCodes, type ErrorReply } from '@binaan/contracts';
import { EventStoreError, StoreUnavailable } from '@binaan/event-store';

type Reply = {
  status(code: number): { send(body: unknown): unknown };
  header?(name: string, value: string): unknown;
  sent?: boolean;
  headersSent?: boolean;
  raw?: { headersSent?: boolean };
};

/** Seconds a caller waits before trying again when the store cannot be reached (it is back within about 5 s). */
export const STORE_RETRY_AFTER_SECONDS = 2;
/** One log line a second at most while the store is away: every request would otherwise log its own. */
const UNAVAILABLE_LOG_INTERVAL_MS = 1000;

const STORE_ERROR_STATUS: Record<string, number> = {
  wrongExpectedRevision: HttpStatus.CONFLICT,
  duplicateEventId: HttpStatus.CONFLICT,
  invalidEventStoreInput: HttpStatus.BAD_REQUEST,
};

export function toErrorReply(error: unknown): { status: number; body: ErrorReply; headers?: Record<string, string> } {
  if (error instanceof StoreUnavailable) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      headers: { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
      body: {
        success: false,
        errorCode: ErrorCodes.storeUnavailable,
        errorMessage: 'The service is briefly unavailable. Please try again in a moment.',
      },
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const given = typeof response === 'object' && response !== null ? (response as Record<string, unknown>) : {};
    const errorCode = typeof given.errorCode === 'string' ? given.errorCode : defaultCode(status);
    const errorMessage =
      typeof given.errorMessage === 'string' ? given.errorMessage : typeof given.message === 'string' ? given.message : error.message;
    const extra = given.extra && typeof given.extra === 'object' ? (given.extra as Record<string, unknown>) : {};
    const body: ErrorReply = { ...extra, success: false, errorCode, errorMessage };
    if (given.fields && typeof given.fields === 'object') body.fields = given.fields as Record<string, string[]>;
    return { status, body };
  }
  if (error instanceof EventStoreError && STORE_ERROR_STATUS[error.code]) {
    return { status: STORE_ERROR_STATUS[error.code]!, body: { success: false, errorCode: error.code, errorMessage: error.message } };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { success: false, errorCode: ErrorCodes.internal, errorMessage: 'Something went wrong on our side.' },
  };
}

function defaultCode(status: number): string {
  if (status === 401) return ErrorCodes.unauthorized;
  if (status === 403) return ErrorCodes.forbidden;
  if (status === 404) return ErrorCodes.notFound;
  if (status === 409) return ErrorCodes.wrongExpectedRevision;
  return ErrorCodes.validationFailed;
}

@Catch()
export class ErrorReplyFilter implements ExceptionFilter {
  private readonly logger = new Logger('errors');
  private lastUnavailableLog = 0;
  private unavailableSinceLog = 0;

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<Reply>();
    const { status, body, headers } = toErrorReply(error);
    if (error instanceof StoreUnavailable) this.logUnavailable(error);
    else if (status >= 500) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (reply.sent || reply.headersSent || reply.raw?.headersSent) return;
    for (const [name, value] of Object.entries(headers ?? {})) reply.header?.(name, value);
    reply.status(status).send(body);
  }

  private logUnavailable(error: StoreUnavailable): void {
    this.unavailableSinceLog++;
    const now = Date.now();
    if (now - this.lastUnavailableLog < UNAVAILABLE_LOG_INTERVAL_MS) return;
    this.logger.warn(`store unavailable (${this.unavailableSinceLog} request(s) answered 503): ${error.reason}`);
    this.lastUnavailableLog = now;
    this.unavailableSinceLog = 0;
  }
}
