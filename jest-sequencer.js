// Longest files first, on a fresh clone too. Jest orders by the durations it cached on this machine for
// this checkout's path; where it has none (CI: a fresh clone, a new path) it orders by file size, which
// put the thin harness files last: identity.e2e.ts, documents.e2e.ts, certificates.e2e.ts and the event
// store's contract/pglite.spec.ts are a few lines importing many specs, and ran 50 to 90 s each at the very
// end of the run, one worker busy and the other core idle. Here a file with no cached duration takes its
// duration from a recent full run (test/durations.json; refresh it with
// `node infra/scripts/slowest-tests.mjs --durations > test/durations.json` after an npm test), and files
// known to neither are ordered by size after those, as jest does. Failed files still go first.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const require = createRequire(import.meta.url);
const Sequencer = require('@jest/test-sequencer').default;
const root = new URL('.', import.meta.url).pathname;
/** Seconds per file (paths from the repository root), from a full run's report. */
const lastRun = JSON.parse(readFileSync(new URL('./test/durations.json', import.meta.url), 'utf8'));

export default class LongestFirst extends Sequencer {
  sort(tests) {
    const sizes = new Map();
    const size = (test) => sizes.get(test.path) ?? sizes.set(test.path, test.context.hasteFS.getSize(test.path) ?? 0).get(test.path);
    for (const test of tests) {
      const known = lastRun[relative(root, test.path)];
      test.duration = this.time(test) ?? (known === undefined ? undefined : known * 1000);
    }
    return tests.sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      if ((a.duration == null) !== (b.duration == null)) return a.duration == null ? 1 : -1;
      if (a.duration != null && b.duration != null) return b.duration - a.duration;
      return size(b) - size(a);
    });
  }
}
