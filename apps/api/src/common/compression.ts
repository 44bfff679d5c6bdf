// Compression of API replies on the fly: JSON (and any other text) of at least
// COMPRESSION_THRESHOLD_BYTES is sent brotli-compressed at BROTLI_QUALITY or gzipped (level 6), as the
// client's Accept-Encoding allows (brotli first), with Vary: Accept-Encoding
// added to the reply's own Vary (Authorization on /api). Below the threshold a reply already fits in one
// or two TCP packets and compressing it would cost CPU for nothing.
//
// The ui's files are not compressed here: the ui build writes .br/.gz copies (ui/precompress.ts) and the
// ui route sends them with their Content-Encoding, which this plugin passes through untouched. Request
// bodies are not decompressed (globalDecompression off): no client sends them compressed, and a
// compressed body would slip past BODY_LIMIT's count of bytes on the wire.
//
// Registered before any route: the plugin hooks each route as it is added (onRoute).
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * The machine catalogue (84 KB of JSON): quality 4, the plugin's default, makes 8.7 KB, more than gzip's
 * 7.6 KB; quality 5 makes 7.3 KB in about gzip's time (20 ms on these machines). 11 is for build time only.
 */
export const BROTLI_QUALITY = 5;

export async function compressReplies(app: NestFastifyApplication): Promise<void> {
  await app.register(compress as never, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
