// Landing page budget (issue 7): the JavaScript the landing loads, gzipped, must stay at or under 300 KB,
// and its first contentful paint in headless Chromium under 1.5 s. Printed beside the same figures for a
// blank Vite React page built in this same run, so the numbers read against this machine's floor.
//
// Both builds are served by one small static server from this process (the landing's /api calls get
// fixed replies: the budget is the ui's, not the API's). Each page is loaded RUNS times in a fresh
// browser context (cold cache); the median FCP is reported. The bytes are the scripts Chromium actually
// requested for the page, read from the build folder and gzipped at level 9.
//
// Run: npm run bench:ui (builds the ui first). Exit code 1 when a budget is missed.

import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

const ROOT = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const UI_DIST = join(ROOT, 'ui', 'dist');
const SCRATCH = join(ROOT, 'test', 'bench', 'ui', '.scratch');
const BLANK_SRC = join(SCRATCH, 'blank');
const BLANK_DIST = join(SCRATCH, 'blank-dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BUDGET_JS_GZIP_BYTES = 300 * 1024;
const BUDGET_FCP_MS = 1500;

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png' };

/** Fixed replies for the landing's calls. */
const API: Record<string, unknown> = {
  '/api/landing/event-and-certificate-counter': { success: true, data: { event_count: 12, certificate_count: 340 } },
  '/api/landing/event-list': { success: true, data: [1, 2, 3].map((n) => ({ id: `e${n}`, title: `Industry briefing ${n}`, location: 'Kuala Lumpur', date: '2026-12-0' + n + 'T02:00:00.000Z', description: 'About the event.', otherImage: [] })) },
};

async function buildBlankPage(): Promise<void> {
  rmSync(SCRATCH, { recursive: true, force: true });
  mkdirSync(BLANK_SRC, { recursive: true });
  writeFileSync(join(BLANK_SRC, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Blank</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>');
  writeFileSync(join(BLANK_SRC, 'main.js'), "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));\n");
  const { build } = await import('vite');
  await build({ root: BLANK_SRC, base: '/blank/', logLevel: 'warn', configFile: false, build: { outDir: BLANK_DIST, emptyOutDir: true } });
}

function serve(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      const body = API[url.pathname];
      response.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(body ?? { success: false, errorCode: 'notFound' }));
      return;
    }
    const [root, path] = url.pathname.startsWith('/blank/') ? [BLANK_DIST, url.pathname.slice('/blank'.length)] : [UI_DIST, url.pathname];
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
    } catch {
      file = join(root, 'index.html');
    }
    try {
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' }).end(readFileSync(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    done({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}

type Measure = { fcpMs: number[]; scripts: string[] };

async function measure(browser: Browser, url: string): Promise<Measure> {
  const fcpMs: number[] = [];
  let scripts: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on('pageerror', (error) => console.error(`page error on ${url}: ${error.message}`));
    page.on('request', (request) => {
      if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'load' });
    const fcp = await page.waitForFunction("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null", undefined, { timeout: 10_000 });
    fcpMs.push(Number(await fcp.jsonValue()));
    await page.waitForLoadState('networkidle');
    scripts = [...new Set(loaded)];
    await context.close();
  }
  return { fcpMs, scripts };
}

function gzippedBytes(scripts: string[], blank: boolean): number {
  return scripts.reduce((sum, path) => {
    const file = blank ? join(BLANK_DIST, path.slice('/blank'.length)) : join(UI_DIST, path);
    return sum + gzipSync(readFileSync(file), { level: 9 }).length;
  }, 0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  statSync(join(UI_DIST, 'index.html'));
  await buildBlankPage();
  const { server, url } = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const landing = await measure(browser, `${url}/`);
    const blank = await measure(browser, `${url}/blank/`);
    const landingJs = gzippedBytes(landing.scripts, false);
    const blankJs = gzippedBytes(blank.scripts, true);
    const landingFcp = median(landing.fcpMs);
    const blankFcp = median(blank.fcpMs);
    const adminLoaded = landing.scripts.filter((path) => /AdminApp/.test(path));
    console.log(`Landing budget, headless Chromium, ${RUNS} cold loads each (median FCP):`);
    console.log('');
    console.log('page               | scripts | JS gzipped | FCP median | FCP runs (ms)');
    console.log('-------------------|---------|------------|------------|--------------');
    console.log(`landing (/)        | ${String(landing.scripts.length).padStart(7)} | ${kb(landingJs).padStart(10)} | ${`${landingFcp.toFixed(0)} ms`.padStart(10)} | ${landing.fcpMs.map((v) => v.toFixed(0)).join(' ')}`);
    console.log(`blank Vite + React | ${String(blank.scripts.length).padStart(7)} | ${kb(blankJs).padStart(10)} | ${`${blankFcp.toFixed(0)} ms`.padStart(10)} | ${blank.fcpMs.map((v) => v.toFixed(0)).join(' ')}`);
    console.log('');
    console.log(`landing / blank: JS ${(landingJs / blankJs).toFixed(2)}x, FCP ${(landingFcp / blankFcp).toFixed(2)}x`);
    const jsOk = landingJs <= BUDGET_JS_GZIP_BYTES;
    const fcpOk = landingFcp < BUDGET_FCP_MS;
    console.log(`budget: JS ${kb(landingJs)} <= ${kb(BUDGET_JS_GZIP_BYTES)} ${jsOk ? 'PASS' : 'FAIL'}; FCP ${landingFcp.toFixed(0)} ms < ${BUDGET_FCP_MS} ms ${fcpOk ? 'PASS' : 'FAIL'}; react-admin chunk loaded: ${adminLoaded.length === 0 ? 'no (PASS)' : `yes (FAIL: ${adminLoaded.join(', ')})`}`);
    if (!jsOk || !fcpOk || adminLoaded.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
