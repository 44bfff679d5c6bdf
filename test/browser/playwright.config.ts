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
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node apps/api/dist/main.js',
    cwd: '../..',
    url: `http://127.0.0.1:${port}/api/health`,
    env: { PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: 'on', HUMAN_CHECK_MAX_NUMBER: '2000', NODE_ENV: 'development' },
    // BROWSER_TEST_REUSE=1 with BROWSER_TEST_PORT runs against a server already started the same way (while developing).
    reuseExistingServer: process.env.BROWSER_TEST_REUSE === '1',
    // Seeding the demo data into a fresh store takes about a minute on two cores.
    timeout: 240_000,
  },
});
