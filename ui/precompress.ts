// Build-time compression: after `vite build` writes dist/, every text file in it (scripts,
// styles, the HTML, SVG, JSON) gets a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside it.
// The API's ui route sends the copy the browser accepts (apps/api/src/common/static-files.ts), so the
// best compression is paid once per build instead of a fast one on every request. A copy that would not
// be smaller than the file is not written (the route then sends the file as it is). Source maps are left
// out: only developer tools ask for them, and the API compresses them on the fly.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml']);

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** Writes name.br and name.gz beside every compressible file of `folder`; returns how many copies. */
export function precompressFolder(folder: string): number {
  let written = 0;
  for (const path of filesUnder(folder)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    const content = readFileSync(path);
    const copies: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
      ],
      ['.gz', gzipSync(content, { level: 9 })],
    ];
    for (const [suffix, compressed] of copies) {
      if (compressed.length >= content.length) continue;
      writeFileSync(path + suffix, compressed);
      written++;
    }
  }
  return written;
}

/** The Vite plugin: runs once the bundle is on disk (writeBundle of the last output). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'binaan-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
