// Request bodies: JSON (and form-encoded, which the spec's older forms may send). Fastify's own JSON
// parser is kept (it refuses "__proto__" and "constructor" keys: no prototype poisoning), with one
// difference that browsers and the ui rely on: an empty body sent as application/json is no body
// (Express gave {}, Fastify would refuse it), so `POST .../actions/Approve` with no remark still works.
// A body that is not JSON, too large or of another type is a 400, 413 or 415 with an error code
// (error-reply.filter.ts), never a 500.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** The largest request body (Express's default, which every form of the product was built within); larger is a 413. */
export const BODY_LIMIT = 100 * 1024;

/** Routes whose handlers read the body's exact bytes (`request.rawBody`). */
const RAW_BODY_PATHS = '/api/payments/';

export function jsonBodies(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const strict = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, (request, body, done) => {
    // A payment gateway signs the bytes it sent: its callback keeps them (payments/README.md).
    if (request.url?.startsWith(RAW_BODY_PATHS))
      (request as { rawBody?: Buffer }).rawBody = Buffer.isBuffer(body) ? body : Buffer.from(body);
    if (body.length === 0) return done(null, undefined);
    // The default parser answers through done (it returns nothing with a callback): nothing to await.
    void strict(request as Parameters<typeof strict>[0], body.toString('utf8'), done);
  });
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit: BODY_LIMIT });
}
