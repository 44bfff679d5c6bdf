// Browser tests: Debian's Chromium (/usr/bin/chromium, installed by the test command; Playwright never
// downloads a browser here) against the built product, started on its own port and a fresh data folder
// with the demo data (events, certificates, companies and their users), an easy human check (so the
// ALTCHA widget solves it in milliseconds) and the outbox for e-mail and SMS (read at /api/dev/outbox).

import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.BROWSER_TEST_PORT ?? 3210);
const dataDir = mkdtempSync(join(tmpdir(), 'binaan-browser-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/browser',
  reporter: [['list'], ['json', { outputFile: '../../.reports/browser.json' }]],
  // A test's own budget; long walks set theirs. Two workers on a loaded two-core machine run a one-minute test
  // in well over 90 s, so the default leaves room for that rather than failing a test that is only slow.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Two workers on two cores: one worker kept about one core busy (the demo server and Chromium take turns
  // waiting on each other) and left the other mostly idle. Each worker of the admin project has a demo
  // server of its own (admin/fixtures.ts, on ADMIN_E2E_PORT plus the worker's parallel index), so a spec
  // sees the demo data plus what the specs before it on that worker did, as it did after a failure's restart.
  // BROWSER_TEST_WORKERS=1 runs them one at a time, as before.
  workers: Number(process.env.BROWSER_TEST_WORKERS ?? 2),
  // One retry, on a worker (and so a demo server) of its own: on a loaded two-core machine a
  // browser test now and then fails once (a file picker or a download that
  // never came, a popover that did not open) and passes on the next try. A test that passes on its retry is
  // counted as passed and named on npm test's output, above the closing line, with its first error
  // (infra/scripts/test-summary.mjs), so each stays visible to be fixed. BROWSER_TEST_RETRIES=0: none.
  retries: Number(process.env.BROWSER_TEST_RETRIES ?? 1),
  projects: [
    // The public area's specs share the config's server (below) and the rate limits per address of the one
    // caller they all are (127.0.0.1): one at a time, as they were written for.
    { name: 'public', testMatch: '*.spec.ts', testIgnore: ['admin/**', 'csp.spec.ts'], workers: 1 },
    // The signed-in area's specs (and csp.spec, which uses the same fixtures), each worker on its own demo server.
    { name: 'admin', testMatch: ['admin/**/*.spec.ts', 'csp.spec.ts'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node apps/api/dist/main.js',
    cwd: '../..',
    url: `http://127.0.0.1:${port}/api/health`,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      HUMAN_CHECK_MAX_NUMBER: '2000',
      NODE_ENV: 'development',
      LOG_CHECKPOINT_SECONDS: '5',
    },
    // BROWSER_TEST_REUSE=1 with BROWSER_TEST_PORT runs against a server already started the same way (while developing).
    reuseExistingServer: process.env.BROWSER_TEST_REUSE === '1',
    // Seeding the demo data into a fresh store takes about a minute on two cores.
    timeout: 240_000,
  },
});
