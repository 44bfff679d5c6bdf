import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// One jest run, two projects: `unit` (specs beside the code in packages, workflows and the api) and
// `api-e2e` (the real Nest app on a real store, in test/api-e2e). swc only transpiles
// (isolatedModules): `tsc -b` type-checks the whole tree before the tests run (see infra/scripts/test.sh).
const workspaceSources = {
  '^@binaan/contracts$': '<rootDir>/packages/contracts/src/index.ts',
  '^@binaan/contracts/audit-bundle$': '<rootDir>/packages/contracts/src/audit-bundle-api.ts',
  '^@binaan/event-store$': '<rootDir>/packages/event-store/src/index.ts',
  '^@binaan/event-store/verification$': '<rootDir>/packages/event-store/src/verification.ts',
  '^@binaan/workflows$': '<rootDir>/workflows/src/index.ts',
  // Our sources import './x.js' and jest finds './x.ts'. Not '.json.js': libphonenumber-js imports its
  // metadata as 'metadata.min.json.js' (a JavaScript copy of the JSON), and stripping the '.js' sent every
  // such import to the '.json' file, which jest then warned about hundreds of times (JSON without an import
  // attribute).
  '^(\\.{1,2}/.*)(?<!\\.json)\\.js$': '$1',
};

// A new PGlite store loads initdb's result from this file instead of running initdb (seconds each; the suites
// open hundreds): see cachedInitdb in packages/event-store/src/pglite/pglite-database.ts. Set here, in the
// parent, so the workers and the API processes the tests start inherit it. Named by the PGlite version.
const pgliteVersion = JSON.parse(
  readFileSync(new URL('./node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
).version;
process.env.PGLITE_INITDB_CACHE ??= join(tmpdir(), `binaan-pglite-${pgliteVersion}-initdb.tar`);
// And a new store opened by openEventStore (every PGlite app, the store CLI) loads one already migrated, its
// read models' tables made: a file per schema in this folder, named by a hash of the migrations and the
// projections' DDL (packages/event-store/src/pglite/schema-snapshot.ts). The event store's contract tests
// migrate a fresh database themselves and do not use it.
process.env.PGLITE_SCHEMA_CACHE ??= join(tmpdir(), `binaan-pglite-${pgliteVersion}-schema`);
// The AWS SDK (the S3 file store's client) warns on Node 20 that its releases after January 2027 need Node 22:
// true, and said once in the README (Node's version), not news in every test run's log.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// swc, not ts-jest: both only transpile (tsc -b type-checks the tree first), and
// swc does it in Rust: two e2e files on a cold cache took 21 s of CPU instead of 27 s (each file's app loads
// some thousand modules, each transpiled once per run). Options as tsconfig.json's: legacy decorators with their
// metadata (Nest's injection reads design:paramtypes) and class fields assigned, not defined
// (useDefineForClassFields: false). @swc/jest emits ES modules since jest runs them as such.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  sourceMaps: 'inline',
};

const shared = {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: workspaceSources,
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

export default {
  // Real databases on a shared 2-core machine: generous, so a slow neighbour is not a failure.
  // (A global option: jest ignores it inside a project.)
  testTimeout: 30_000,
  // A worker is replaced once it holds more than this after a file: each e2e file loads the whole app into a
  // fresh module registry, and what the ESM vm keeps of the earlier ones grew a worker to 3.7 GB by the middle
  // of a run, near V8's 4.3 GB heap limit, where collecting garbage took more of the CPU than the tests did.
  // A new worker costs a second or two; the transforms are cached on disk.
  workerIdleMemoryLimit: '1GB',
  // Longest files first on a fresh clone too, not the thin harness files last (jest-sequencer.js).
  testSequencer: '<rootDir>/jest-sequencer.js',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/packages/*/src/**/*.spec.ts',
        '<rootDir>/workflows/src/**/*.spec.ts',
        '<rootDir>/apps/*/src/**/*.spec.ts',
        // The repository's own checks (infra/scripts), plain JavaScript run as ES modules.
        '<rootDir>/infra/scripts/**/*.spec.mjs',
      ],
    },
    {
      ...shared,
      displayName: 'api-e2e',
      testMatch: ['<rootDir>/test/api-e2e/**/*.e2e.ts'],
    },
    // Long reliability runs, by hand only (npm run test:reliability sets RELIABILITY=1); npm test keeps
    // their short versions in api-e2e.
    ...(process.env.RELIABILITY === '1'
      ? [{ ...shared, displayName: 'reliability', testMatch: ['<rootDir>/test/reliability/**/*.reliability.ts'] }]
      : []),
  ],
};
