// Requests in Chromium: Kumar drafts a trade request in the office tower with one item and sends it
// for approval; Lim approves it; Kumar opens its Tender tab and makes the tender in one step, which opens
// with the request's item, project and type (Trade); the tenders list shows the type and filters by it. At
// 1280 and 375 px, axe WCAG 2.2 AA clean on the request's page and its Tender tab, the tender list's type
// filter reachable by keyboard.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiSession, expect, signIn, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

test('a trade request from draft through approval to the tender made from it, at 1280 and 375 px', async ({ page, shot }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto('/tradeRequest/create');
  await expect(page.getByRole('combobox', { name: 'Counterparty' })).toHaveCount(0);
  await page.locator('input[name="title"]').fill('Tiling, ground floor lobby');
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'Menara Teguh, Block A' }).click();
  await page.locator('input[name="items.0.description"]').fill('Homogeneous tiles 600 x 600');
  await page.locator('input[name="items.0.unit"]').fill('m2');
  await page.locator('input[name="items.0.quantity"]').fill('420');
  await page.locator('input[name="items.0.rate"]').fill('38.50');
  await expect(page.getByTestId('form-total')).toContainText('RM 16,170.00');
  await shot(page, 'requests-01-create-1280');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('status-chip').first()).toHaveText('New', { timeout: 15_000 });
  const id = page.url().split('/').at(-2)!;
  const requestNo = (await page.getByTestId('document-number').textContent())!.trim();
  await page.getByTestId('action-Request_Approve').click();
  await expect(page.getByTestId('status-chip').first()).toHaveText('Pending approval, awaiting verify level 1');
  await page.getByTestId('tab-tender').click();
  await expect(page.getByTestId('request-tenders')).toContainText('A request becomes a tender once it is approved.');
  await expect(page.getByTestId('make-tender')).toHaveCount(0);
  await shot(page, 'requests-02-pending-1280');

  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await page.goto(`/tradeRequest/${id}/show`);
  await page.getByTestId('action-Approve').click();
  await page.getByTestId('action-confirm').click();
  await expect(page.getByTestId('status-chip').first()).toHaveText('Approved');

  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto(`/tradeRequest/${id}/show?tab=tender`);
  await expect(page.getByTestId('make-tender')).toBeVisible();
  await noAxeFindings(page, 'request tender tab 1280');
  await shot(page, 'requests-03-approved-tender-tab-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('make-tender')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await noAxeFindings(page, 'request tender tab 375');
  await shot(page, 'requests-04-approved-tender-tab-375');
  // By keyboard: the button takes focus and Enter makes the tender.
  await page.getByTestId('make-tender').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tender\/[0-9a-f-]+\/show$/, { timeout: 15_000 });
  await expect(page.getByText('Homogeneous tiles 600 x 600')).toBeVisible();
  await expect(page.getByText('Trade', { exact: true }).first()).toBeVisible();
  // Its source: the request by its number, linked to it (not the request's id).
  await expect(page.getByTestId('document-source')).toHaveText(requestNo);
  await expect(page.getByTestId('document-source').locator('a')).toHaveAttribute('href', new RegExp(`/tradeRequest/${id}/show$`));
  await noAxeFindings(page, 'tender made 375');
  await shot(page, 'requests-05-tender-made-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'requests-06-tender-made-1280');

  // The request now shows its tender, and offers no second one while it is live.
  await page.goto(`/tradeRequest/${id}/show?tab=tender`);
  await expect(page.getByTestId('request-tenders').getByRole('link')).toHaveCount(1);
  await expect(page.getByTestId('make-tender')).toHaveCount(0);

  // The tenders list: a type column, and the type filter.
  await page.goto(`/tender?filter=${encodeURIComponent(JSON.stringify({ tenderType: 'trade' }))}`);
  await expect(page.getByText('Tiling, ground floor lobby')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('td.column-tenderType').first()).toHaveText('Trade');
  // The filter opened from the address shows its value (it was blank: the select loads after the filter form).
  await expect(page.getByRole('combobox', { name: 'Tender type' })).toHaveText('Trade');
  await noAxeFindings(page, 'tender list filtered 1280');
  await shot(page, 'requests-07-tender-list-by-type-1280');
});

test('a tender from items of an approved bill of quantity ("From BQ" on the tenders list), at 1280 and 375 px', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(180_000);
  // The demo's BQ (Gudang Bekalan Shah Alam) is a draft: Kumar asks for approval and Lim approves it here.
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const lim = await apiSession(baseURL!, 'lim@teguhbina.my', 'teguh-bina');
  const projects = (
    await kumar.call<{ project: { id: string; project_code: string; project_name: string } }[]>('GET', '/api/project-list-by-user')
  ).json;
  const warehouse = projects.find((p) => p.project.project_code === 'TB-GB-SA')!.project;
  const bq = (
    await kumar.call<{ status: string; revision: number; nodes: { id: string; type: string; title: string }[] }>(
      'GET',
      `/api/bill-of-quantity/${warehouse.id}`,
    )
  ).json;
  if (bq.status !== 'active') {
    const asked = await kumar.call<{ revision: number }>(
      'POST',
      `/api/bill-of-quantity/${warehouse.id}/actions/Request_Approve`,
      {},
      { 'If-Match': String(bq.revision) },
    );
    expect(asked.status).toBe(200);
    const approved = await lim.call<{ status: string }>(
      'POST',
      `/api/bill-of-quantity/${warehouse.id}/actions/Approve`,
      {},
      { 'If-Match': String(asked.json.revision) },
    );
    expect(approved.json.status).toBe('active');
  }
  const [first, second] = bq.nodes.filter((n) => n.type === 'item');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto('/tender');
  await page.getByTestId('tender-from-bq').click();
  const dialog = page.getByTestId('bq-tender-dialog');
  await dialog.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: warehouse.project_name }).click();
  await expect(dialog.getByTestId('bq-tender-item').first()).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('checkbox', { name: first!.title, exact: true }).check();
  await dialog.getByRole('checkbox', { name: second!.title, exact: true }).check();
  await expect(dialog.getByTestId('bq-tender-make')).toHaveText('Make a tender of 2 items');
  await noAxeFindings(page, 'from BQ dialog 1280');
  await shot(page, 'requests-08-from-bq-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await noAxeFindings(page, 'from BQ dialog 375');
  await shot(page, 'requests-09-from-bq-375');
  await dialog.getByTestId('bq-tender-make').click();
  await expect(page).toHaveURL(/\/tender\/[0-9a-f-]+\/show$/, { timeout: 15_000 });
  await expect(page.getByText(first!.title, { exact: false }).first()).toBeVisible();
  await shot(page, 'requests-10-tender-from-bq-375');

  // Each line links to the BQ row it was made from; the BQ opens at that row, which names the tender.
  const tenderId = /\/tender\/([0-9a-f-]+)\/show$/.exec(page.url())![1]!;
  const documentNo = (await kumar.call<{ documentNo: string }>('GET', `/api/documents/tender/${tenderId}`)).json.documentNo;
  const rowLinks = page.getByTestId('line-bq-row');
  await expect(rowLinks).toHaveCount(2);
  await noAxeFindings(page, 'tender lines linked to the BQ 375');
  await rowLinks.first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/project/${warehouse.id}/bill-of-quantity\\?item=${first!.id}$`));
  const tendered = page.getByTestId('bq-row-tenders');
  await expect(tendered).toBeVisible({ timeout: 15_000 });
  await expect(tendered.getByTestId('bq-row-tender').filter({ hasText: documentNo })).toHaveText(new RegExp(`^${documentNo} \\(line 1, `));
  await noAxeFindings(page, 'BQ row with its tender 375');
  await shot(page, 'requests-11-bq-row-tendered-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(tendered).toBeVisible();
  await noAxeFindings(page, 'BQ row with its tender 1280');
  await shot(page, 'requests-12-bq-row-tendered-1280');
  // In Malay and Chinese the words are the locale files'.
  for (const language of ['ms', 'zh']) {
    await page.evaluate((chosen) => localStorage.setItem('binaan.language', chosen), language);
    await page.reload();
    await expect(page.getByTestId('bq-row-tenders')).toContainText(words(language).bqTender.tendered!, { timeout: 15_000 });
    await noAxeFindings(page, `BQ row with its tender ${language}`);
    await shot(page, `requests-13-bq-row-tendered-${language}`);
  }
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
  // And back to the tender from the row.
  await page.reload();
  await page.getByTestId('bq-row-tender').filter({ hasText: documentNo }).click();
  await expect(page).toHaveURL(new RegExp(`/tender/${tenderId}/show$`));
});

// A project's "Requests" tab: the three kinds in one flat list, newest first, each linked to its request; in
// en, ms and zh, at 1280 and 375 px, axe clean. The words expected are the locale files' (not the code's).
const LOCALES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../ui/src/shared/i18n/locales');
const words = (language: string) =>
  (
    JSON.parse(readFileSync(resolve(LOCALES, language, 'admin.json'), 'utf8')) as {
      admin: {
        projects: { tabs: Record<string, string> };
        requests: { kinds: Record<string, string>; new: Record<string, string> };
        bqTender: Record<string, string>;
      };
    }
  ).admin;

test("a project's Requests tab: material, machine and trade requests in one list, newest first, in en, ms and zh", async ({
  browser,
  baseURL,
  shot,
}) => {
  test.setTimeout(300_000);
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const projects = (
    await kumar.call<{ project: { id: string; project_code: string; project_name: string } }[]>('GET', '/api/project-list-by-user')
  ).json;
  const project = projects.find((p) => p.project.project_code === 'TB-TSK-2')!.project;
  const made: { id: string; documentNo: string; resource: string }[] = [];
  for (const resource of ['tradeRequest', 'materialRequest', 'machineRequest']) {
    const created = await kumar.call<{ id: string; documentNo: string }>('POST', `/api/documents/${resource}`, {
      title: `Requests tab: ${resource}`,
      projectId: project.id,
      items: [{ description: 'Item', unit: 'no', quantity: '1', rate: '10.00' }],
    });
    expect(created.status).toBe(201);
    made.push({ id: created.json.id, documentNo: created.json.documentNo, resource });
  }
  for (const language of ['en', 'ms', 'zh']) {
    const text = words(language);
    const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 900 } });
    await context.addInitScript((chosen) => localStorage.setItem('binaan.language', chosen), language);
    const page = await context.newPage();
    await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
    await page.goto(`/projects/${project.id}/requests`);
    await expect(page.getByTestId('project-tab-requests')).toHaveText(text.projects.tabs.requests!);
    const rows = page.getByTestId('project-request');
    await expect(rows.first()).toBeVisible({ timeout: 15_000 });
    // Newest first: the three made here lead, machine (made last), material, trade, each with its kind.
    await expect(rows.nth(0)).toHaveAttribute('data-id', made[2]!.id);
    await expect(rows.nth(1)).toHaveAttribute('data-id', made[1]!.id);
    await expect(rows.nth(2)).toHaveAttribute('data-id', made[0]!.id);
    await expect(rows.nth(0)).toContainText(text.requests.kinds.machineRequest!);
    await expect(rows.nth(2)).toContainText(text.requests.kinds.tradeRequest!);
    await expect(page.getByTestId('new-materialRequest')).toHaveText(text.requests.new.materialRequest!);
    await noAxeFindings(page, `requests tab ${language} 1280`);
    await shot(page, `requests-11-project-requests-${language}-1280`);
    if (language === 'en') {
      // The number opens the request, by keyboard too.
      await rows.nth(1).locator('a').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/materialRequest/${made[1]!.id}/show$`));
      await page.goBack();
      await expect(rows.first()).toBeVisible();
    }
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // On a phone each request is a block of lines, not a table scrolled sideways: the title is whole on screen.
    await expect(page.getByTestId('project-requests-phone')).toBeVisible();
    const titleBox = await rows.nth(0).getByText('Requests tab: machineRequest').boundingBox();
    expect(titleBox!.x + titleBox!.width).toBeLessThanOrEqual(375);
    await noAxeFindings(page, `requests tab ${language} 375`);
    await shot(page, `requests-12-project-requests-${language}-375`);
    await context.close();
  }
});

const adminWords = (language: string) =>
  (
    JSON.parse(readFileSync(resolve(LOCALES, language, 'admin.json'), 'utf8')) as {
      admin: { documents: { noEstimate: string; routedOnUnpriced: string } };
    }
  ).admin;
const closesLabel = (language: string) =>
  (JSON.parse(readFileSync(resolve(LOCALES, language, 'admin.json'), 'utf8')) as { admin: { fields: { closeAt: string } } }).admin.fields
    .closeAt;

test('the tenders list says when each tender closes; a tender without an estimate shows no RM 0.00 in its list or on its page, in en, ms and zh', async ({
  browser,
  baseURL,
  demo,
  shot,
}) => {
  test.setTimeout(180_000);
  // The demo's piling tender has no rates (no estimate); the walk tender carries the buyer's estimate (95.00 x 8 + 800.00).
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const walk = (await kumar.call<{ documentNo: string; totals: { total: string } }>('GET', `/api/documents/tender/${demo.walkTender.id}`))
    .json;
  expect(Number(walk.totals.total)).toBeGreaterThan(0);
  for (const language of ['en', 'ms', 'zh']) {
    const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 900 } });
    await context.addInitScript((chosen) => localStorage.setItem('binaan.language', chosen), language);
    const page = await context.newPage();
    await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
    await page.goto(`/tender?filter=${encodeURIComponent(JSON.stringify({ q: 'Piling works' }))}`);
    const piling = page.getByRole('row').filter({ hasText: 'Piling works, Block C' });
    await expect(piling).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByRole('columnheader', { name: closesLabel(language) })).toBeVisible();
    await expect(piling.locator('td.column-closeAt')).toHaveText(/^\d{2}\/\d{2}\/\d{4}/);
    await expect(piling.locator('td.column-total')).toHaveText('-');
    await noAxeFindings(page, `tender list ${language} 1280`);
    await shot(page, `requests-15-tender-list-closes-${language}-1280`);
    await page.goto(`/tender?filter=${encodeURIComponent(JSON.stringify({ q: walk.documentNo }))}`);
    const priced = page.getByRole('row').filter({ hasText: walk.documentNo });
    await expect(priced.locator('td.column-total')).toHaveText(/RM\s?[1-9]/, { timeout: 15_000 });
    await page.setViewportSize({ width: 375, height: 800 });
    // The toolbar wraps on a phone: in Malay its row was wider than the screen and hid the switch past the left edge.
    for (const control of [page.getByTestId('awaiting-approval-filter'), page.getByTestId('tender-from-bq')]) {
      const box = (await control.boundingBox())!;
      expect(box.x, `${language}: a toolbar control starts inside the screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await noAxeFindings(page, `tender list ${language} 375`);
    await shot(page, `requests-16-tender-list-closes-${language}-375`);
    // Its page: no rate or amount column and no RM 0.00 totals, but words saying the bidders price the lines.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/tender?filter=${encodeURIComponent(JSON.stringify({ q: 'Piling works' }))}`);
    await piling.getByTestId('document-link').click();
    await expect(page.getByTestId('no-estimate')).toHaveText(adminWords(language).documents.noEstimate);
    await expect(page.getByTestId('line-items').getByRole('columnheader')).toHaveCount(4);
    await expect(page.getByTestId('document-total')).toHaveCount(0);
    // Its approval route says it was routed on no price, not on "RM 0.00".
    await expect(page.getByTestId('route-amount')).toHaveText(adminWords(language).documents.routedOnUnpriced);
    await noAxeFindings(page, `unpriced tender ${language} 1280`);
    await shot(page, `requests-17-unpriced-tender-${language}-1280`);
    // The walk tender's estimate stays: its rates, amounts and total.
    await page.goto(`/tender/${demo.walkTender.id}/show`);
    await expect(page.getByTestId('line-items').getByRole('columnheader')).toHaveCount(6);
    await expect(page.getByTestId('document-total')).toContainText('RM');
    await expect(page.getByTestId('no-estimate')).toHaveCount(0);
    await expect(page.getByTestId('route-amount')).toContainText('RM');
    await context.close();
  }
});
