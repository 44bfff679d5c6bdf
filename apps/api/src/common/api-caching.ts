// How shared caches and the browser may keep API replies. Replies depend on who asks (the bearer token:
// a document's availableActions, a user's own list), and some carry an ETag: without `Vary:
// Authorization` a browser answered one user's request with another user's cached reply. Every /api
// reply is therefore private (never stored by a shared cache) and revalidated before reuse (no-cache:
// a stored copy is only used after the server confirms its ETag for this Authorization). A route that
// wants something else (a public PDF, the JWKS) sets its own Cache-Control, which replaces this.

type Hooked = {
  addHook(
    name: 'onRequest',
    hook: (request: { url: string }, reply: { header(name: string, value: string): unknown }, done: () => void) => void,
  ): unknown;
};

export const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export function privateApiCaching(fastify: Hooked): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url)) {
      reply.header('Cache-Control', 'private, no-cache');
      reply.header('Vary', 'Authorization');
    }
    done();
  });
}
