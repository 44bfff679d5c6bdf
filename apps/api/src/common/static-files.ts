// Files from a folder as HTTP replies (the built ui, Swagger UI's assets): a path that stays inside
// the folder, its content type by extension, a weak ETag from size and time with 304 on a match, and
// the body streamed. Small on purpose: the ui is a few hashed files, and this keeps the API free of a
// static-files plugin (@fastify/static's current major pulls an ESM-only dependency that Jest cannot
// load on Node 20, and its older major conflicts with @nestjs/platform-fastify's peer range).
//
// Precompressed copies: when name.br or name.gz lies beside the file (the ui build writes
// them, ui/precompress.ts) and the browser accepts that encoding, the copy is sent with its
// Content-Encoding (brotli first), its own ETag, and Vary: Accept-Encoding. The compression plugin
// (compression.ts) passes a reply that already has a Content-Encoding through untouched.
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { etagMatches } from './conditional-get.js';

type Request = { method: string; headers: Record<string, string | string[] | undefined> };
type Reply = {
  code(status: number): Reply;
  header(name: string, value: string): Reply;
  send(payload?: unknown): Reply;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
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

/** Copies by preference: brotli is a fifth smaller than gzip on these scripts. */
const COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The content codings an Accept-Encoding header allows (q > 0), `*` standing for any not named. */
export function acceptedEncodings(header: string | string[] | undefined): (encoding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  return (encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
}

function statOf(path: string): StaticFile | null {
  try {
    const stat = statSync(path);
    return stat.isFile() ? { path, size: stat.size, mtimeMs: stat.mtimeMs } : null;
  } catch {
    return null;
  }
}

const etagOf = (file: StaticFile, encoding?: string) =>
  `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;

/** Sends the file or its precompressed copy (headers only for HEAD), or 304 when the browser's copy is current. */
export function sendFile(request: Request, reply: Reply, file: StaticFile, cacheControl: string): Reply {
  const copies = COPIES.map((copy) => ({ ...copy, file: statOf(file.path + copy.suffix) })).filter((copy) => copy.file !== null);
  const accepts = acceptedEncodings(request.headers['accept-encoding']);
  const chosen = copies.find((copy) => accepts(copy.encoding));
  const sent = chosen?.file ?? file;
  const etag = etagOf(sent, chosen?.encoding);
  reply
    .header('Content-Type', TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream')
    .header('Cache-Control', cacheControl)
    .header('ETag', etag)
    .header('Last-Modified', new Date(file.mtimeMs).toUTCString());
  if (copies.length > 0) reply.header('Vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && etagMatches(ifNoneMatch, etag)) return reply.code(304).send();
  if (chosen) reply.header('Content-Encoding', chosen.encoding);
  reply.header('Content-Length', String(sent.size));
  return request.method === 'HEAD' ? reply.send() : reply.send(createReadStream(sent.path));
}
