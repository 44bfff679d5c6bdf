// Files from a folder as HTTP replies (the built ui, Swagger UI's assets): a path that stays inside
// the folder, its content type by extension, a weak ETag from size and time with 304 on a match, and
// the body streamed. Small on purpose: the ui is a few hashed files, and this keeps the API free of a
// static-files plugin (@fastify/static's current major pulls an ESM-only dependency that Jest cannot
// load on Node 20, and its older major conflicts with @nestjs/platform-fastify's peer range).
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

type Request = { method: string; headers: Record<string, string | string[] | undefined> };
type Reply = {
  code(status: number): Reply;
  header(name: string, value: string): Reply;
  send(payload?: unknown): Reply;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.ico': 'image/x-icon',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.wasm': 'application/wasm', '.pdf': 'application/pdf',
};

export type StaticFile = { path: string; size: number; mtimeMs: number };

/** The regular file a URL path names under root, or null: never outside root, never a folder, never a malformed path. */
export function fileUnder(root: string, urlPath: string): StaticFile | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = normalize(decoded).replace(/^[/\\]+/, '');
  if (relative === '' || relative.split(/[/\\]/).includes('..')) return null;
  const path = join(root, relative);
  if (!path.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    const stat = statSync(path);
    return stat.isFile() ? { path, size: stat.size, mtimeMs: stat.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** Sends the file (headers only for HEAD), or 304 when the browser's copy is current. */
export function sendFile(request: Request, reply: Reply, file: StaticFile, cacheControl: string): Reply {
  const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
  reply
    .header('Content-Type', TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream')
    .header('Cache-Control', cacheControl)
    .header('ETag', etag)
    .header('Last-Modified', new Date(file.mtimeMs).toUTCString());
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.header('Content-Length', String(file.size));
  return request.method === 'HEAD' ? reply.send() : reply.send(createReadStream(file.path));
}
