// Which node-postgres errors mean "the database cannot be reached now" rather than "this statement is
// wrong": those become StoreUnavailable (the API's 503 with Retry-After), everything else passes through
// unchanged (a unique violation still reads as one).

import { StoreUnavailable } from '../errors.js';
import { sqlState } from '../sql/sql-database.js';

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
  'ENOENT',
]);

/**
 * SQLSTATEs of a server that is going away or not there yet: admin_shutdown (pg_terminate_backend, a fast
 * shutdown), crash_shutdown, cannot_connect_now (starting up, in recovery), query_canceled (our
 * statement_timeout), too_many_connections; and class 08, connection exceptions.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** node-postgres's own messages for a connection it lost, never made in time, or gave up waiting on. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Connection ended/,
];

export function isConnectionLoss(error: unknown): boolean {
  if (error instanceof StoreUnavailable) return true;
  const code = sqlState(error);
  if (code !== undefined && (NETWORK_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? error.message : '';
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // An AggregateError (several addresses refused, e.g. localhost as ::1 and 127.0.0.1) carries them inside.
  const inner = (error as { errors?: unknown } | null)?.errors;
  return Array.isArray(inner) && inner.length > 0 && inner.every(isConnectionLoss);
}

/** `error` as the store reports it: StoreUnavailable for a lost or refused connection, otherwise itself. */
export function asStoreError(error: unknown): unknown {
  if (error instanceof StoreUnavailable || !isConnectionLoss(error)) return error;
  const code = sqlState(error);
  const reason = code
    ? `${code}${error instanceof Error ? ` ${error.message}` : ''}`
    : error instanceof Error
      ? error.message
      : String(error);
  return new StoreUnavailable(reason, { cause: error });
}
