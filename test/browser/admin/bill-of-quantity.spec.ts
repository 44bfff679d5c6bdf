// The bill of quantity editor (spec §4.9, §8.2) in Chromium against the real product: Kumar (level
// 10 on billOfQuantity in a project of his own for each test) builds a BQ with the keyboard alone (tab,
// header, items, indent / outdent, duplicate, delete with a confirmation, move), amounts rolled up to the
// header, the tab and the BQ, and what he did is what the server has after a reload; rows pasted from a
// spreadsheet come in as a tree; a row's description cell offers the company's catalogue as Kumar types, and
// an item picked by keyboard writes description, unit and rate in one change; with the API slowed down every change still shows at once and lands in
// order, one request at a time; a second browser sees the first's changes without a reload, and a change
// made on a row someone else changed meanwhile is refused (409) and the view brought up to date; a row
// added before any tab is removed with "Please create at least one tab first"; Lim approves the BQ; a change
// refused for want of authority is shown where it was made, its row put back, the status line never saying
// saved, and the page then says why it offers no edit.
import type { Page, Request, Route } from '@playwright/test';
import { bqProject, COMPANY } from './bq-project.js';
import { apiSession, expect, newSession, signIn, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

test.describe.configure({ mode: 'serial' });

const grid = (page: Page) => page.getByTestId('bq-grid');

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

async function saved(page: Page): Promise<void> {
  await expect(page.getByTestId('bq-page')).toHaveAttribute('data-queued', '0', { timeout: 20_000 });
  await expect(page.getByTestId('bq-saved')).toHaveAttribute('data-saving', 'false');
}

async function addTab(page: Page, name: string): Promise<void> {
  await page.getByTestId('bq-tab-add').click();
  await page.getByTestId('bq-tab-name').fill(name);
  await page.getByTestId('bq-tab-name').press('Enter');
  await expect(page.locator(`[data-testid="bq-tab"][data-name="${name}"]`)).toBeVisible();
}

/** Types into the active cell (typing starts the edit) and saves with Enter. */
async function type(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** From the title column of the active row: description, unit, quantity and rate (Tab saves and goes right), then back to the title. */
async function fillItem(page: Page, description: string, unit: string, quantity: string, rate: string): Promise<void> {
  await page.keyboard.press('ArrowRight');
  for (const value of [description, unit, quantity, rate]) {
    await page.keyboard.type(value);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
}

test('keyboard: a tab, a header and items, indent / outdent, duplicate, delete with a confirmation, move; amounts roll up; the server has the same', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(180_000);
  const projectId = await bqProject(baseURL!, 'Menara BQ Keyboard');
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/bill-of-quantity`);
  await expect(page.getByTestId('bq-no-tabs')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Bill of quantity' })).toHaveAttribute('aria-selected', 'true');
  await addTab(page, 'Substructure');

  await grid(page).focus();
  await page.keyboard.press('Control+Shift+Enter'); // a header, its title being edited
  await type(page, 'Excavation');
  await page.keyboard.press('Insert'); // an item below it
  await type(page, 'Trench');
  await page.keyboard.press('Tab'); // indent: under Excavation
  await fillItem(page, 'Trench n.e. 1.5 m deep', 'm3', '10', '2.5');
  await page.keyboard.press('Insert');
  await type(page, 'Pit');
  await fillItem(page, 'Pit n.e. 2 m deep', 'm3', '3', '100');
  await expect.poll(() => shownRows(page)).toEqual(['1 Excavation 325.00', '1.1 Trench 25.00', '1.2 Pit 300.00']);
  await expect(page.getByTestId('bq-tab-total')).toContainText('RM 325.00');

  await page.keyboard.press('Control+d'); // duplicate Pit
  await expect.poll(() => shownRows(page)).toEqual(['1 Excavation 625.00', '1.1 Trench 25.00', '1.2 Pit 300.00', '1.3 Copy of Pit 300.00']);
  await page.keyboard.press('Shift+Tab'); // outdent the copy: to the top, after Excavation
  await expect.poll(() => shownRows(page)).toEqual(['1 Excavation 325.00', '1.1 Trench 25.00', '1.2 Pit 300.00', '2 Copy of Pit 300.00']);
  await expect(page.getByTestId('bq-total')).toContainText('RM 625.00');
  await shot(page, 'bq-01-keyboard-desktop');
  await noAxeFindings(page);

  await page.keyboard.press('Delete');
  await expect(page.getByTestId('bq-confirm')).toContainText('Delete Copy of Pit?');
  await page.getByTestId('bq-confirm-delete').click();
  await expect.poll(() => shownRows(page)).toEqual(['1 Excavation 325.00', '1.1 Trench 25.00', '1.2 Pit 300.00']);
  await grid(page).focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Alt+ArrowUp'); // Pit above Trench
  await expect.poll(() => shownRows(page)).toEqual(['1 Excavation 325.00', '1.1 Pit 300.00', '1.2 Trench 25.00']);
  await expect(page.getByTestId('bq-total')).toContainText('RM 325.00');

  // Collapse all hides the items, expand all shows them.
  await page.getByTestId('bq-op-collapseAll').click();
  await expect.poll(() => shownRows(page)).toEqual(['1 Excavation 325.00']);
  await page.getByTestId('bq-op-expandAll').click();

  // What the server recorded, read again.
  await saved(page);
  await page.reload();
  await expect.poll(() => shownRows(page)).toEqual(['1 Excavation 325.00', '1.1 Pit 300.00', '1.2 Trench 25.00']);

  // Approval: Kumar asks, Lim approves; the status chip follows.
  await page.getByTestId('bq-page').getByTestId('action-Request_Approve').click();
  await expect(page.getByTestId('bq-page')).toHaveAttribute('data-status', 'pendingApproval');
  await expect(page.getByTestId('bq-read-only')).toBeVisible();
  await signIn(page, 'lim@teguhbina.my', COMPANY);
  await page.goto(`/bill-of-quantity/${projectId}/pending-approval`); // the §2.6 target
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/bill-of-quantity$`));
  await page.getByTestId('bq-page').getByTestId('action-Approve').click();
  await page.getByTestId('action-confirm').click();
  await expect(page.getByTestId('bq-page')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('bq-page').getByTestId('status-chip')).toHaveText('Active');
  await page.getByTestId('bq-section-history').click();
  await expect(page.getByTestId('bq-history-row').first()).toContainText('Status changed');
  await expect(page.getByTestId('bq-history-row').first()).toContainText('Lim');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect.poll(() => shownRows(page)).toEqual(['1 Excavation 325.00', '1.1 Pit 300.00', '1.2 Trench 25.00']);
  await shot(page, 'bq-02-approved-375');
  await noAxeFindings(page);
});

test('paste rows from a spreadsheet and copy them back', async ({ page, baseURL, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const projectId = await bqProject(baseURL!, 'Menara BQ Paste');
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/bill-of-quantity`);
  await addTab(page, 'Preliminaries');
  await grid(page).focus();
  const sheet =
    '1\tSite setup\t\t\t\t\n1.1\tHoarding\tTimber hoarding 2.4 m high\tm\t120\t45\n1.2\tSignboard\tProject signboard\tno\t1\t350\n2\tInsurance\tContractor all risks\tsum\t1\t12000';
  await grid(page).evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, sheet);
  await expect
    .poll(() => shownRows(page))
    .toEqual(['1 Site setup 5,750.00', '1.1 Hoarding 5,400.00', '1.2 Signboard 350.00', '2 Insurance 12,000.00']);
  await saved(page);
  await page.reload();
  await expect
    .poll(() => shownRows(page))
    .toEqual(['1 Site setup 5,750.00', '1.1 Hoarding 5,400.00', '1.2 Signboard 350.00', '2 Insurance 12,000.00']);
  await grid(page).focus();
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Control+c');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\r\n')).toEqual([
    '1\tSite setup\t\t\t\t\t5750.00',
    '1.1\tHoarding\tTimber hoarding 2.4 m high\tm\t120\t45.00\t5400.00',
    '1.2\tSignboard\tProject signboard\tno\t1\t350.00\t350.00',
  ]);
});

test('the description cell offers the catalogue as one types; an item picked by keyboard writes description, unit and rate in one change', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(180_000);
  const projectId = await bqProject(baseURL!, 'Menara BQ Catalogue');
  // Own data: a catalogue item with a name no other run or spec has, and a BQ item without a price.
  const unique = `z${Date.now().toString(36)}`;
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', COMPANY);
  const item = await aminah.call<{ id: string }>('POST', '/api/catalogue-items', {
    kind: 'product',
    code: `BP-${unique}`.toUpperCase(),
    name: `Bored pile ${unique}`,
    description: '600 mm diameter',
    unit: 'm',
    unitPrice: '185.50',
  });
  expect(item.status).toBe(201);
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', COMPANY);
  const tab = await kumar.call<{ id: string; revision: number }>('POST', '/api/bq-tab/add', { project_id: projectId, name: 'Piling' });
  expect(
    (
      await kumar.call('POST', '/api/bq-item/add', {
        project_id: projectId,
        revision: tab.json.revision,
        bq_tab_id: tab.json.id,
        type: 'item',
        title: 'Piles',
        quantity: '4',
      })
    ).status,
  ).toBe(201);

  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/bill-of-quantity`);
  await expect.poll(() => shownRows(page)).toEqual(['1 Piles 0.00']);
  const updates: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/bq-item/update')) updates.push(request.postData() ?? '');
  });

  await grid(page).focus(); // the first row's title
  await page.keyboard.press('ArrowRight'); // its description
  await page.keyboard.type(`pile ${unique}`); // typing starts the edit; part of the item's name
  const editor = page.getByTestId('bq-editor');
  await expect(editor).toHaveAttribute('role', 'combobox');
  const option = page.getByRole('option', { name: new RegExp(`Bored pile ${unique}`) });
  await expect(option).toBeVisible();
  await expect(editor).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(editor).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await noAxeFindings(page);
  await shot(page, 'bq-02b-catalogue-combobox');
  await page.keyboard.press('Enter');
  await expect(editor).toHaveCount(0);
  await saved(page);
  expect(updates).toHaveLength(1);
  expect(JSON.parse(updates[0]!)).toMatchObject({ description: `Bored pile ${unique}: 600 mm diameter`, unit: 'm', rate: '185.50' });

  // What the server recorded, read again: the item's unit and rate, 4 x 185.50.
  await page.reload();
  await expect.poll(() => shownRows(page)).toEqual(['1 Piles 742.00']);
  const piles = page.getByTestId('bq-row').first();
  await expect(piles.locator('[data-col="description"]')).toHaveText(`Bored pile ${unique}: 600 mm diameter`);
  await expect(piles.locator('[data-col="unit"]')).toHaveText('m');
  await expect(piles.locator('[data-col="rate"]')).toHaveText('185.50');

  // Free text still goes in as typed: the item offered, none chosen, Enter saves the text.
  await grid(page).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Backspace'); // an empty edit of the description
  await page.keyboard.type(`pile ${unique}`);
  await expect(page.getByRole('option', { name: new RegExp(`Bored pile ${unique}`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await saved(page);
  await page.reload();
  await expect(page.getByTestId('bq-row').first().locator('[data-col="description"]')).toHaveText(`pile ${unique}`);
  await expect(page.getByTestId('bq-row').first().locator('[data-col="rate"]')).toHaveText('185.50');
});

test('the API slowed down: every change shows at once, the requests go one at a time and land in order', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const projectId = await bqProject(baseURL!, 'Menara BQ Slow');
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/bill-of-quantity`);
  await addTab(page, 'Superstructure');
  await saved(page);

  const sent: { path: string; title?: unknown; id?: unknown; parent?: unknown }[] = [];
  let inFlight = 0;
  let most = 0;
  await page.route('**/api/bq-item/**', async (route: Route, request: Request) => {
    const body = request.postDataJSON() as Record<string, unknown>;
    sent.push({ path: new URL(request.url()).pathname.replace('/api/', ''), title: body.title, id: body.id, parent: body.parent_id });
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
    inFlight--;
  });
  await grid(page).focus();
  await page.keyboard.press('Control+Shift+Enter');
  await type(page, 'Columns');
  await page.keyboard.press('Insert');
  await type(page, 'C1');
  await page.keyboard.press('Tab');
  await fillItem(page, 'RC column 300 x 300', 'no', '4', '250');
  // All of it on screen while the first requests are still on their way.
  await expect.poll(() => shownRows(page), { timeout: 2000 }).toEqual(['1 Columns 1,000.00', '1.1 C1 1,000.00']);
  expect(Number(await page.getByTestId('bq-page').getAttribute('data-queued'))).toBeGreaterThan(0);
  await expect(page.getByTestId('bq-saved')).toHaveAttribute('data-saving', 'true');
  await saved(page);
  expect(most).toBe(1);
  expect(sent.map((s) => s.path)).toEqual([
    'bq-item/add',
    'bq-item/update',
    'bq-item/add',
    'bq-item/update',
    'bq-item/indent',
    'bq-item/update',
    'bq-item/update',
    'bq-item/update',
    'bq-item/update',
  ]);
  // The item went under the header by the header's server id, never a temporary one.
  expect(sent.every((s) => typeof s.id !== 'string' || !s.id.startsWith('-'))).toBe(true);
  await page.unroute('**/api/bq-item/**');
  await page.reload();
  await expect.poll(() => shownRows(page)).toEqual(['1 Columns 1,000.00', '1.1 C1 1,000.00']);
});

test("two browsers on one BQ: the second sees the first's changes live; a change to a row changed meanwhile is refused and the view brought up to date", async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const projectId = await bqProject(baseURL!, 'Menara BQ Together');
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/bill-of-quantity`);
  await addTab(page, 'Finishes');
  await grid(page).focus();
  await page.keyboard.press('Control+Shift+Enter');
  await type(page, 'Floor');
  await saved(page);

  const second = await newSession(browser, baseURL!, 'kumar@teguhbina.my', COMPANY);
  await second.goto(`/project/${projectId}/bill-of-quantity`);
  await expect.poll(() => shownRows(second)).toEqual(['1 Floor 0.00']);
  await expect(second.getByTestId('bq-page')).toHaveAttribute('data-live', 'true');

  // The first adds an item under the header: the second sees it without a reload.
  await grid(page).focus();
  await page.keyboard.press('Insert');
  await type(page, 'Tiles');
  await page.keyboard.press('Tab');
  await fillItem(page, 'Homogeneous tiles 600 x 600', 'm2', '50', '80');
  await expect.poll(() => shownRows(second), { timeout: 15_000 }).toEqual(['1 Floor 4,000.00', '1.1 Tiles 4,000.00']);
  await expect(second.getByTestId('bq-total')).toContainText('RM 4,000.00');

  // Both rename the header at once; the second's request is held so the first's lands first: the second's is
  // refused (the server never overwrites the first's title) and the second's view shows the first's.
  await saved(page);
  await second.route('**/api/bq-item/update', async (route) => {
    await new Promise((r) => setTimeout(r, 2500));
    await route.continue();
  });
  const refused = second.waitForResponse((r) => r.url().endsWith('/api/bq-item/update') && r.status() === 409);
  await grid(second).focus();
  await second.keyboard.press('Enter');
  await second.keyboard.press('Control+a');
  await type(second, 'Floor (second)');
  await expect.poll(() => shownRows(second)).toContain('1 Floor (second) 4,000.00');
  await grid(page).focus();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+a');
  await type(page, 'Floor finishes');
  await saved(page);
  expect(((await (await refused).json()) as { errorCode: string }).errorCode).toBe('wrongExpectedRevision');
  await expect.poll(() => shownRows(second), { timeout: 20_000 }).toEqual(['1 Floor finishes 4,000.00', '1.1 Tiles 4,000.00']);
  await saved(second);
  await page.reload();
  await expect.poll(() => shownRows(page)).toEqual(['1 Floor finishes 4,000.00', '1.1 Tiles 4,000.00']);
  await second.context().close();
});

test('a row added before any tab: "Please create at least one tab first" and the row is removed', async ({ page, baseURL, shot }) => {
  const projectId = await bqProject(baseURL!, 'Menara BQ No Tab');
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/bill-of-quantity`);
  await expect(page.getByTestId('bq-no-tabs')).toBeVisible();
  await page.getByTestId('bq-op-addItem').click();
  await type(page, 'Orphan');
  await expect(page.getByText('Please create at least one tab first')).toBeVisible();
  await expect(page.getByTestId('bq-row')).toHaveCount(0);
  await shot(page, 'bq-03-tab-required');
  await noAxeFindings(page);
});

test('a change refused for want of authority is shown where it was made, the row put back and never called saved; a user without authority is told why and offered no edit', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(150_000);
  const projectId = await bqProject(baseURL!, 'Menara BQ Refused');
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/bill-of-quantity`);
  await addTab(page, 'Structure');
  await grid(page).focus();
  await page.keyboard.press('Control+Shift+Enter');
  await type(page, 'Piling');
  await saved(page);
  await expect(page.getByTestId('bq-saved')).toHaveText(/All changes saved/);

  // While Kumar has the page open, Aminah takes his level 10 on billOfQuantity away.
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', COMPANY);
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', COMPANY);
  expect(
    (
      await aminah.call('POST', `/api/projects/${projectId}/assignments/unassign`, {
        code: 'billOfQuantity',
        user_id: kumar.userId,
        workflow_level: 10,
      })
    ).status,
  ).toBe(200);
  const view = await kumar.call<{ editable: boolean; readOnlyBecause: string | null }>('GET', `/api/bill-of-quantity/${projectId}`);
  expect(view.json).toMatchObject({ editable: false, readOnlyBecause: 'noAuthority' });

  // His next edit, made on the page as it was, is refused: said where he made it, the title put back.
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/bq-item/update') && r.status() === 403);
  await grid(page).focus();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+a');
  await type(page, 'Piling works');
  expect(((await (await refused).json()) as { errorCode: string }).errorCode).toBe('noAuthority');
  await expect(page.getByTestId('bq-refusal')).toHaveText(
    'Changing “Piling”: You can read this bill of quantity but not change it: changing it needs authority level 10 (create and propose) on bills of quantity in this project. Your company administrator can give it.',
  );
  await expect.poll(() => shownRows(page), { timeout: 20_000 }).toEqual(['1 Piling 0.00']);
  await expect(page.getByTestId('bq-saved')).toHaveText(/^1 change not saved/);
  // The page now offers no edit: the reason instead of the controls.
  await expect(page.getByTestId('bq-read-only')).toHaveAttribute('data-reason', 'noAuthority');
  await expect(page.getByTestId('bq-tab-add')).toHaveCount(0);
  await expect(page.getByTestId('bq-op-addItem')).toHaveCount(0);
  await shot(page, 'bq-04-refused');
  await noAxeFindings(page);
  // Dismissed, nothing is left unsaved: only then does the status line say saved.
  await page.getByTestId('bq-refusals-dismiss').click();
  await expect(page.getByTestId('bq-refusals')).toHaveCount(0);
  await expect(page.getByTestId('bq-saved')).toHaveText(/All changes saved/);

  // Kumar's budget and progress plan pages say the same before he tries, in Malay and Chinese too.
  await page.goto(`/projects/${projectId}/budget`);
  await expect(page.getByTestId('budget-none')).toHaveText(
    'This project has no budget yet. Starting it needs authority level 10 (create and propose) on the ongoing budget in this project: ask a colleague who holds it, or your company administrator to give it to you.',
  );
  await expect(page.getByTestId('budget-start')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('binaan.language', 'ms'));
  await page.goto(`/projects/${projectId}/progress`);
  await expect(page.getByTestId('progress-none')).toContainText(
    'Memulakannya memerlukan kuasa tahap 10 (cipta dan cadang) bagi perancangan kemajuan dalam projek ini',
  );
  await expect(page.getByTestId('progress-start')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('binaan.language', 'zh'));
  await page.goto(`/project/${projectId}/bill-of-quantity`);
  await expect(page.getByTestId('bq-read-only')).toHaveText(
    '您可以查看此工程量清单，但不能更改：更改需要本项目工程量清单的 10 级权限（创建和提议）。请联系贵公司管理员授予。',
  );
  await shot(page, 'bq-05-read-only-zh');
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
});
