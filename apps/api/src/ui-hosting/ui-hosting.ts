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
import { setHeaders, type SecurityHeaderSets } from '../common/security-headers.js';
import { fileUnder, sendFile } from '../common/static-files.js';

/**
 * Vite names everything under /assets by its content, so a name never comes back with other bytes: kept
 * for a year and never revalidated (immutable). Everything else (index.html, favicon.svg, a service
 * worker if one comes) keeps its name across builds: stored but revalidated on every use (no-cache with
 * ETag and Last-Modified, a 304 when unchanged), so a new build is seen on the next load.
 */
export const HASHED_ASSETS = 'public, max-age=31536000, immutable';
export const REVALIDATED = 'no-cache';
const isHashed = (path: string) => path.startsWith('/assets/');

/** `documentHeaders`: the security headers of a document (security-headers.ts), for index.html sent in place of a missing asset. */
export function hostUi(app: NestFastifyApplication, uiDir: string, documentHeaders: SecurityHeaderSets['document']): void {
  app
    .getHttpAdapter()
    .getInstance()
    .get('/*', (request: FastifyRequest, reply: FastifyReply) => serveUi(uiDir, request, reply, documentHeaders));
}

function serveUi(uiDir: string, request: FastifyRequest, reply: FastifyReply, documentHeaders: SecurityHeaderSets['document']) {
  const path = request.url.split('?')[0] ?? '/';
  if (isApiPath(path) || path.startsWith('/.well-known/')) {
    const { status, body } = toErrorReply(new NotFoundException(`Cannot GET ${path}`));
    return reply.code(status).header('Cache-Control', 'private, no-cache').send(body);
  }
  const file = fileUnder(uiDir, path);
  if (file) return sendFile(request, reply, file, isHashed(path) ? HASHED_ASSETS : REVALIDATED);
  // A path under /assets that is no file started with the assets' headers: index.html is a document.
  if (isHashed(path)) setHeaders(reply.raw, documentHeaders);
  const index = fileUnder(uiDir, 'index.html');
  if (!index) return reply.code(503).type('text/plain; charset=utf-8').send('The ui is not built yet: run `npm run build`.');
  return sendFile(request, reply, index, REVALIDATED);
}
