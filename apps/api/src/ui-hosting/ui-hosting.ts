// Serves the built ui (ui/dist) from the API's origin: files as they are, and index.html for any other
// GET outside /api (and /.well-known, which the API serves too) so the browser's routes work on reload.
// Without a build, / says how to make one.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';

type Request = { method: string; path: string };
type Response = { sendFile(path: string): void; status(code: number): Response; type(t: string): Response; send(body: string): void };

export function hostUi(app: NestExpressApplication, uiDir: string): void {
  const index = join(uiDir, 'index.html');
  const built = existsSync(index);
  if (built) app.useStaticAssets(uiDir, { index: false, maxAge: '1h', setHeaders: noCacheForHtml });
  app.use((request: Request, response: Response, next: () => void) => {
    if (request.method !== 'GET' || request.path === '/api' || request.path.startsWith('/api/') || request.path.startsWith('/.well-known/')) return next();
    if (!built) return void response.status(503).type('text/plain').send('The ui is not built yet: run `npm run build`.');
    response.sendFile(index);
  });
}

function noCacheForHtml(response: { setHeader(name: string, value: string): void }, path: string): void {
  if (path.endsWith('.html')) response.setHeader('Cache-Control', 'no-cache');
}
