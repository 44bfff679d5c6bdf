// Conditional GET (RFC 9110 §13.1.2): a GET or HEAD whose If-None-Match names the ETag the reply carries
// is answered 304 with no body. Routes set the ETag they stand behind (a document's revision, a
// timeline's fingerprint); the reply was built anyway, so this saves the transfer, not the work.
// Express did this on its own; Fastify leaves it to the application.

type Request = { method: string; headers: Record<string, string | string[] | undefined> };
type Reply = { statusCode: number; getHeader(name: string): unknown; code(status: number): unknown; removeHeader(name: string): unknown };
type Hooked = {
  addHook(
    name: 'onSend',
    hook: (request: Request, reply: Reply, payload: unknown, done: (error: null, payload: unknown) => void) => void,
  ): unknown;
};

/** Weak comparison: W/"x" and "x" match; a list or * as the header allows. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

export function conditionalGet(fastify: Hooked): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const ifNoneMatch = request.headers['if-none-match'];
    const etag = reply.getHeader('etag');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      reply.statusCode === 200 &&
      typeof ifNoneMatch === 'string' &&
      typeof etag === 'string' &&
      etagMatches(ifNoneMatch, etag)
    ) {
      reply.code(304);
      reply.removeHeader('content-length');
      return done(null, '');
    }
    done(null, payload);
  });
}
