// Whether a build's output is up to date with its sources, for npm start (start.mjs).
//
// A build's stamp is a SHA-256 over the path, size and mtime of every source file it reads, written to
// node_modules/.cache/binaan-build/ once the build has succeeded. The build is up to
// date when its outputs exist and the sources hash to the stamp. Any edit, added or deleted file, `git
// checkout` or `npm ci` (which empties node_modules and so the stamps) makes the next start build again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git']);
const typescriptProjects = ['packages/contracts', 'packages/event-store', 'workflows', 'apps/api'];

export const BUILDS = {
  api: {
    name: 'API',
    sources: [
      'tsconfig.json',
      'package-lock.json',
      ...typescriptProjects.flatMap((p) => [`${p}/src`, `${p}/tsconfig.json`, `${p}/package.json`]),
    ],
    // tsc leaves the specs out of the build (each project's tsconfig excludes them).
    ignore: (path) => path.endsWith('.spec.ts'),
    outputs: ['apps/api/dist/main.js', 'packages/contracts/dist/index.js', 'packages/event-store/dist/index.js', 'workflows/dist/index.js'],
  },
  ui: {
    name: 'ui',
    sources: [
      'package-lock.json',
      'packages/contracts/src',
      'ui/src',
      'ui/public',
      'ui/index.html',
      'ui/package.json',
      'ui/tsconfig.json',
      'ui/vite.config.ts',
    ],
    ignore: () => false,
    outputs: ['ui/dist/index.html'],
  },
};

function* files(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (!stat.isDirectory()) {
    yield { path, stat };
    return;
  }
  for (const entry of readdirSync(full).sort()) {
    if (!SKIPPED_FOLDERS.has(entry)) yield* files(root, `${path}/${entry}`);
  }
}

/** The hash of a build's sources as they are now. */
export function sourcesHash(root, build) {
  const hash = createHash('sha256');
  for (const source of build.sources) {
    for (const { path, stat } of files(root, source)) {
      if (!build.ignore(path)) hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

const stampFile = (root, build) => join(root, 'node_modules/.cache/binaan-build', `${build.name}.sha256`);

/** Whether the build's outputs exist and were built from sources that hash to `hash` (sourcesHash). */
export function isUpToDate(root, build, hash) {
  if (!build.outputs.every((output) => existsSync(join(root, output)))) return false;
  const file = stampFile(root, build);
  return existsSync(file) && readFileSync(file, 'utf8').trim() === hash;
}

/**
 * Records that the build's output matches the sources that hashed to `hash`, taken before the build began
 * (so a file edited during the build makes the next start build again).
 */
export function stamp(root, build, hash) {
  const file = stampFile(root, build);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${hash}\n`);
}
