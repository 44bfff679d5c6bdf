// The company's machinery feeds the pickers and is imported (apps/api/src/companies/README.md, "The company's
// machinery in the pickers"; apps/api/src/data-import/README.md). Kumar (who raises Teguh Bina's requests) types
// in a machine request's line: the company's machines come first, grouped apart from the catalogue; he picks the
// tower crane by keyboard and the line takes its text and the unit "day"; the catalogue and free text still work,
// and the request is saved with the machine's line. Aminah opens the import from the machinery tab, is refused a
// sheet with a bad row (by sheet, row and column, nothing recorded), then imports it mended and finds the machines
// on the tab and in the picker's route. axe finds nothing, and nothing runs past a phone's edge, at 1280 and 375 px
// in English, Malay and Chinese. Each run imports machines of its own (a model no other run has).
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { apiSession, expect, signIn, test } from './fixtures.js';
import { layoutProblems } from './layout-fit.js';
import { noAxeFindings } from './axe.js';

const LANGUAGES = ['en', 'ms', 'zh'] as const;
const LOCALES = resolve(import.meta.dirname, '../../../ui/src/shared/i18n/locales');
type Catalogue = Record<string, unknown>;
const admin = Object.fromEntries(
  LANGUAGES.map((l) => [l, JSON.parse(readFileSync(resolve(LOCALES, l, 'admin.json'), 'utf8')) as Catalogue]),
);
const text = (language: string, key: string): string => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], admin[language]);
  if (typeof found !== 'string') throw new Error(`no text ${key} in ${language}`);
  return found;
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function checked(page: Page, where: string, width: number): Promise<void> {
  await noAxeFindings(page, where);
  expect({ where, problems: await layoutProblems(page, { phone: width === 375 }) }).toEqual({ where, problems: [] });
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Fleet').addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test("a machine request line picks one of the company's machines by keyboard; the catalogue and free text still work", async ({
  page,
  shot,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  for (const language of LANGUAGES) {
    await page.evaluate((chosen) => localStorage.setItem('binaan.language', chosen), language);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/machineRequest/create');
      const description = page.getByRole('combobox', { name: text(language, 'admin.fields.description') }).first();
      await description.fill('cr');
      // The company's machines first, as a group named for them; then the catalogue's items as a group of their own.
      const machines = page.getByRole('group', { name: text(language, 'admin.machineryPicker.machines') });
      await expect(machines.getByRole('option', { name: /Tower crane Liebherr 81 K\.1/ })).toBeVisible();
      await expect(
        page
          .getByRole('group', { name: text(language, 'admin.machineryPicker.catalogue') })
          .getByRole('option', { name: /Concrete pump hire/ }),
      ).toBeVisible();
      await checked(page, `picker open ${language} ${width}`, width);
      await shot(page, `machinery-01-picker-${language}-${width}`);
      // By keyboard: the first option is the company's machine; Enter writes it into the line, and the unit "day".
      await page.keyboard.press('ArrowDown');
      await expect(description).toHaveAttribute('aria-activedescendant', /.+/);
      await page.keyboard.press('Enter');
      await expect(description).toHaveValue('Tower crane: Liebherr 81 K.1, 6 t');
      await expect(page.locator('input[name="items.0.unit"]')).toHaveValue(text(language, 'admin.machineryPicker.unit'));
      await expect(page.getByRole('listbox')).toHaveCount(0);
    }
  }
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));

  // In English at 1280: a unit typed first is kept; a catalogue item still fills unit and rate; free text stays free.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/machineRequest/create');
  const description = page.getByRole('combobox', { name: 'Description' }).first();
  await page.locator('input[name="items.0.unit"]').fill('hour');
  await description.fill('hitachi');
  await page.getByRole('option', { name: /Excavator Hitachi ZX200/ }).click();
  await expect(description).toHaveValue('Excavator: Hitachi ZX200, 20 t');
  await expect(page.locator('input[name="items.0.unit"]')).toHaveValue('hour');
  await description.fill('pump');
  await page.getByTestId('catalogue-suggestion').filter({ hasText: 'Concrete pump hire' }).click();
  await expect(description).toHaveValue('Concrete pump hire: Boom pump with operator');
  await expect(page.locator('input[name="items.0.rate"]')).toHaveValue('1200.00');
  await description.fill('Scissor lift, 10 m platform');
  await expect(description).toHaveValue('Scissor lift, 10 m platform');

  // The request saved with a machine's line.
  await description.fill('excav');
  await expect(page.getByTestId('machinery-suggestion').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(description).toHaveValue('Excavator: Hitachi ZX200, 20 t');
  await page.locator('input[name="title"]').fill('Excavator for the basement dig');
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'Menara Teguh, Block A' }).click();
  await page.locator('input[name="items.0.quantity"]').fill('6');
  await page.locator('input[name="items.0.rate"]').fill('850');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('status-chip').first()).toHaveText('New', { timeout: 15_000 });
  await expect(page.getByRole('cell', { name: 'Excavator: Hitachi ZX200, 20 t' })).toBeVisible();
  await shot(page, 'machinery-02-request-saved-1280');
});

test('machinery imported from a workbook, opened from the machinery tab: a bad row refused by sheet, row and column, then every row recorded', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(360_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const rows = [
    ['Brand', 'Model', 'Type', 'Capacity', 'Quantity', 'Year made'],
    ['Atlas Copco', `XAS-${tag}`, 'Air compressor', '185 cfm', 2, 2021],
    ['Denyo', `DCA-${tag}`, 'Mobile generator', '60 kVA', null, 2019],
  ];
  const bad = await workbook([...rows, ['Sakai', null, 'Road roller', '10 t', 0, 2020]]);
  const good = await workbook(rows);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  for (const language of LANGUAGES) {
    await page.evaluate((chosen) => localStorage.setItem('binaan.language', chosen), language);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/administration/company?tab=machinery');
    // The way in: from the machinery tab (by keyboard), and from the menu.
    const importButton = page.getByTestId('profile-import-machinery');
    await expect(importButton).toHaveText(text(language, 'admin.companyProfile.importMachinery'), { timeout: 20_000 });
    await expect(page.getByRole('menuitem', { name: text(language, 'admin.menu.machineryImport') })).toBeVisible();
    await checked(page, `machinery tab ${language} 1280`, 1280);
    await shot(page, `machinery-00-tab-${language}-1280`);
    await page.setViewportSize({ width: 375, height: 900 });
    await checked(page, `machinery tab ${language} 375`, 375);
    await importButton.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/administration\/data-import\/machinery$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'admin.dataImport.title.machinery'));

    await page.getByTestId('import-file').setInputFiles({ name: 'fleet.xlsx', mimeType: XLSX, buffer: bad });
    await expect(page.getByTestId('import-preview')).toBeVisible();
    await expect(page.getByTestId('import-column-yearMade')).toHaveValue('6');
    await checked(page, `import preview ${language} 375`, 375);
    await page.getByTestId('import-start').click();
    const problems = page.getByTestId('import-error-row');
    await expect(problems).toHaveCount(2);
    // The refusal takes the focus (the Import button was disabled while it ran), so the keyboard and a screen reader are there.
    await expect(page.getByTestId('import-error')).toBeFocused();
    // Sheet, row, column (as Excel names it), field, problem.
    await expect(problems.nth(0).getByRole('cell')).toHaveText([
      'Fleet',
      '4',
      'B',
      text(language, 'admin.dataImport.fields.machinery.model'),
      /.+/,
    ]);
    await expect(problems.nth(1).getByRole('cell')).toHaveText([
      'Fleet',
      '4',
      'E',
      text(language, 'admin.dataImport.fields.machinery.quantity'),
      /\(0\)$/,
    ]);
    await checked(page, `import refused ${language} 375`, 375);
    await shot(page, `machinery-03-import-refused-${language}-375`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await checked(page, `import refused ${language} 1280`, 1280);
  }
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const found = async () =>
    (await kumar.call<{ items: { model: string }[] }>('GET', `/api/company/machinery?q=${tag}`)).json.items.map((m) => m.model).sort();
  expect(await found()).toEqual([]);

  // Mended: every row recorded, found on the machinery tab and offered to the machine request's picker.
  await page.goto('/administration/data-import/machinery');
  await page.getByTestId('import-file').setInputFiles({ name: 'fleet.xlsx', mimeType: XLSX, buffer: good });
  await expect(page.getByTestId('import-preview')).toBeVisible();
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toContainText('2 rows imported.');
  await shot(page, 'machinery-04-imported-1280');
  await page.getByRole('link', { name: 'Open the machinery list' }).click();
  await page.getByTestId('profile-search-machinery').fill(tag);
  await expect(page.getByTestId('profile-entry')).toHaveCount(2);
  await expect(page.getByTestId('profile-entry').filter({ hasText: `DCA-${tag}` })).toContainText('Mobile generator');
  expect(await found()).toEqual([`DCA-${tag}`, `XAS-${tag}`]);
});
