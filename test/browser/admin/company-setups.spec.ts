// A company's setups in the browser, against the real api as Aminah of Teguh Bina (apps/api/src/company-setups):
// she adds a project category and a region on their pages (the same name again is refused, in words), and a new
// project picks both from its form; she reorders a questionnaire's questions by keyboard alone. Then she publishes
// version 2 of the company's terms, and her colleague Kumar, signing in next, must accept it at the company choice
// before he lands at home. English at 1280 px, Malay and Chinese at 375 px: nothing wider than the screen, nothing
// for axe, on the pages and in the dialogs. The terms are accepted for every member at the end, so the specs after
// this one meet the company as before.
import type { Page } from '@playwright/test';
import { apiSession, expect, PASSWORD, signIn, test } from './fixtures.js';
import { axeFindings } from './axe.js';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** Nothing runs past the screen, outside a box that scrolls sideways on purpose. */
async function fitsTheScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems = document.documentElement.scrollWidth > width ? [`page ${document.documentElement.scrollWidth} px wide`] : [];
    const scrolls = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    for (const el of document.querySelectorAll('#main-content *, [role="dialog"] *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && !scrolls(el))
        problems.push(
          `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} ends at ${Math.round(box.right)}`,
        );
    }
    return problems.slice(0, 10);
  });
}

const setupRow = (page: Page, name: string) => page.getByTestId('setup-row').filter({ hasText: name });

async function addItem(page: Page, name: string, description: string): Promise<void> {
  await page.getByTestId('setup-create').click();
  const dialog = page.getByTestId('setup-dialog');
  await dialog.getByTestId('setup-name').fill(name);
  await dialog.getByTestId('setup-description').fill(description);
  await dialog.getByTestId('setup-save').click();
}

test.describe.configure({ mode: 'serial' });

test('a category and a region are added on their pages, and a new project picks both from its form', async ({ page, shot, baseURL }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const category = `Marine works ${stamp}`;
  const region = `East coast ${stamp}`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');

  await page.getByRole('menuitem', { name: 'Project categories' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Project categories');
  // The demo's own categories are listed, active.
  await expect(setupRow(page, 'Residential')).toBeVisible();
  await addItem(page, category, 'Jetties and wharves');
  await expect(page.getByTestId('setup-dialog')).toBeHidden();
  await expect(setupRow(page, category)).toContainText('Jetties and wharves');
  // The same name in another case: refused, said in words, nothing added.
  await addItem(page, category.toUpperCase(), '');
  await expect(page.getByTestId('setup-dialog')).toContainText('An item with the same name exists.');
  expect(await axeFindings(page)).toEqual([]);
  await page.getByTestId('setup-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(setupRow(page, category)).toHaveCount(1);
  await shot(page, 'company-setups-categories-desktop');

  await page.getByRole('menuitem', { name: 'Project regions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Project regions');
  await addItem(page, region, 'Kelantan, Terengganu, Pahang');
  await expect(setupRow(page, region)).toBeVisible();

  // A new project picks them: the form offers the company's active categories and regions.
  await page.goto('/project/developer/create');
  await page.locator('input[name="project_name"]').fill(`Jeti Kuala Besut ${stamp}`);
  await page.locator('input[name="project_code"]').fill(`JKB-${stamp}`.slice(0, 20));
  await page.locator('input[name="project_short_desc"]').fill('Jetty and wharf');
  await page.locator('input[name="location"]').fill('Kuala Besut, Terengganu');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: category }).click();
  await page.getByRole('combobox', { name: 'Region', exact: true }).click();
  await page.getByRole('option', { name: region }).click();
  expect(await axeFindings(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}/, { timeout: 20_000 });
  const projectId = /\/projects\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  const project = await aminah.call<{ category: string; categoryId: string; companyRegion: string }>('GET', `/api/projects/${projectId}`);
  expect(project.json).toMatchObject({ category, companyRegion: region });
  await expect(page.getByText(category).first()).toBeVisible();
});

test("a questionnaire's questions are reordered by keyboard alone, in Malay on a phone", async ({ page, shot }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.evaluate(() => localStorage.setItem('binaan.language', 'ms'));
  await page.setViewportSize(PHONE);
  await page.goto('/administration/questionnaires');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  const appraisal = setupRow(page, 'Subcontractor appraisal');
  await expect(appraisal).toBeVisible();
  expect(await fitsTheScreen(page)).toEqual([]);
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'company-setups-questionnaires-ms-phone');
  await appraisal.getByTestId('setup-edit').click();
  const dialog = page.getByTestId('setup-dialog');
  await expect(dialog.getByTestId('question-text-0').locator('input')).toHaveValue('Quality of work');
  // Keyboard only: focus the first question's "move down", press Enter twice; focus follows the question.
  await dialog.getByTestId('question-down-0').focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('question-down-1')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('question-text-2').locator('input')).toHaveValue('Quality of work');
  await expect(dialog.getByTestId('question-text-0').locator('input')).toHaveValue('Keeps to the programme');
  expect(await fitsTheScreen(page)).toEqual([]);
  expect(await axeFindings(page)).toEqual([]);
  await dialog.getByTestId('setup-reason').fill('Programme first');
  await dialog.getByTestId('setup-save').click();
  await expect(dialog).toBeHidden();
  // Saved in that order, and the history says who and why.
  await appraisal.getByTestId('setup-history').click();
  const history = page.getByTestId('setup-history-dialog');
  await expect(history.getByTestId('setup-history-row')).toHaveCount(2);
  await expect(history.getByTestId('setup-history-row').last()).toContainText('Programme first');
  await history.getByRole('button').last().click();
  await appraisal.getByTestId('setup-edit').click();
  await expect(dialog.getByTestId('question-text-2').locator('input')).toHaveValue('Quality of work');
});

test('version 2 of the terms is published, and a colleague signing in next must accept it before working', async ({
  page,
  browser,
  shot,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  try {
    // Version 1 as the api takes it; version 2 on the page.
    expect((await aminah.call('POST', '/api/company-terms', { title: 'Site rules', contents: 'Wear a helmet on site.' })).status).toBe(201);
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
    await page.getByRole('menuitem', { name: 'Terms and agreements' }).click();
    await expect(page.getByTestId('terms-version')).toHaveCount(1);
    await page.getByTestId('terms-publish').click();
    const publish = page.getByTestId('terms-publish-dialog');
    await publish.getByTestId('terms-title').fill('Site rules');
    await publish.getByTestId('terms-contents').fill('Wear a helmet and safety boots on site.\n\nReport every near miss the same day.');
    await publish.getByTestId('terms-reason').fill('Boots and near misses added');
    expect(await axeFindings(page)).toEqual([]);
    await publish.getByTestId('terms-publish-send').click();
    await expect(publish).toBeHidden();
    await expect(page.getByTestId('terms-version').first()).toContainText('Version 2: Site rules');
    await expect(page.getByTestId('terms-version').first()).toContainText('Boots and near misses added');
    await shot(page, 'company-setups-terms-desktop');

    // Kumar signs in next, in Chinese on a phone: the company choice shows version 2 before anything else.
    const context = await browser.newContext({ baseURL, viewport: PHONE });
    const kumar = await context.newPage();
    await kumar.goto('/auth/sign-in');
    await kumar.evaluate(() => localStorage.setItem('binaan.language', 'zh'));
    await kumar.goto('/auth/sign-in');
    await kumar.locator('input[name="loginEmail"]').fill('kumar@teguhbina.my');
    await kumar.locator('input[name="loginPassword"]').fill(PASSWORD);
    await kumar.locator('button[type="submit"]').click();
    await expect(kumar.getByTestId('select-company')).toBeVisible({ timeout: 20_000 });
    await kumar.getByTestId('company-teguh-bina').click();
    const terms = kumar.getByTestId('company-terms-dialog');
    await expect(terms).toBeVisible({ timeout: 20_000 });
    await expect(terms.getByTestId('company-terms-text')).toContainText('Report every near miss the same day.');
    expect(await fitsTheScreen(kumar)).toEqual([]);
    expect(await axeFindings(kumar)).toEqual([]);
    await shot(kumar, 'company-setups-accept-zh-phone');
    await terms.getByTestId('company-terms-accept').click();
    await expect(terms).toBeHidden();
    await expect(kumar).toHaveURL(/\/article/, { timeout: 20_000 });
    const accepted = await aminah.call<{ acceptedBy: number; version: number }[]>('GET', '/api/company-terms/versions');
    expect(accepted.json[0]).toMatchObject({ version: 2, acceptedBy: 2 });
    await context.close();
  } finally {
    // Every member accepts the latest version, so the specs after this one sign in to Teguh Bina as before.
    const members = await aminah.call<{ email: string }[]>('GET', '/api/company/members?range=[0,49]');
    const latest = await aminah.call<{ version: number }[]>('GET', '/api/company-terms/versions');
    for (const member of members.json) {
      const session = await apiSession(baseURL!, member.email, 'teguh-bina').catch(() => null);
      if (session && latest.json[0]) await session.call('POST', '/api/company-terms/accept', { version: latest.json[0].version });
    }
  }
});

test('the setup pages and their dialogs fit a phone in Malay and Chinese, and axe finds nothing', async ({ page, shot }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.setViewportSize(PHONE);
  for (const language of ['ms', 'zh']) {
    await page.evaluate((chosen) => localStorage.setItem('binaan.language', chosen), language);
    for (const path of ['project-categories', 'project-regions', 'profit-parameters', 'questionnaires', 'terms-and-agreements']) {
      await page.goto(`/administration/${path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-Hans' : language);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      expect(await fitsTheScreen(page), `${path} ${language}`).toEqual([]);
      expect(await axeFindings(page), `${path} ${language}`).toEqual([]);
    }
    // The questionnaire dialog, the widest of them, and the history.
    await page.goto('/administration/questionnaires');
    await setupRow(page, 'Main works technical evaluation').getByTestId('setup-edit').click();
    await expect(page.getByTestId('setup-dialog')).toBeVisible();
    expect(await fitsTheScreen(page), `questionnaire dialog ${language}`).toEqual([]);
    expect(await axeFindings(page), `questionnaire dialog ${language}`).toEqual([]);
    await shot(page, `company-setups-questionnaire-dialog-${language}-phone`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('setup-dialog')).toBeHidden();
    await setupRow(page, 'Main works technical evaluation').getByTestId('setup-history').click();
    await expect(page.getByTestId('setup-history-row').first()).toBeVisible();
    expect(await axeFindings(page), `history ${language}`).toEqual([]);
    await page.keyboard.press('Escape');
  }
});
