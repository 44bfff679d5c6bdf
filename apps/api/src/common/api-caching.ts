// How shared caches and the browser may keep API replies. Replies depend on who asks (the bearer token:
// a document's availableActions, a user's own list), and some carry an ETag: without `Vary:
// Authorization` a browser answered one user's request with another user's cached reply. Every /api
// reply is therefore private (never stored by a shared cache) and revalidated before reuse (no-cache:
// a stored copy is only used after the server confirms its ETag for this Authorization). A route that
// wants something else (a public PDF, the JWKS) sets its own Cache-Control, which replaces this.

import type { NextFunction, Request, Response } from 'express';

export function privateApiCaching(request: Request, response: Response, next: NextFunction): void {
  if (request.path.startsWith('/api/') || request.path === '/api') {
    response.setHeader('Cache-Control', 'private, no-cache');
    response.vary('Authorization');
  }
  next();
}
