// The tender comparison sheet in Chromium (run by hand): npm run build && npx tsc -b test/bench &&
// node test/bench/dist/ui/comparison-sheet.bench.js (BENCH_SELLERS, default 50; BENCH_LINES, default 1,000;
// BENCH_RUNS, default 5).
//
// The built product on PostgreSQL (support/api-process.ts, with the demo data), a closed tender of
// BENCH_SELLERS quotations x BENCH_LINES lines (tendering/comparison-seed.ts), and headless Chromium:
//   open    from the click on the tender page's Comparison tab (the app already loaded) until the sheet's first
//           rows are on screen, beside a bare table of the same cells (plain DOM, no React, no virtualisation:
//           the same API pages fetched, every line and seller written into one <table>) from the click on its
//           button until its first rows show, in the same run, alternately.
//   scroll  to the last line: the sheet (its own scroll box) scrolled to its end until line BENCH_LINES is drawn,
//           beside the bare table's page scrolled to its end until its last row is in view.
//   size    the elements each page holds once open (virtualised: the sheet draws the rows in view).
// The sheet is timed beside the bare table to show it stays usable; no ratio is set, so nothing fails.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { PostgresDatabase, SqlEventStore } from '@binaan/event-store';
import { DEMO_PASSWORD } from '@binaan/api/dist/demo/demo-data.js';
import { signIn } from '../documents/http.js';
import { startApiProcess } from '../support/api-process.js';
import { launchChromium, signInPage } from '../support/chromium.js';
import { seedComparison } from '../tendering/comparison-seed.js';

const ROOT = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const SELLERS = Number(process.env.BENCH_SELLERS ?? 50);
const LINES = Number(process.env.BENCH_LINES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TEGUH = 'teguh-bina';

// The bare table, a script file (the server's content security policy refuses inline scripts).
const BARE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>bare comparison table</title></head><body><button id="open" type="button">Open</button><div id="sheet"></div><script src="./main.js"></script></body></html>';
const BARE_MAIN = `
const params = new URLSearchParams(location.hash.slice(1));
async function pages() {
  const base = '/api/tendering/tenders/' + params.get('tender') + '/comparison?limit=500';
  const headers = { authorization: 'Bearer ' + params.get('token') };
  const first = await (await fetch(base, { cache: 'no-store', headers })).json();
  const items = first.items.slice();
  for (let after = first.nextAfter; after !== null;) {
    const page = await (await fetch(base + '&after=' + after, { cache: 'no-store', headers })).json();
    items.push(...page.items);
    after = page.nextAfter;
  }
  return { sellers: first.sellers, items };
}
function cell(tag, text) { const c = document.createElement(tag); c.textContent = text; return c; }
document.getElementById('open').addEventListener('click', async () => {
  const sheet = await pages();
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const name of ['Line', 'Description', 'Unit', 'Quantity', 'Estimate']) head.appendChild(cell('th', name));
  for (const seller of sheet.sellers) head.appendChild(cell('th', seller.sellerName || seller.sellerCompanyId));
  const body = table.createTBody();
  for (const item of sheet.items) {
    const row = body.insertRow();
    row.dataset.line = item.lineNo;
    for (const text of [item.lineNo, item.description, item.unit, item.quantity, item.estimate.rate]) row.appendChild(cell('td', String(text)));
    for (let s = 0; s < sheet.sellers.length; s++) row.appendChild(cell('td', item.rates[s] == null ? '-' : item.rates[s]));
  }
  document.getElementById('sheet').appendChild(table);
});
`;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** In the page (a string: the bench compiles without the DOM's types): runs `act`, then resolves with the milliseconds until `ready` holds, checked each animation frame. */
const timed = (act: string, ready: string) => `new Promise((done) => {
  const started = performance.now();
  ${act};
  const poll = () => ((${ready}) ? done(performance.now() - started) : performance.now() - started > 60000 ? done(NaN) : requestAnimationFrame(poll));
  requestAnimationFrame(poll);
})`;

const elements = (page: Page) => page.evaluate<number>('document.getElementsByTagName("*").length');

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'binaan-comparison-bench-'));
  const uiDir = join(scratch, 'ui');
  cpSync(join(ROOT, 'ui', 'dist'), uiDir, { recursive: true });
  mkdirSync(join(uiDir, 'bare-comparison'));
  writeFileSync(join(uiDir, 'bare-comparison', 'index.html'), BARE_HTML);
  writeFileSync(join(uiDir, 'bare-comparison', 'main.js'), BARE_MAIN);
  // An easy human check (as the browser tests have): the sign-in's proof of work is not what is measured.
  const api = await startApiProcess('cmpui', 1, { UI_DIR: uiDir, HUMAN_CHECK_MAX_NUMBER: '2000' });
  const db = await PostgresDatabase.open({ connectionString: api.url, schema: 'api', maxConnections: 2 });
  const browser = await launchChromium();
  try {
    const kumar = await signIn({ base: api.base }, 'kumar@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const lim = await signIn({ base: api.base }, 'lim@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const aminah = await signIn({ base: api.base }, 'aminah@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const { tenderId } = await seedComparison(api.base, await SqlEventStore.open(db), { kumar, lim, aminah }, SELLERS, LINES);

    const context = await browser.newContext({ baseURL: api.base, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInPage(page, 'kumar@teguhbina.my', TEGUH);
    console.log('signed in; measuring');
    const bare = await context.newPage();
    bare.on('pageerror', (error) => console.log('bare table:', error.message));

    const sheetOpen: number[] = [];
    const bareOpen: number[] = [];
    const sheetScroll: number[] = [];
    const bareScroll: number[] = [];
    const sizes = { sheet: 0, bare: 0 };
    for (let run = 0; run < RUNS; run++) {
      // The page measured is the one in front: a tab behind gets an animation frame a second.
      await page.bringToFront();
      await page.goto(`/tender/${tenderId}/show`);
      await page.getByTestId('tab-comparison').waitFor({ timeout: 60_000 });
      sheetOpen.push(
        await page.evaluate<number>(
          timed(
            `document.querySelector('[data-testid="tab-comparison"]').click()`,
            `document.querySelectorAll('[data-testid="cmp-row"]').length > 10`,
          ),
        ),
      );
      const drawnSellers = await page.getByTestId('cmp-seller').count();
      if (drawnSellers !== SELLERS) throw new Error(`the sheet shows ${drawnSellers} sellers, not ${SELLERS}`);
      sizes.sheet = await elements(page);
      sheetScroll.push(
        await page.evaluate<number>(
          timed(
            `(() => { const grid = document.querySelector('[data-testid="cmp-grid"]'); grid.scrollTop = grid.scrollHeight; })()`,
            `document.querySelector('[data-testid="cmp-row"][data-line="${LINES}"]') !== null`,
          ),
        ),
      );

      // A query of its own each run: a change of the hash alone would keep the page (and its table) of the run before.
      await bare.goto(`/bare-comparison/index.html?run=${run}#tender=${tenderId}&token=${kumar}`);
      await bare.bringToFront();
      await bare.locator('#open').waitFor();
      bareOpen.push(
        await bare.evaluate<number>(timed(`document.getElementById('open').click()`, `document.querySelectorAll('tbody tr').length > 10`)),
      );
      sizes.bare = await elements(bare);
      bareScroll.push(
        await bare.evaluate<number>(
          timed(
            `document.scrollingElement.scrollTop = document.scrollingElement.scrollHeight`,
            `(() => { const last = document.querySelector('tbody tr[data-line="${LINES}"]'); return last !== null && last.getBoundingClientRect().top < innerHeight; })()`,
          ),
        ),
      );
      console.log(`  run ${run + 1}: sheet open ${sheetOpen[run]!.toFixed(0)} ms, bare open ${bareOpen[run]!.toFixed(0)} ms`);
    }
    const open = median(sheetOpen) / median(bareOpen);
    console.log(`comparison sheet of ${SELLERS} sellers x ${LINES} lines in Chromium, ${RUNS} runs each, alternately:`);
    console.log(
      `  open    sheet p50 ${median(sheetOpen).toFixed(0)} ms | bare table p50 ${median(bareOpen).toFixed(0)} ms | ${open.toFixed(2)}x`,
    );
    console.log(
      `  scroll  to line ${LINES}: sheet p50 ${median(sheetScroll).toFixed(1)} ms | bare table p50 ${median(bareScroll).toFixed(1)} ms`,
    );
    console.log(`  size    elements on the page once open: sheet ${sizes.sheet} | bare table ${sizes.bare} (${SELLERS * LINES} cells)`);
    await context.close();
  } finally {
    await browser.close();
    await db.close();
    await api.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
