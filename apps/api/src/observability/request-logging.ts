// Per request: the id echoed in X-Request-Id, the request context for Nest's lines (logging.ts), one line when
// the reply is sent (method, URL with query values redacted, route pattern, status, milliseconds) and the
// request metrics. Fastify's own two lines per request are off (disableRequestLogging in create-app.ts):
// one line with the status and time says all they did.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestContext, type ApiLogger } from './logging.js';
import type { Metrics } from './metrics.js';
import { loggedUrl } from './redaction.js';
import { REQUEST_ID_HEADER } from './request-id.js';

export function observeRequests(fastify: FastifyInstance, logger: ApiLogger | null, metrics: Metrics): void {
  // The request line is built below from values that hold no secret (method, the URL with its query values
  // already redacted, route pattern, address, status, time, the request id, which request-id.ts lets
  // through only as a plain token), so it skips pino's redaction, which walks about 90 paths and wildcards
  // on every line (4% of the API's CPU in the BQ bench's profile). Every other line keeps it.
  const requestLines = logger?.child({}, { redact: [] }) ?? null;
  const enter = (request: FastifyRequest, reply: FastifyReply, done: () => void) => requestContext.run({ reqId: request.id }, done);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    enter(request, reply, done);
  });
  // The body is read on the socket's events, outside the context entered above: entered again for the handler.
  fastify.addHook('preHandler', enter);
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.observeRequest(request.method, route, reply.statusCode, seconds);
    requestLines?.info(
      {
        reqId: request.id,
        req: { method: request.method, url: loggedUrl(request.url), route, remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
}
