// First-load bench: the bytes on the wire a browser downloads, as the product serves them.
//
// The built product (apps/api/dist/main.js with the built ui) runs on PGlite with the demo data, and the
// same server, in the same run, also serves two baselines built here with the project's own versions:
// a blank Vite React page (/blank/) and a bare react-admin app with one resource (/bare-admin/). A
// baseline is built the way the measured ui is built: precompressed (.br/.gz, as ui/precompress.ts does)
// when the ui build is, so the ratios compare code, not compression.
//
// Headless Chromium counts the bytes through the DevTools protocol: the sum of Network.loadingFinished's
// encodedDataLength (headers and body as received, compressed if the server compressed) over every
// request. Two journeys, each in a fresh browser context (cold cache):
//   landing      `/` until the network is idle, beside the blank page. Goal: within 1.75x.
//   signed in    the sign-in page (cold, counted), sign in as kumar@teguhbina.my, choose Teguh Bina, open
//                the tender list, until it shows and the network is idle; beside the bare react-admin app
//                walking the same journey (its login page, the same sign-in and company calls, the same
//                tender list in a ListGuesser). Goal: within 0.5x. (Both lines walk the same journey,
//                sign-in page included: the bare app's first load alone fails without a session.)
// It also lists every API call made twice on the way to the list (goal: none), and reloads the list to
// see the machine definitions (/api/workflows) revalidated: a 304. The landing's first contentful paint
// (under 1.5 s) is the median of BENCH_RUNS loads.
//
// Run: npm run bench:ui (builds the ui; run `npm run build` first for the API). BENCH_UI_ROOT=<checkout>
// measures another built checkout (e.g. an older commit) with this bench. Exit code 1 when a goal is missed.

import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const BENCH_REPOSITORY = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const ROOT = resolve(process.env.BENCH_UI_ROOT ?? BENCH_REPOSITORY);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const EMAIL = 'kumar@teguhbina.my';
const PASSWORD = 'Demo@Binaan2026';
const COMPANY = 'teguh-bina';
/** The company choice's id of Teguh Bina in the demo data (the product's journey clicks it by its test id). */
const COMPANY_ID = COMPANY;
const GOAL_LANDING = 1.75;
const GOAL_SIGNED_IN = 0.5;
const BUDGET_FCP_MS = 1500;

// ---------------------------------------------------------------------------------------------- baselines

const BLANK_MAIN =
  "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));\n";
// The bare app walks the product's journey with react-admin's own parts: its login page signs in through the
// same calls (POST /api/login, then the company choice), and one ListGuesser resource lists the same tenders
// (ra-data-simple-rest on /api/documents with the session's token). So both lines count a cold sign-in
// page, the sign-in and the first list, and the same API replies.
const BARE_ADMIN_MAIN = [
  "import { createElement as h } from 'react';",
  "import { createRoot } from 'react-dom/client';",
  "import { Admin, ListGuesser, Resource, fetchUtils } from 'react-admin';",
  "import simpleRestProvider from 'ra-data-simple-rest';",
  "const KEY = 'bare-admin.token';",
  "const json = async (url, init) => { const r = await fetch(url, { ...init, headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(init && init.headers) } }); if (!r.ok) throw new Error(String(r.status)); return r.json(); };",
  'const authProvider = {',
  '  async login({ username, password }) {',
  "    const login = await json('/api/login', { method: 'POST', body: JSON.stringify({ email: username, password, rememberMe: false }) });",
  "    if (!login.success) throw new Error(login.errorMessage || 'refused');",
  `    const chosen = await json('/api/company/choose/${COMPANY_ID}', { headers: { Authorization: 'Bearer ' + login.jwtToken } });`,
  '    localStorage.setItem(KEY, chosen.jwtToken);',
  '  },',
  '  async logout() { localStorage.removeItem(KEY); },',
  "  async checkAuth() { if (!localStorage.getItem(KEY)) throw new Error('signed out'); },",
  '  async checkError(error) { if (error && error.status === 401) throw error; },',
  "  async getPermissions() { return ''; },",
  '};',
  "const httpClient = (url, options = {}) => fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: 'Bearer ' + localStorage.getItem(KEY) } });",
  "createRoot(document.getElementById('root')).render(h(Admin, { authProvider, dataProvider: simpleRestProvider('/api/documents', httpClient), disableTelemetry: true }, h(Resource, { name: 'tender', list: ListGuesser })));",
  '',
].join('\n');
const page = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>${title}</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>`;

/** Builds a one-file app with the bench repository's node_modules (the project's versions) into `outDir`. */
async function buildBaseline(scratch: string, name: string, main: string, outDir: string): Promise<void> {
  const source = join(scratch, `${name}-src`);
  mkdirSync(source, { recursive: true });
  symlinkSync(join(BENCH_REPOSITORY, 'node_modules'), join(source, 'node_modules'), 'dir');
  writeFileSync(join(source, 'index.html'), page(name));
  writeFileSync(join(source, 'main.js'), main);
  const { build } = await import('vite');
  await build({ root: source, base: `/${name}/`, logLevel: 'error', configFile: false, build: { outDir, emptyOutDir: true } });
}

const TEXT = new Set(['.html', '.js', '.css', '.svg', '.json']);
const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(folder, e.name)) : [join(folder, e.name)],
  );
const isPrecompressed = (folder: string) => filesUnder(folder).some((path) => path.endsWith('.br'));

/** As ui/precompress.ts: brotli 11 and gzip 9 copies of the text files, when smaller. */
function precompress(folder: string): void {
  for (const path of filesUnder(folder)) {
    if (!TEXT.has(extname(path))) continue;
    const content = readFileSync(path);
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gz = gzipSync(content, { level: 9 });
    if (br.length < content.length) writeFileSync(`${path}.br`, br);
    if (gz.length < content.length) writeFileSync(`${path}.gz`, gz);
  }
}

// ------------------------------------------------------------------------------------------------- server

type Server = { url: string; stop(): Promise<void> };

async function startProduct(uiDir: string, dataDir: string): Promise<Server> {
  const main = join(ROOT, 'apps', 'api', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build in ${ROOT}`);
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: process.env.BENCH_UI_PORT ?? '0',
      HOST: '127.0.0.1',
      UI_DIR: uiDir,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'on',
      NODE_ENV: 'production',
      API_WORKERS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the API did not start in 5 minutes:\n${output.slice(-2000)}`)), 300_000);
    child.stdout.on('data', () => {
      const match = /Binaan is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    child.once('exit', (code) => fail(new Error(`the API exited (${code}):\n${output.slice(-2000)}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

// ------------------------------------------------------------------------------------------------ measure

type Wire = { bytes: number; requests: number; calls: string[]; statuses: Map<string, number[]>; items: [string, number][]; reset(): void };

/** Counts what arrives on the wire for `page` (DevTools protocol), from now or from the last reset(). */
async function wireOf(context: BrowserContext, page: Page): Promise<Wire> {
  const cdp = await context.newCDPSession(page);
  const urls = new Map<string, { method: string; url: string }>();
  const wire: Wire = {
    bytes: 0,
    requests: 0,
    calls: [],
    statuses: new Map(),
    items: [],
    reset() {
      wire.items = [];
      wire.bytes = 0;
      wire.requests = 0;
      wire.calls = [];
      wire.statuses = new Map();
    },
  };
  cdp.on('Network.requestWillBeSent', (event) => {
    urls.set(event.requestId, { method: event.request.method, url: event.request.url });
    const { pathname, search } = new URL(event.request.url);
    if (pathname.startsWith('/api/')) wire.calls.push(`${event.request.method} ${pathname}${search}`);
  });
  cdp.on('Network.responseReceived', (event) => {
    const path = new URL(event.response.url).pathname;
    wire.statuses.set(path, [...(wire.statuses.get(path) ?? []), event.response.status]);
  });
  cdp.on('Network.loadingFinished', (event) => {
    wire.bytes += event.encodedDataLength;
    wire.requests++;
    const request = urls.get(event.requestId);
    if (request) wire.items.push([`${request.method} ${new URL(request.url).pathname}`, event.encodedDataLength]);
  });
  await cdp.send('Network.enable');
  return wire;
}

async function loadCold(browser: Browser, url: string): Promise<{ bytes: number; requests: number; fcpMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error on ${url}: ${error.message}`));
    const wire = await wireOf(context, page);
    await page.goto(url, { waitUntil: 'load' });
    const fcpMs = await firstContentfulPaint(page);
    await page.waitForLoadState('networkidle');
    detail(url, wire.items);
    return { bytes: wire.bytes, requests: wire.requests, fcpMs };
  } finally {
    await context.close();
  }
}

/**
 * Polled from here with page.evaluate (a function run through the DevTools protocol), not waitForFunction:
 * the served CSP (script-src 'self', no unsafe-eval) refuses the string a waitForFunction predicate is.
 */
async function firstContentfulPaint(page: Page): Promise<number> {
  const until = Date.now() + 20_000;
  for (;;) {
    const startTime = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    if (startTime !== null) return startTime;
    if (Date.now() > until) throw new Error(`no first contentful paint on ${page.url()} in 20 s`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

async function loadColdRuns(browser: Browser, url: string) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await loadCold(browser, url));
  return {
    bytes: median(runs.map((r) => r.bytes)),
    requests: median(runs.map((r) => r.requests)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
  };
}

type SignedIn = { bytes: number; requests: number; signInPage: number; repeated: string[]; secondVisit: string };

async function signInToTenderList(browser: Browser, base: string): Promise<SignedIn> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error on the signed-in journey: ${error.message}`));
    const wire = await wireOf(context, page);
    await page.goto('/auth/sign-in');
    await page.locator('input[name="loginEmail"]').fill(EMAIL);
    await page.locator('input[name="loginPassword"]').fill(PASSWORD);
    await page.waitForLoadState('networkidle');
    // Counted from the cold sign-in page on, as the bare app's journey is (its login page is in its bundle).
    const signInPage = wire.bytes;
    await page.locator('button[type="submit"]').click();
    await page.getByTestId(`company-${COMPANY}`).click({ timeout: 60_000 });
    await page.getByTestId('select-company').waitFor({ state: 'hidden', timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Tenders', exact: true }).click({ timeout: 60_000 });
    await page.getByTestId('tab-all').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const { bytes, requests, calls } = wire;
    detail('sign-in to the tender list', wire.items);
    const counts = new Map<string, number>();
    for (const call of calls) counts.set(call, (counts.get(call) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 1).map(([call, n]) => `${call} x${n}`);
    // A second visit in the same session: the stored machine definitions are revalidated.
    wire.reset();
    await page.reload();
    await page.getByTestId('tab-all').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const workflows = wire.statuses.get('/api/workflows') ?? [];
    return {
      bytes,
      requests,
      signInPage,
      repeated,
      secondVisit: `GET /api/workflows ${workflows.length ? workflows.join(', ') : 'not called'}`,
    };
  } finally {
    await context.close();
  }
}

/** The bare react-admin app's same journey: its login page (cold), sign in, the tender list shown. */
async function bareAdminSignIn(browser: Browser, base: string): Promise<{ bytes: number; requests: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error on the bare app's journey: ${error.message}`));
    const wire = await wireOf(context, page);
    await page.goto('/bare-admin/index.html');
    await page.locator('input[name="username"]').fill(EMAIL, { timeout: 60_000 });
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    detail('bare react-admin: sign-in to the tender list', wire.items);
    return { bytes: wire.bytes, requests: wire.requests };
  } finally {
    await context.close();
  }
}

/** BENCH_UI_DETAIL=1: the largest transfers of a journey, for finding what to cut. */
function detail(name: string, items: [string, number][]): void {
  if (process.env.BENCH_UI_DETAIL !== '1') return;
  console.log(`${name}, largest transfers:`);
  for (const [what, bytes] of [...items].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${kb(bytes).padStart(9)}  ${what}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const uiDist = join(ROOT, 'ui', 'dist');
  if (!existsSync(join(uiDist, 'index.html'))) throw new Error(`${uiDist} is not built: run npm run build in ${ROOT}`);
  const scratch = mkdtempSync(join(tmpdir(), 'binaan-bench-ui-'));
  const uiDir = join(scratch, 'served');
  cpSync(uiDist, uiDir, { recursive: true });
  await buildBaseline(scratch, 'blank', BLANK_MAIN, join(uiDir, 'blank'));
  await buildBaseline(scratch, 'bare-admin', BARE_ADMIN_MAIN, join(uiDir, 'bare-admin'));
  const precompressed = isPrecompressed(uiDist);
  if (precompressed) {
    precompress(join(uiDir, 'blank'));
    precompress(join(uiDir, 'bare-admin'));
  }
  const server = await startProduct(uiDir, join(scratch, 'data'));
  const browser = await chromium.launch({
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
  });
  try {
    const landing = await loadColdRuns(browser, `${server.url}/`);
    const blank = await loadColdRuns(browser, `${server.url}/blank/index.html`);
    const bareAdmin = await bareAdminSignIn(browser, server.url);
    const signedIn = await signInToTenderList(browser, server.url);
    const landingRatio = landing.bytes / blank.bytes;
    const signedInRatio = signedIn.bytes / bareAdmin.bytes;
    const row = (
      name: string,
      m: { bytes: number; requests: number },
      baseline: string,
      b: { bytes: number; requests: number },
      ratio: number,
      goal: number,
    ) =>
      `${name.padEnd(26)} | ${String(m.requests).padStart(8)} | ${kb(m.bytes).padStart(9)} | ${baseline.padEnd(20)} | ${String(b.requests).padStart(8)} | ${kb(b.bytes).padStart(9)} | ${`${ratio.toFixed(2)}x`.padStart(6)} | <= ${goal}x ${ratio <= goal ? 'PASS' : 'FAIL'}`;
    console.log(`Bytes on the wire, headless Chromium (DevTools encodedDataLength), cold cache; ${ROOT}`);
    console.log(
      `served by ${server.url}: ui ${precompressed ? 'precompressed at build time (baselines too)' : 'not precompressed (baselines neither)'}`,
    );
    console.log('');
    console.log('journey                    | requests |     bytes | baseline             | requests |     bytes |  ratio | goal');
    console.log('---------------------------|----------|-----------|----------------------|----------|-----------|--------|-----------');
    console.log(row('landing (/)', landing, 'blank Vite React', blank, landingRatio, GOAL_LANDING));
    console.log(row('sign-in to the tender list', signedIn, 'bare react-admin', bareAdmin, signedInRatio, GOAL_SIGNED_IN));
    console.log('');
    console.log(`of which the product's sign-in page (cold, before signing in): ${kb(signedIn.signInPage)}`);
    console.log(
      `API calls made more than once on the way to the list: ${signedIn.repeated.length ? signedIn.repeated.join('; ') : 'none'}`,
    );
    console.log(`second visit (reload of the list): ${signedIn.secondVisit}`);
    console.log(
      `landing first contentful paint: ${landing.fcpMs.toFixed(0)} ms (median of ${RUNS}; blank ${blank.fcpMs.toFixed(0)} ms), budget < ${BUDGET_FCP_MS} ms ${landing.fcpMs < BUDGET_FCP_MS ? 'PASS' : 'FAIL'}`,
    );
    if (landingRatio > GOAL_LANDING || signedInRatio > GOAL_SIGNED_IN || signedIn.repeated.length > 0 || landing.fcpMs >= BUDGET_FCP_MS)
      process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
