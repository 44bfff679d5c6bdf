// Serves the built ui (ui/dist) from the API's origin: files as they are, and index.html for any other
// GET outside /api (and /.well-known, which the API serves too) so the browser's routes work on reload.
// Without a build, / says how to make one. An unknown GET under /api or /.well-known is the API's JSON
// 404, as every other unknown route.
//
// One wildcard route: Fastify's router matches the API's own routes first, so API calls never touch the
// file system, and a ui rebuilt under a running server (new hashed names) is served without a restart.

import { NotFoundException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '../common/api-caching.js';
import { toErrorReply } from '../common/error-reply.filter.js';
import { fileUnder, sendFile } from '../common/static-files.js';

/** Vite names assets by their content: kept for an hour. The HTML is always revalidated. */
const ASSETS = 'public, max-age=3600';
const HTML = 'no-cache';

export function hostUi(app: NestFastifyApplication, uiDir: string): void {
  app.getHttpAdapter().getInstance().get('/*', (request: FastifyRequest, reply: FastifyReply) => serveUi(uiDir, request, reply));
}

function serveUi(uiDir: string, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '/';
  if (isApiPath(path) || path.startsWith('/.well-known/')) {
    const { status, body } = toErrorReply(new NotFoundException(`Cannot GET ${path}`));
    return reply.code(status).header('Cache-Control', 'private, no-cache').send(body);
  }
  const file = fileUnder(uiDir, path);
  if (file) return sendFile(request, reply, file, file.path.endsWith('.html') ? HTML : ASSETS);
  const index = fileUnder(uiDir, 'index.html');
  if (!index) return reply.code(503).type('text/plain; charset=utf-8').send('The ui is not built yet: run `npm run build`.');
  return sendFile(request, reply, index, HTML);
}

