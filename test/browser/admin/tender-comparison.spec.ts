// The tender page's comparison tab in Chromium: the real api's answer for a tender before its close first (a
// notice: sealed); with a sheet of 12 sellers x 300 lines (the api's replies answered by the test,
// since a real tender cannot close in a browser run: its open time is at least 5 minutes ahead, §5.3) the
// grid shows the sellers across, the lowest rate of each line marked by a star besides its colour, the
// totals row; the arrow keys move the active cell; at 375 px the page itself never scrolls sideways (the
// grid does, inside); axe finds no WCAG 2.2 AA issue at either size, in English and Chinese.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiSession, expect, signIn, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

const LOCALES = resolve(import.meta.dirname, '../../../ui/src/shared/i18n/locales');
const admin = (language: string) =>
  JSON.parse(readFileSync(resolve(LOCALES, language, 'admin.json'), 'utf8')) as { admin: { tenderComparison: Record<string, string> } };
const SELLERS = 12;
const LINES = 300;
const money = (sen: number) => `${Math.floor(sen / 100)}.${String(sen % 100).padStart(2, '0')}`;

/** One page of a made-up sheet as the api would send it: seller s's rate on line n, line 7 missing for the last seller, line 5 excluded by the first. */
function sheetPage(after: number, limit: number) {
  const rate = (s: number, n: number) => 1000 + ((n * 37 + s * 53) % 900);
  const sellers = Array.from({ length: SELLERS }, (_, s) => ({
    sellerCompanyId: `seller-${s}`,
    sellerName: `Seller ${String.fromCharCode(65 + s)} Sdn Bhd`,
    revision: 0,
    submittedAt: '2026-11-01T00:00:00.000Z',
    revisedAt: '2026-11-01T00:00:00.000Z',
    rank: s + 1,
    total: money(2_000_000 + s * 12_345),
    quoted: LINES,
    included: 0,
    excluded: 0,
    missing: 0,
    lowestLines: 10,
    deviation: { amount: money(s * 12_345), percent: (s * 0.61).toFixed(2) },
  }));
  const items = [];
  for (let n = after + 1; n <= Math.min(LINES, after + limit); n++) {
    const rates = sellers.map((_, s) => rate(s, n));
    const lowest = Math.min(...rates);
    items.push({
      lineNo: n,
      description: `Line ${n}: reinforced concrete grade 30 for pile caps`,
      unit: 'm3',
      quantity: '12.000',
      estimate: { rate: '15.00', amount: '180.00' },
      lowestRate: money(lowest),
      rates: rates.map((r, s) => (n === 7 && s === SELLERS - 1 ? null : n === 5 && s === 0 ? '0.00' : money(r))),
      amounts: rates.map((r, s) => (n === 7 && s === SELLERS - 1 ? null : n === 5 && s === 0 ? '0.00' : money(r * 12))),
      deviations: rates.map((r, s) =>
        n === 7 && s === SELLERS - 1 ? null : n === 5 && s === 0 ? '-100.00' : ((r * 12 - 18000) / 180).toFixed(2),
      ),
      lowest: rates.flatMap((r, s) => (r === lowest && !(n === 7 && s === SELLERS - 1) && !(n === 5 && s === 0) ? [s] : [])),
      included: [],
      excluded: n === 5 ? [0] : [],
      missing: n === 7 ? [SELLERS - 1] : [],
    });
  }
  return {
    success: true,
    tenderId: 't',
    documentNo: 'TD-2026-0001',
    title: 'Piling works',
    status: 'comparison',
    estimate: { total: money(18000 * LINES) },
    lines: LINES,
    sellers,
    items,
    nextAfter: after + limit < LINES ? after + limit : null,
    notQuoted: [{ sellerCompanyId: 'x', sellerName: 'Jaya Padu Sdn Bhd' }],
  };
}

for (const language of ['en', 'zh']) {
  test(`comparison tab in ${language}: sealed notice, then a 12 x 300 sheet by keyboard, at 1280 and 375 px, no axe finding`, async ({
    browser,
    baseURL,
    shot,
  }) => {
    test.setTimeout(180_000);
    const words = admin(language).admin.tenderComparison;
    // A tender of the test's own, made active by its approver, opening tomorrow: sealed until it closes. (The
    // newest tender on the server could be any other spec's, in any status, with or without quotations.)
    const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
    const lim = await apiSession(baseURL!, 'lim@teguhbina.my', 'teguh-bina');
    const warehouse = (await kumar.call<{ id: string; code: string }[]>('GET', '/api/projects')).json.find(
      (project) => project.code === 'TB-GB-SA',
    )!;
    const now = Date.now();
    const tender = await kumar.call<{ id: string }>('POST', '/api/documents/tender', {
      title: `Piling works, sealed (${language} ${now.toString(36)})`,
      counterpartyCompanyId: 'kukuh-jaya',
      projectId: warehouse.id,
      openAt: new Date(now + 86_400_000).toISOString(),
      closeAt: new Date(now + 10 * 86_400_000).toISOString(),
      expectedDeliveryStart: new Date(now + 14 * 86_400_000).toISOString().slice(0, 10),
      items: [{ description: 'Bored piles 600 mm', unit: 'm', quantity: '120', rate: '150.00' }],
    });
    expect(tender.status).toBe(201);
    const requested = await kumar.call<{ revision: number }>(
      'POST',
      `/api/documents/tender/${tender.json.id}/actions/Request_Approve`,
      {},
      { 'If-Match': '"1"' },
    );
    expect(
      (
        await lim.call<{ status: string }>(
          'POST',
          `/api/documents/tender/${tender.json.id}/actions/Approve`,
          {},
          { 'If-Match': `"${requested.json.revision}"` },
        )
      ).json.status,
    ).toBe('active');
    const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 800 } });
    await context.addInitScript((chosen) => localStorage.setItem('binaan.language', chosen), language);
    const page = await context.newPage();
    await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
    await page.goto(`/tender/${encodeURIComponent(tender.json.id)}/show`);
    await page.getByTestId('tab-comparison').click();
    // The real api first: before its close the tender is sealed (409), and the tab says so.
    const errors = (JSON.parse(readFileSync(resolve(LOCALES, language, 'errors.json'), 'utf8')) as { error: Record<string, string> }).error;
    await expect(page.getByTestId('cmp-refused')).toContainText(errors.tenderSealed!);

    await page.route('**/api/tendering/tenders/*/comparison*', async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ json: sheetPage(Number(url.searchParams.get('after') ?? 0), Number(url.searchParams.get('limit') ?? 200)) });
    });
    await page.getByTestId('tab-history').click();
    await page.getByTestId('tab-comparison').click();
    const grid = page.getByTestId('cmp-grid');
    await expect(grid).toBeVisible();
    await expect(page.getByTestId('cmp-seller')).toHaveCount(SELLERS);
    await expect(page.getByTestId('cmp-seller-total')).toHaveCount(SELLERS);
    // Virtualised: far fewer rows drawn than the 300 lines.
    expect(await page.getByTestId('cmp-row').count()).toBeLessThan(60);
    const firstRow = page.locator('[data-testid="cmp-row"][data-line="1"]');
    await expect(firstRow.locator('[data-lowest="true"]')).toContainText('★');
    await expect(firstRow.locator('[data-lowest="true"]')).toContainText(words.lowest!);
    await expect(page.locator('[data-testid="cmp-row"][data-line="5"] [data-state="excluded"]')).toHaveText(words.excluded!);
    await expect(page.locator('[data-testid="cmp-row"][data-line="7"] [data-state="missing"]')).toHaveText(words.missing!);

    // Keyboard: focus the grid, move right along line 1 and down; the active cell follows and stays in view.
    await grid.focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const active = await grid.getAttribute('aria-activedescendant');
    expect(active).toMatch(/-1-6$/);
    await expect(page.locator(`[id="${active}"]`)).toBeInViewport();
    await page.keyboard.press('Control+End');
    await expect(page.locator(`[id="${await grid.getAttribute('aria-activedescendant')}"]`)).toBeInViewport();
    await page.keyboard.press('Control+Home');
    await noAxeFindings(page, `desktop ${language}`);
    await shot(page, `tender-comparison-1280-${language}`);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(grid).toBeVisible();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(await grid.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await noAxeFindings(page, `phone ${language}`);
    await shot(page, `tender-comparison-375-${language}`);
    await context.close();
  });
}
