// The reports pages against the real api and the demo data (report-drawing.spec.ts checks the drawing of every
// column kind): Lim (an approver at Teguh Bina, a buying company, with the reports right) follows Home's key
// figure to its section, opens the buyer report from the menu, narrows it, sees each section's chart and table,
// exports a section as CSV and the report as .xlsx and reads both back, redraws it as of a past time, and is
// refused a 61-day window by the page and by the api. In Malay and Chinese at 375 px the page fits and axe finds
// nothing.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { axeFindings } from './axe.js';
import { expect, signIn, test } from './fixtures.js';

const LOCALES = resolve(import.meta.dirname, '../../../ui/src/shared/i18n/locales');
const json = (language: string, file: string) =>
  JSON.parse(readFileSync(resolve(LOCALES, language, `${file}.json`), 'utf8')) as Record<string, unknown>;
const words = (language: string) =>
  (json(language, 'reports') as { reports: { names: Record<string, string>; asOf: string; filters: Record<string, string> } }).reports;
const errors = (language: string) => (json(language, 'errors') as { error: Record<string, string> }).error;

const two = (n: number) => String(n).padStart(2, '0');
/** A day `days` from today in the browser's (and this machine's) time zone, as DD/MM/YYYY and YYYY-MM-DD. */
function day(days: number): { dmy: string; iso: string } {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return {
    dmy: `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}`,
    iso: `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`,
  };
}

async function fillRange(page: Page, from: string, to: string): Promise<void> {
  await page.getByTestId('report-from').fill(from);
  await page.getByTestId('report-to').fill(to);
}

test('the buyer report: filters, charts and tables, CSV and .xlsx, as of a past time, the 60-day rule', async ({ page }) => {
  test.setTimeout(180_000);
  const en = words('en');
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  // Home's key figures link to the section they come from.
  await page.goto('/article');
  const figure = page.getByTestId('home-key-figure').first().getByRole('link');
  await expect(figure).toHaveText(/^RM [\d,]+\.\d{2}$/);
  await figure.click();
  await expect(page).toHaveURL(/\/reports\/buyer#section-spend\w+$/);
  const anchor = new URL(page.url()).hash.slice(1);
  await expect(page.locator(`[id="${anchor}"]`)).toBeInViewport();

  await page.getByRole('menuitem', { name: en.names.buyer }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.names.buyer })).toBeVisible();
  await expect(page).toHaveTitle(`${en.names.buyer} · Binaan`);
  await expect(page.getByTestId('report-as-of')).toHaveText('As it stands now');

  // The last 60 days (the most a report covers), one project: the URL keeps the filters.
  const first = day(-59);
  const today = day(0);
  await fillRange(page, first.dmy, today.dmy);
  await page.getByTestId('report-project').click();
  await page.getByRole('option').nth(1).click();
  await page.getByTestId('report-apply').click();
  await expect(page).toHaveURL(new RegExp(`from=${first.iso}&to=${today.iso}&projectId=`));
  await expect(page.getByTestId('report-window')).toHaveText(`From ${first.dmy} to ${today.dmy}`);
  // Back to every project: the demo's documents are spread over its projects.
  await page.getByTestId('report-project').click();
  await page.getByRole('option', { name: en.filters.allProjects }).click();
  const everyProject = page.waitForResponse((reply) => reply.url().includes('/api/reports/buyer?') && !reply.url().includes('projectId='));
  await page.getByTestId('report-apply').click();
  await expect(page).not.toHaveURL(/projectId=/);
  await everyProject;

  const sections = page.getByTestId('report-section');
  await expect(sections.first()).toBeVisible();
  // The report for every project is drawn once its reply is in: a section with a table (waited for, not counted
  // at once: the project's report, all "no figures", may still be on the page while the next is read).
  const filled = sections.filter({ has: page.getByTestId('report-table') });
  await expect(filled.first()).toBeVisible();
  // A chart is drawn (an svg in its figure) wherever the api describes one, with its table beside it.
  await expect(page.locator('[data-testid="report-section"] [data-testid="report-chart"] svg').first()).toBeVisible();
  // One section, held by its key: "the first with a table" may be another once the page redraws.
  const key = (await filled.first().getAttribute('data-section'))!;
  const section = page.locator(`[data-testid="report-section"][data-section="${key}"]`);
  const shownRows = await section.locator('tbody tr').count();
  const shownColumns = await section.locator('thead th').count();
  expect(await axeFindings(page)).toEqual([]);

  // The section as CSV, named by the api: a header of its columns and every row (the table shows at most 500).
  const csvDownload = page.waitForEvent('download');
  await section.getByTestId('report-export-csv').click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`buyer-report-${key}-${first.iso}-to-${today.iso}.csv`);
  const lines = (await readFile(await csv.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  expect(lines[0]!.split(',')).toHaveLength(shownColumns);
  expect(lines.length).toBeGreaterThanOrEqual(shownRows + 1);

  // The report as .xlsx: a sheet per section.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByTestId('report-export-xlsx').click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(`buyer-report-${first.iso}-to-${today.iso}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await xlsx.path())) as unknown as ExcelJS.Buffer);
  // A sheet per section, in the page's order, and the report's own sheet (its window) last.
  const keys = await sections.evaluateAll((all) => all.map((el) => el.getAttribute('data-section')));
  expect(book.worksheets.map((sheet) => sheet.name)).toEqual([...keys, 'report']);
  expect(book.getWorksheet(key)!.rowCount).toBe(lines.length);
  expect(book.getWorksheet('report')!.getRow(2).values).toEqual([undefined, 'from', first.iso]);

  // As it stood yesterday at 5 PM: the heading says so, and the api drew it then.
  const yesterday = day(-1);
  await page.getByTestId('report-asOf').fill(`${yesterday.dmy} 5:00 PM`);
  const asked = page.waitForRequest((request) => request.url().includes('/api/reports/buyer?') && request.url().includes('asOf='));
  await page.getByTestId('report-apply').click();
  expect(new URL((await asked).url()).searchParams.get('asOf')).toBe(new Date(`${yesterday.iso}T17:00:00`).toISOString());
  await expect(page.getByTestId('report-as-of')).toHaveText(`As it stood on ${yesterday.dmy} 5:00 PM`);
  await expect(sections.first()).toBeVisible();

  // 61 days: the page refuses before asking, with the api's own message...
  await fillRange(page, day(-60).dmy, today.dmy);
  await page.getByTestId('report-apply').click();
  await expect(page.getByTestId('report-refusal')).toHaveText(errors('en').reportRangeTooLong!);
  // ...and the api refuses the same window reached by its URL, its message shown.
  await page.goto(`/reports/buyer?from=${day(-60).iso}&to=${today.iso}`);
  await expect(page.getByTestId('report-server-refusal')).toHaveText(errors('en').reportRangeTooLong!);
});

for (const language of ['ms', 'zh'] as const) {
  test(`the buyer report in ${language} at 375 px: its words, no sideways scroll, axe clean`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
    await page.evaluate((chosen) => localStorage.setItem('binaan.language', chosen), language);
    await page.goto(`/reports/buyer?from=${day(-59).iso}&to=${day(0).iso}`);
    const ours = words(language);
    await expect(page.getByRole('heading', { level: 1, name: ours.names.buyer })).toBeVisible();
    await expect(page.getByTestId('report-section').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `test-results/reports-buyer-${language}-375.png`, fullPage: true });
    expect(await axeFindings(page)).toEqual([]);
    // The window's rule in this language.
    await page.getByTestId('report-from').fill(day(-60).dmy);
    await page.getByTestId('report-apply').click();
    await expect(page.getByTestId('report-refusal')).toHaveText(errors(language).reportRangeTooLong!);
  });
}
