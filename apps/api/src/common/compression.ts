// Compression of API replies on the fly (issue 32): JSON (and any other text) of at least
// COMPRESSION_THRESHOLD_BYTES is sent brotli-compressed (quality 4, the plugin's default: near gzip's
// speed, smaller output) or gzipped, as the client's Accept-Encoding allows, with Vary: Accept-Encoding
// added to the reply's own Vary (Authorization on /api). Below the threshold a reply already fits in one
// or two TCP packets and compressing it would cost CPU for nothing.
//
// The ui's files are not compressed here: the ui build writes .br/.gz copies (ui/precompress.ts) and the
// ui route sends them with their Content-Encoding, which this plugin passes through untouched. Request
// bodies are not decompressed (globalDecompression off): no client sends them compressed, and a
// compressed body would slip past BODY_LIMIT's count of bytes on the wire.
//
// Registered before any route: the plugin hooks each route as it is added (onRoute).
import compress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function compressReplies(app: NestFastifyApplication): Promise<void> {
  await app.register(compress as never, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
  });
}
