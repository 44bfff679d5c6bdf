// The build-up master (spec §2.5, §5.3) in Chromium against the real product: Kumar (level 10 on
// billOfQuantity in a project of his own) makes a build-up by keyboard alone (trade code, description,
// profit, a labour and a plant line), prices a BQ item with it in the BQ editor and sees tender costing
// price it; edits its profit and sees tender costing change; makes a total-sub build-up (the switch waits
// for code and description, and asks before erasing the lines typed); deletes a build-up with a confirmation
// naming what it prices; names one of the company's profit parameters for a build-up's profit (recorded as it
// stood); and, in Malay, is refused a change once the BQ awaits approval, then finds the
// page read only. Desktop and 375 px, axe on each state.
import type { Page } from '@playwright/test';
import { bqProject, COMPANY } from './bq-project.js';
import { apiSession, expect, signIn, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

test.describe.configure({ mode: 'serial' });

let projectId = '';
let tabId = '';

const row = (page: Page, code: string) => page.locator(`[data-testid="buildup-row"][data-code="${code}"]`);
const cell = (page: Page, code: string, column: string) => row(page, code).locator(`[data-col="${column}"]`);

async function tab(page: Page, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) await page.keyboard.press('Tab');
}

test('a build-up made by keyboard prices a BQ item; tender costing shows it and follows an edit', async ({ page, baseURL, shot }) => {
  test.setTimeout(180_000);
  projectId = await bqProject(baseURL!, 'Menara Build-up');
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', COMPANY);
  const tabReply = await kumar.call<{ id: string; revision: number }>('POST', '/api/bq-tab/add', {
    project_id: projectId,
    name: 'Substructure',
  });
  tabId = tabReply.json.id;
  const item = await kumar.call('POST', '/api/bq-item/add', {
    project_id: projectId,
    revision: tabReply.json.revision,
    bq_tab_id: tabId,
    type: 'item',
    title: 'Trench excavation',
    description: 'Trench n.e. 1.5 m deep',
    unit: 'm3',
    quantity: '12',
  });
  expect(item.status).toBe(201);

  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/build-up-master`);
  await expect(page.getByRole('tab', { name: 'Build-up master' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('buildup-none')).toBeVisible();
  await noAxeFindings(page);

  // Add by keyboard: the button, then Tab through the form; a second line from the add button; Enter saves.
  await page.getByTestId('buildup-add').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('buildup-dialog');
  await expect(dialog.locator('#buildup-code')).toBeFocused();
  await page.keyboard.type('EXC');
  await tab(page);
  await page.keyboard.type('Excavation');
  await tab(page);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('10');
  await tab(page, 3); // past the profit parameter (none) and the total-sub switch to the first line's category (labour)
  await tab(page);
  await page.keyboard.type('Labourer');
  await tab(page);
  await page.keyboard.type('day');
  await tab(page);
  await page.keyboard.type('2');
  await tab(page);
  await page.keyboard.type('120');
  await tab(page, 2); // past the line's remove button to "Add line"
  await expect(dialog.getByTestId('buildup-add-line')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('buildup-line')).toHaveCount(2);
  await page.keyboard.type('Plant'); // the new line's category has the focus: type-ahead picks Plant
  await tab(page);
  await page.keyboard.type('Excavator');
  await tab(page);
  await page.keyboard.type('hr');
  await tab(page);
  await page.keyboard.type('1');
  await tab(page);
  await page.keyboard.type('95');
  // 2 x 120 + 1 x 95 = 335.00 cost, 10 % = 33.50 profit, rate 368.50.
  await expect(dialog.getByTestId('buildup-figures')).toHaveText('Cost rate RM 335.00 + profit RM 33.50 = rate RM 368.50');
  await noAxeFindings(page);
  await shot(page, 'buildup-01-form-desktop');
  await page.keyboard.press('Enter'); // Enter in a field submits the form
  await expect(dialog).toHaveCount(0);
  await expect(cell(page, 'EXC', 'labour')).toHaveText('240.00');
  await expect(cell(page, 'EXC', 'plant')).toHaveText('95.00');
  await expect(cell(page, 'EXC', 'material')).toHaveText('0.00');
  await expect(cell(page, 'EXC', 'rate')).toHaveText('368.50');
  await expect(cell(page, 'EXC', 'items')).toHaveText('0');

  // Price the item with it in the BQ editor: its build-up column, by keyboard.
  await page.getByRole('tab', { name: 'Bill of quantity' }).click();
  await page.getByTestId('bq-grid').focus();
  await page.keyboard.press('End');
  await page.keyboard.type('EXC');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('bq-page')).toHaveAttribute('data-queued', '0', { timeout: 20_000 });
  await expect(page.getByTestId('bq-tab-total')).toContainText('RM 4,422.00'); // 12 x 368.50

  await page.getByRole('tab', { name: 'Tender costing' }).click();
  const trench = page.locator('[data-testid="costing-row"][data-title="Trench excavation"]');
  await expect(trench.locator('[data-col="cost"]')).toHaveText('4,020.00');
  await expect(trench.locator('[data-col="profit"]')).toHaveText('402.00');

  // Edit: profit 10 -> 20 %; the item is priced again and tender costing follows (12 x 67.00 = 804.00).
  await page.getByRole('tab', { name: 'Build-up master' }).click();
  await expect(cell(page, 'EXC', 'items')).toHaveText('1');
  await page.getByRole('button', { name: 'Edit build-up EXC' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.locator('#buildup-code')).toBeDisabled();
  await dialog.locator('#buildup-profit').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'EXC', 'rate')).toHaveText('402.00');
  await page.getByRole('tab', { name: 'Tender costing' }).click();
  await expect(trench.locator('[data-col="profit"]')).toHaveText('804.00');
  await expect(trench.locator('[data-col="price"]')).toHaveText('4,824.00');
});

test('total sub: offered once trade code and description are there; entering it over lines asks first and erases them', async ({
  page,
  shot,
}) => {
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/build-up-master`);
  await page.getByTestId('buildup-add').click();
  const dialog = page.getByTestId('buildup-dialog');
  const toggle = dialog.locator('#buildup-total-sub-switch');
  await expect(toggle).toBeDisabled();
  await expect(dialog.getByTestId('buildup-total-sub-help')).toHaveText('Enter the trade code and description first.');
  await page.keyboard.type('PIL');
  await tab(page);
  await page.keyboard.type('Piling by subcontract');
  await expect(toggle).toBeEnabled();
  await dialog.locator('[id^="buildup-line-"][id$="-description"]').fill('Crane standby');
  await dialog.locator('[id$="-quantity"]').fill('1');
  await dialog.locator('[id$="-rate"]').fill('10');
  await toggle.focus();
  await page.keyboard.press('Space');
  const ask = page.getByTestId('buildup-erase-dialog');
  await expect(ask).toContainText('Entering a total sub for PIL erases its 1 line.');
  await noAxeFindings(page);
  await page.keyboard.press('Tab'); // from "Keep the lines" to the erase button
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('buildup-line')).toHaveCount(0);
  await expect(dialog.locator('#buildup-total-sub')).toBeFocused();
  await page.keyboard.type('85');
  await expect(dialog.getByTestId('buildup-figures')).toHaveText('Cost rate RM 85.00 + profit RM 0.00 = rate RM 85.00');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'PIL', 'totalSub')).toHaveText('85.00');
  await expect(cell(page, 'PIL', 'labour')).toHaveText('-');
  // The same trade code in another spelling is refused before sending.
  await page.getByTestId('buildup-add').click();
  await page.keyboard.type('pil');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('This trade code is already in the budget.')).toBeVisible();
  await page.keyboard.press('Escape');
  await noAxeFindings(page);
  await shot(page, 'buildup-02-list-desktop');
  await page.setViewportSize({ width: 375, height: 800 });
  await noAxeFindings(page);
  await shot(page, 'buildup-03-list-375');
  // The form on a phone, in Chinese: full screen, each line's fields stacked.
  await page.evaluate(() => localStorage.setItem('binaan.language', 'zh'));
  await page.reload();
  await page.getByTestId('buildup-add').click();
  await expect(page.getByRole('dialog', { name: '新单价分析' })).toBeVisible();
  await noAxeFindings(page);
  await shot(page, 'buildup-03b-form-zh-375');
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
});

test("a build-up's profit names one of the company's active profit parameters, shown with its code and description", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Own data: a parameter with a code no other run or spec has.
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', COMPANY);
  const code = `PB-${Date.now().toString(36).toUpperCase()}`;
  const created = await aminah.call<{ item: { id: string } }>('POST', '/api/company-setups/profit-parameters', {
    code,
    description: 'Piling margin',
  });
  expect(created.status).toBe(201);

  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/build-up-master`);
  await page.getByRole('button', { name: 'Edit build-up PIL' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('buildup-dialog');
  const select = dialog.getByLabel('Profit parameter', { exact: true });
  await expect(select).toHaveValue('');
  await expect(select.locator(`option[value="${created.json.item.id}"]`)).toHaveText(`${code}: Piling margin`);
  await select.focus();
  await select.selectOption(created.json.item.id);
  await expect(dialog.locator('#buildup-profit-parameter-helper-text')).toHaveText('Piling margin');
  await noAxeFindings(page);
  await dialog.getByTestId('buildup-save').press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(row(page, 'PIL').getByTestId('buildup-profit-parameter-shown')).toHaveText(`Profit parameter ${code}: Piling margin`);
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', COMPANY);
  const bq = await kumar.call<{ buildUps: { code: string; profitParameter?: unknown }[] }>('GET', `/api/bill-of-quantity/${projectId}`);
  expect(bq.json.buildUps.find((b) => b.code === 'PIL')?.profitParameter).toEqual({
    id: created.json.item.id,
    code,
    description: 'Piling margin',
  });
  // Opened again, the form holds the parameter.
  await page.getByRole('button', { name: 'Edit build-up PIL' }).click();
  await expect(dialog.getByLabel('Profit parameter', { exact: true })).toHaveValue(created.json.item.id);
  await page.keyboard.press('Escape');
});

test('delete names what the build-up prices; in Malay a change once the BQ awaits approval is refused, then the page is read only', async ({
  page,
  baseURL,
  shot,
}) => {
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/build-up-master`);
  await page.getByRole('button', { name: 'Delete build-up EXC' }).click();
  const confirm = page.getByTestId('buildup-delete-dialog');
  await expect(confirm).toContainText('EXC (Excavation) prices 1 item. The item keeps its rate and loses the trade code.');
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await noAxeFindings(page);
  await confirm.getByTestId('buildup-delete-confirm').click();
  await expect(row(page, 'EXC')).toHaveCount(0);
  await expect(row(page, 'PIL')).toHaveCount(1);

  await page.evaluate(() => localStorage.setItem('binaan.language', 'ms'));
  await page.reload();
  await page.getByTestId('buildup-add').click();
  await page.keyboard.type('CON');
  await tab(page);
  await page.keyboard.type('Konkrit');
  // Meanwhile the BQ is sent for approval (through the API, as another tab of Kumar's would).
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', COMPANY);
  const bq = await kumar.call<{ revision: number }>('GET', `/api/bill-of-quantity/${projectId}`);
  const sent = await kumar.call(
    'POST',
    `/api/bill-of-quantity/${projectId}/actions/Request_Approve`,
    {},
    { 'If-Match': String(bq.json.revision) },
  );
  expect(sent.status).toBe(200);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('buildup-refusal')).toHaveText(
    'Senarai kuantiti sedang menunggu kelulusan atau telah diluluskan: ia tidak boleh diubah sekarang.',
  );
  await expect(page.getByTestId('buildup-dialog').locator('#buildup-code')).toHaveValue('CON'); // nothing typed is lost
  await noAxeFindings(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'buildup-04-refused-ms-375');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByTestId('buildup-locked')).toBeVisible();
  await expect(page.getByTestId('buildup-add')).toHaveCount(0);
  await expect(page.getByTestId('buildup-edit')).toHaveCount(0);
  await noAxeFindings(page);
  await shot(page, 'buildup-05-locked-ms-375');
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
});
