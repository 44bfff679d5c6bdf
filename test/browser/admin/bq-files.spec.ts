// The BQ's files in Chromium against the real product (apps/api/src/bills-of-quantity/
// IMPORT-EXPORT.md): Kumar imports an .xlsx the test builds with exceljs through the dialog (a column the
// proposal missed mapped by hand, progress from the NDJSON lines), the rows appear in the editor, the BQ
// exported is the same rows; a workbook with a bad cell is refused with the cell named by row and column.
// On the BQ scan list he uploads a page the test renders (pdf-lib), OCR reads it, a row whose printed amount
// does not match is blocked until corrected, and the rows are imported into a new tab. On a phone (375 px)
// the page says scanning is for a computer and offers no upload; every call says the device.
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { renderBqPdf, SAMPLE_PAGE, type PrintedRow } from '../../support/bq-scan-page.js';
import { bqProject, COMPANY } from './bq-project.js';
import { expect, signIn, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

test.describe.configure({ mode: 'serial' });

/** A printed-style BQ sheet: a heading row, then Item / Description / Unit / Qty and a rate column titled in words the proposal does not know. */
async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Substructure');
  sheet.addRow(['MENARA BQ FILES - BILL NO. 2']);
  sheet.addRow(['Item', 'Description', 'Unit', 'Qty', 'Harga seunit']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The rows shown: "<no.> <title> <amount>". */
async function shownRows(page: Page): Promise<string[]> {
  return page
    .getByTestId('bq-row')
    .evaluateAll((rows) =>
      rows
        .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
        .map((r) =>
          [
            r.getAttribute('data-number'),
            r.querySelector('[data-col="title"]')?.textContent,
            r.querySelector('[data-col="amount"]')?.textContent,
          ]
            .join(' ')
            .trim(),
        ),
    );
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('Excel: import through the dialog (mapping, progress), the rows in the editor, export them; a bad cell named by row and column', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(180_000);
  const projectId = await bqProject(baseURL!, 'Menara BQ Files');
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  const device = page.waitForRequest((r) => r.url().includes(`/api/bill-of-quantity/${projectId}`));
  await page.goto(`/project/${projectId}/bill-of-quantity`);
  expect((await device).headers()['x-binaan-device']).toBe('computer');
  await expect(page.getByTestId('bq-no-tabs')).toBeVisible();

  // Not a workbook: said at once, in words.
  await page.getByTestId('bq-import').click();
  await page.getByTestId('bq-import-file').setInputFiles({ name: 'notes.xlsx', mimeType: XLSX, buffer: Buffer.from('not a workbook') });
  await expect(page.getByTestId('bq-import-error')).toHaveText(
    'This file is not an .xlsx workbook. Save it as .xlsx (Excel 2007 or later) and try again.',
  );

  // A workbook: the preview proposes Item, Description, Unit, Qty; the rate column is mapped by hand.
  const good = await workbook([
    ['B', 'EXCAVATION AND EARTHWORK', null, null, null],
    ['B1', 'Excavate trenches not exceeding 1.5 m deep', 'm3', 45.5, 18],
    ['B2', 'Hardcore filling 150 mm thick', 'm2', 300, 9.2],
    ['C', 'CONCRETE WORK', null, null, null],
    ['C1', 'Reinforced concrete grade 30 in footings', 'm3', 36.25, 310],
  ]);
  await page.getByTestId('bq-import-file').setInputFiles({ name: 'bill-2.xlsx', mimeType: XLSX, buffer: good });
  const sheet = page.locator('[data-testid="bq-import-sheet"][data-sheet="Substructure"]');
  await expect(sheet.getByTestId('bq-import-preview-row')).toHaveCount(7);
  await expect(sheet.getByTestId('bq-import-header-row')).toHaveValue('2');
  await expect(sheet.getByTestId('bq-import-column-D')).toHaveValue('quantity');
  await expect(sheet.getByTestId('bq-import-column-E')).toHaveValue('');
  await sheet.getByRole('combobox', { name: /^Column E/ }).click();
  await page.getByRole('option', { name: 'Rate (RM)' }).click();
  await expect(sheet.getByTestId('bq-import-column-E')).toHaveValue('rate');
  await shot(page, 'bq-files-01-import-mapping-desktop');
  await noAxeFindings(page);
  const asked = page.waitForRequest((r) => r.url().includes('/import?mapping='));
  await page.getByTestId('bq-import-run').click();
  expect((await asked).headers().accept).toBe('application/x-ndjson');
  await expect(page.getByTestId('bq-import-done')).toHaveText('5 rows imported into Substructure');
  // The bar went through the api's phases, line by line.
  await expect(page.getByTestId('bq-import-progress')).toHaveAttribute('data-seen', 'reading checking writing');
  await expect(page.getByTestId('bq-import-progress')).toHaveAttribute('data-percent', '100');
  await shot(page, 'bq-files-02-import-done-desktop');
  await page.getByTestId('bq-import-close').click();
  await expect
    .poll(() => shownRows(page))
    .toEqual(['1 B 3,579.00', '1.1 B1 819.00', '1.2 B2 2,760.00', '2 C 11,237.50', '2.1 C1 11,237.50']);
  await expect(page.getByTestId('bq-total')).toContainText('RM 14,816.50');

  // Export: the .xlsx has the tab with the same rows.
  const download = page.waitForEvent('download');
  await page.getByTestId('bq-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-bill-of-quantity\.xlsx$/);
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.load((await readFile(await file.path())) as unknown as ExcelJS.Buffer);
  expect(exported.worksheets.map((w) => w.name)).toEqual(['Summary', 'Substructure']);
  const texts: string[] = [];
  exported.getWorksheet('Substructure')!.eachRow((row) => texts.push(JSON.stringify(row.values)));
  expect(texts.join('\n')).toContain('Excavate trenches not exceeding 1.5 m deep');
  expect(texts.join('\n')).toContain('Reinforced concrete grade 30 in footings');

  // A cell the BQ refuses: the row and column are named, the rows stay as they were.
  await page.getByTestId('bq-import').click();
  const bad = await workbook([
    ['D', 'BLOCKWORK', null, null, null],
    ['D1', '100 mm blockwall', 'm2', 'lots', 42],
  ]);
  await page.getByTestId('bq-import-file').setInputFiles({ name: 'bill-3.xlsx', mimeType: XLSX, buffer: bad });
  await page
    .locator('[data-testid="bq-import-sheet"]')
    .getByRole('combobox', { name: /^Column E/ })
    .click();
  await page.getByRole('option', { name: 'Rate (RM)' }).click();
  await page.getByTestId('bq-import-run').click();
  const cell = page.getByTestId('bq-import-cell-error');
  await expect(cell).toHaveCount(1);
  await expect(cell).toHaveAttribute('data-row', '4');
  await expect(cell).toHaveAttribute('data-column', 'D');
  await expect(cell).toContainText('The quantity must be a number of at least 0 with at most 3 decimal places.');
  await expect(page.getByTestId('bq-import-refusal')).toHaveAttribute('data-code', 'bqImportRowsInvalid');
  await shot(page, 'bq-files-03-import-refused-desktop');
  await noAxeFindings(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'bq-files-04-import-refused-375');
  await page.getByTestId('bq-import-cancel').click();
  await expect
    .poll(() => shownRows(page))
    .toEqual(['1 B 3,579.00', '1.1 B1 819.00', '1.2 B2 2,760.00', '2 C 11,237.50', '2.1 C1 11,237.50']);
  await shot(page, 'bq-files-05-editor-375');
});

test('scans: upload a rendered page, correct the row OCR flags, import it into a new tab; a phone is told to use a computer', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(240_000);
  const projectId = await bqProject(baseURL!, 'Menara BQ Scans');
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  // The printed amount of A2 is wrong (819.00 is 45.5 x 18.00): OCR reads it and flags the row.
  const printed: PrintedRow[] = SAMPLE_PAGE.map((row) => ('item' in row && row.item === 'A2' ? { ...row, amount: '891.00' } : row));
  const pdf = await renderBqPdf(printed);

  // From the BQ tab's link.
  await page.goto(`/project/${projectId}/bill-of-quantity`);
  await page.getByTestId('bq-scans-link').click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/bill-of-quantity-scan-list$`));
  await expect(page.getByTestId('bq-scan-list-empty')).toBeVisible();
  await expect(page).toHaveTitle(/^BQ scans · Menara BQ Scans/);
  await page.getByTestId('bq-scan-file').setInputFiles({ name: 'bill-2-substructure.pdf', mimeType: 'application/pdf', buffer: pdf });
  const row = page.getByTestId('bq-scan-list-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('bill-2-substructure.pdf');
  await expect(row).toContainText('Kumar');
  const review = page.getByTestId('bq-scan-review');
  await expect(review).toHaveAttribute('data-status', 'pendingReview', { timeout: 90_000 });
  await expect(row).toHaveAttribute('data-status', 'pendingReview', { timeout: 10_000 });
  const rows = review.getByTestId('bq-scan-row');
  await expect(rows).toHaveCount(7);
  await expect(review).toHaveAttribute('data-problems', '1');
  const a2 = rows.nth(2);
  await expect(a2).toHaveAttribute('data-problems', 'bqScanAmountMismatch');
  await expect(a2.getByTestId('bq-scan-problems')).toHaveText(
    'Printed amount (RM): Quantity times rate is not the printed amount: check the figures.',
  );
  await expect(page.getByTestId('bq-scan-import')).toBeDisabled();
  await shot(page, 'bq-files-06-scan-review-desktop');
  await noAxeFindings(page);

  // Corrected and saved: checked again by the api, the import opens.
  await a2.getByTestId('bq-scan-amount').fill('819.00');
  await expect(page.getByTestId('bq-scan-import')).toBeDisabled(); // saved first
  await page.getByTestId('bq-scan-save').click();
  await expect(review).toHaveAttribute('data-problems', '0');
  await expect(review).toHaveAttribute('data-dirty', 'false');
  await page.getByTestId('bq-scan-tab').fill('Bill 2 Substructure');
  await page.getByTestId('bq-scan-import').click();
  await expect(review).toHaveAttribute('data-status', 'imported');
  await expect(page.getByTestId('bq-scan-imported')).toContainText('Imported into the tab Bill 2 Substructure.');
  await expect(row).toHaveAttribute('data-status', 'imported');
  await shot(page, 'bq-files-07-scan-imported-desktop');

  await page.getByTestId('bq-scan-imported').getByRole('link').click();
  await expect(page.locator('[data-testid="bq-tab"][data-name="Bill 2 Substructure"]')).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(() => shownRows(page))
    .toEqual(['1  5,079.00', '1.1 A1 1,500.00', '1.2 A2 819.00', '1.3 A3 2,760.00', '2  15,367.50', '2.1 B1 4,130.00', '2.2 B2 11,237.50']);

  // A phone: told up front, no upload offered; the list and review still work.
  await page.setViewportSize({ width: 375, height: 800 });
  const phone = page.waitForRequest((r) => r.url().includes('/bill-of-quantity-scan-list?'));
  await page.goto(`/project/${projectId}/bill-of-quantity-scan-list`);
  expect((await phone).headers()['x-binaan-device']).toBe('phone');
  await expect(page.getByTestId('bq-scan-computer-only')).toHaveText(/^OCR scanning is allowed on a computer only\./);
  await expect(page.getByTestId('bq-scan-upload')).toHaveCount(0);
  await page.getByTestId('bq-scan-open').click();
  await expect(page.getByTestId('bq-scan-review')).toHaveAttribute('data-status', 'imported');
  await shot(page, 'bq-files-08-scan-list-375');
  await noAxeFindings(page);
  // The rule is the api's too: an upload that says phone is refused.
  const refused = await page.evaluate(
    async ({ id, token }) => {
      const reply = await fetch(`/api/project/${id}/bill-of-quantity-scans`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/pdf', 'X-Binaan-Device': 'phone', Authorization: `Bearer ${token}` },
        body: new Blob(['%PDF-1.4']),
      });
      return { status: reply.status, code: ((await reply.json()) as { errorCode: string }).errorCode };
    },
    { id: projectId, token: await page.evaluate(() => JSON.parse(localStorage.getItem('binaan.session') ?? '{}').jwtToken as string) },
  );
  expect(refused).toEqual({ status: 403, code: 'bqScanComputerOnly' });
});
