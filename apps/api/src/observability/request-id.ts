// Every request gets an id: the caller's X-Request-Id when it is a plain token (nginx's $request_id, a
// client's UUID), so one id follows a call from the balancer into our lines; otherwise a new UUID. It is on
// each log line written while serving the request and echoed in the reply's X-Request-Id header.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
/** At most 128 letters, digits and . _ : - : anything else (a line break, a 5 kB header) is replaced, not logged. */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}
