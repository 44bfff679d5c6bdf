// Browser tests: Debian's Chromium (/usr/bin/chromium, installed by the test command; Playwright never
// downloads a browser here) against the built product, started on its own port and data folder.

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
  timeout: 30_000,
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
    env: { PORT: String(port), DATA_DIR: dataDir },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
