// The company's catalogue in the browser against the real app: the administrator adds an item; a buyer finds
// it while typing a purchase order line's description and the line takes its unit and rate; the administrator
// imports three items from an .xlsx made here, checks the proposed columns, and finds them in the catalogue.
import ExcelJS from 'exceljs';
import { expect, signIn, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

test('an item added, found from a purchase order line, and three imported from a workbook', async ({ page, shot }) => {
  test.setTimeout(240_000);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto('/administration/catalogue-items');
  await expect(page.getByTestId('catalogue-row').first()).toBeVisible();
  await page.getByTestId('catalogue-add').click();
  await page.getByTestId('catalogue-field-code').fill('BR-CL');
  await page.getByTestId('catalogue-field-name').fill('Clay bricks, common');
  await page.getByTestId('catalogue-field-unit').fill('1000 nos');
  await page.getByTestId('catalogue-field-unitPrice').fill('420.5');
  await page.getByTestId('catalogue-field-manufacturer').fill('Kilang Bata Selangor');
  await shot(page, 'admin-catalogue-01-add');
  await page.getByTestId('catalogue-save').click();
  await expect(page.getByTestId('catalogue-dialog')).toBeHidden();
  await page.getByTestId('catalogue-search').fill('clay');
  await expect(page.getByTestId('catalogue-row')).toHaveCount(1);
  await expect(page.getByTestId('catalogue-row')).toContainText('RM 420.50');
  // The same name again is refused with its message.
  await page.getByTestId('catalogue-add').click();
  await page.getByTestId('catalogue-field-code').fill('BR-CL2');
  await page.getByTestId('catalogue-field-name').fill('CLAY BRICKS, COMMON');
  await page.getByTestId('catalogue-save').click();
  await expect(page.getByTestId('catalogue-error')).toHaveText('An item with the same name exists.');
  await page.getByRole('button', { name: 'Close' }).click();
  await shot(page, 'admin-catalogue-02-list');

  // A buyer's purchase order line: the item is suggested while typing, and fills unit and rate.
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto('/purchaseOrder/create');
  const description = page.getByRole('combobox', { name: 'Description' }).first();
  await description.fill('clay br');
  await expect(page.getByTestId('catalogue-suggestion')).toHaveCount(1);
  await shot(page, 'admin-catalogue-03-line-picker');
  await page.getByTestId('catalogue-suggestion').click();
  await expect(description).toHaveValue('Clay bricks, common');
  await expect(page.locator('input[name="items.0.unit"]')).toHaveValue('1000 nos');
  await expect(page.locator('input[name="items.0.rate"]')).toHaveValue('420.50');
  // Free text still works.
  await description.fill('Site cleaning, one-off');
  await expect(description).toHaveValue('Site cleaning, one-off');

  // Three items imported from a workbook with a title above its header row.
  const book = new ExcelJS.Workbook();
  book
    .addWorksheet('Price list')
    .addRows([
      ['Supplier price list'],
      ['Kind', 'Code', 'Name', 'UOM', 'Unit price'],
      ['product', 'SD-R', 'River sand', 'tonne', 45],
      ['product', 'AG-20', 'Aggregate 20 mm', 'tonne', 58.5],
      ['trade', null, 'Ceiling boarding', 'm2', 22],
    ]);
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto('/administration/data-import/catalogue-items');
  await page.getByTestId('import-file').setInputFiles({
    name: 'price-list.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bytes,
  });
  await expect(page.getByTestId('import-preview')).toBeVisible();
  await expect(page.getByTestId('import-header-row')).toHaveValue('2');
  await expect(page.getByTestId('import-column-unitPrice')).toHaveValue('5');
  await shot(page, 'admin-catalogue-04-import-preview');
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toContainText('3 rows imported.');
  await page.goto('/administration/catalogue-items');
  await page.getByTestId('catalogue-search').fill('aggregate 20');
  await expect(page.getByTestId('catalogue-row')).toHaveCount(1);
  await expect(page.getByTestId('catalogue-row')).toContainText('RM 58.50');
});
