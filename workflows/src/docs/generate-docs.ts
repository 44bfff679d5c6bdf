/// <reference types="node" />
// Writes workflows/docs/*.md from the machines. Run after `npx tsc -b workflows`:
//   node workflows/dist/docs/generate-docs.js
// The only file of the package that does I/O.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workflowCatalogue } from '../catalogue.js';
import { renderAllDocs } from './render-docs.js';

/** workflows/docs, from dist/docs (compiled) or src/docs (ts). */
export const docsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs');

function main(): void {
  const files = renderAllDocs(workflowCatalogue());
  mkdirSync(docsFolder, { recursive: true });
  // A resource that disappeared must not leave a stale doc behind.
  for (const name of readdirSync(docsFolder)) {
    if (name.endsWith('.md') && !files.has(name)) rmSync(join(docsFolder, name));
  }
  for (const [name, content] of files) writeFileSync(join(docsFolder, name), content);
  process.stdout.write(`wrote ${files.size} files to ${docsFolder}\n`);
}

main();
