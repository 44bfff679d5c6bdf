// How the reports page draws what the api answers, whatever the figures of the day: the api's reply is
// answered here (a buyer report of every column kind, a section with more than 500 rows, an empty one), so the
// cells' formats, the charts, the "largest 500" line, the empty section, the file name of an export and the
// printed page are checked against figures worked out by hand. reports.spec.ts runs the same page on the real api.
import type { Page } from '@playwright/test';
import type { ReportReply } from '@binaan/contracts';
import { axeFindings } from './axe.js';
import { expect, signIn, test } from './fixtures.js';

const REPLY: ReportReply = {
  report: 'buyer',
  filters: { from: '2026-02-01', to: '2026-03-02', projectId: null, counterpartyId: null },
  asOf: null,
  drawnAt: '2026-03-02T09:00:00.000Z',
  sections: [
    {
      key: 'spendByMonth',
      columns: [
        { key: 'month', kind: 'month' },
        { key: 'amount', kind: 'money' },
        { key: 'orders', kind: 'count' },
      ],
      rows: [
        { month: '2026-02', amount: '123456.5', orders: 1234 },
        { month: '2026-03', amount: '4500.75', orders: 3 },
      ],
      chart: { type: 'line', x: 'month', series: ['amount'] },
      more: false,
    },
    {
      key: 'ordersByAge',
      columns: [
        { key: 'bucket', kind: 'key' },
        { key: 'share', kind: 'percent' },
        { key: 'averageDays', kind: 'days' },
        { key: 'since', kind: 'date' },
      ],
      rows: [
        { bucket: 'days0to7', share: '62.5', averageDays: 3.5, since: '2026-02-12' },
        { bucket: 'over90', share: '37.5', averageDays: 1, since: '2026-01-05' },
      ],
      chart: { type: 'bar', x: 'bucket', series: ['share'] },
      more: true,
    },
    {
      key: 'spendBySupplier',
      columns: [
        { key: 'supplier', kind: 'text' },
        { key: 'amount', kind: 'money' },
      ],
      rows: [],
      chart: { type: 'pie', x: 'supplier', series: ['amount'] },
      more: false,
    },
  ],
};

async function answerReports(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('**/api/reports/buyer?*', async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    if (url.searchParams.get('format') === 'csv') {
      return route.fulfill({
        body: 'month,amount\n2026-02,123456.50\n',
        headers: {
          'content-type': 'text/csv',
          'content-disposition': `attachment; filename="buyer.csv"; filename*=UTF-8''%E4%B9%B0%E6%96%B9-${url.searchParams.get('section')}.csv`,
        },
      });
    }
    return route.fulfill({ json: { ...REPLY, asOf: url.searchParams.get('asOf') } });
  });
  return asked;
}

const cells = (page: Page, section: string) =>
  page
    .locator(`[data-section="${section}"] tbody tr`)
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent)));

test('each column kind reads as the reader expects, with its chart; an empty section says so; the export keeps its name', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const asked = await answerReports(page);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto('/reports/buyer?from=2026-02-01&to=2026-03-02');
  await expect(page.getByTestId('report-section')).toHaveCount(3);
  expect(asked[0]).toBe('?from=2026-02-01&to=2026-03-02');

  expect(await cells(page, 'spendByMonth')).toEqual([
    ['02/2026', 'RM 123,456.50', '1,234'],
    ['03/2026', 'RM 4,500.75', '3'],
  ]);
  expect(await cells(page, 'ordersByAge')).toEqual([
    ['0–7 days', '62.5%', '3.5 days', '12/02/2026'],
    ['Over 90 days', '37.5%', '1 day', '05/01/2026'],
  ]);
  await expect(page.locator('[data-section="spendByMonth"] [data-testid="report-chart"] svg').first()).toBeVisible();
  await expect(page.locator('[data-section="ordersByAge"] [data-testid="report-chart"] svg').first()).toBeVisible();
  await expect(page.locator('[data-section="spendByMonth"] th[scope="col"]')).toHaveCount(3);
  await expect(page.locator('[data-section="spendByMonth"] caption')).toHaveCount(1);
  // More than 500 rows: said once, under that section only.
  await expect(page.getByTestId('report-more')).toHaveCount(1);
  await expect(page.locator('[data-section="ordersByAge"] [data-testid="report-more"]')).toHaveText(
    'The table shows the largest 500 rows; the export has them all.',
  );
  // The empty section: its line, no chart, no table, no export.
  const empty = page.locator('[data-section="spendBySupplier"]');
  await expect(empty.getByTestId('report-empty')).toHaveText('No figures in this range.');
  await expect(empty.getByTestId('report-chart')).toHaveCount(0);
  await expect(empty.getByTestId('report-export-csv')).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  // The CSV under the UTF-8 name the api gives.
  const download = page.waitForEvent('download');
  await page.locator('[data-section="spendByMonth"]').getByTestId('report-export-csv').click();
  expect((await download).suggestedFilename()).toBe('买方-spendByMonth.csv');
  expect(asked.at(-1)).toBe('?from=2026-02-01&to=2026-03-02&format=csv&section=spendByMonth');

  // Printed: the report alone, no app bar, menu, filters or buttons.
  await page.emulateMedia({ media: 'print' });
  for (const hidden of [
    '.MuiAppBar-root',
    '[data-testid="report-filters"]',
    '[data-testid="report-export-xlsx"]',
    '[data-testid="report-export-csv"]',
  ]) {
    await expect(page.locator(hidden).first()).toBeHidden();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Buyer report' })).toBeVisible();
  await page.screenshot({ path: 'test-results/report-drawing-print.png', fullPage: true });
});

test('as of a past time, the heading says so; at 375 px the page does not scroll sideways', async ({ page }) => {
  test.setTimeout(120_000);
  const asked = await answerReports(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto('/reports/buyer?from=2026-02-01&to=2026-03-02');
  await expect(page.getByTestId('report-as-of')).toHaveText('As it stands now');
  await page.getByTestId('report-asOf').fill('12/02/2026 5:00 PM');
  await page.getByTestId('report-apply').click();
  await expect(page.getByTestId('report-as-of')).toHaveText('As it stood on 12/02/2026 5:00 PM');
  expect(new URLSearchParams(asked.at(-1)).get('asOf')).toBe(new Date(2026, 1, 12, 17, 0).toISOString());
  await expect(page.getByTestId('report-section')).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/report-drawing-375.png', fullPage: true });
  expect(await axeFindings(page)).toEqual([]);
  // 61 days: refused on the page, nothing asked.
  const before = asked.length;
  await page.getByTestId('report-from').fill('31/12/2025');
  await page.getByTestId('report-to').fill('01/03/2026');
  await page.getByTestId('report-apply').click();
  await expect(page.getByTestId('report-refusal')).toHaveText(
    'A report covers at most 60 days (login activity: 7). Choose a shorter range.',
  );
  expect(asked.length).toBe(before);
});
