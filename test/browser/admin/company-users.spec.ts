// A company administrator brings people in and gives them roles (signed-in-area.md §2.5, §6), against the real
// api as Aminah of Teguh Bina: she creates a role with only procurement view and update ticked in the matrix,
// invites a new person with it (an e-mail with a sign-up link; they wait under Pending approval) and a person
// who already has an account (Mei of Mutiara Supplies: linked, active at once), suspends Mei with a remark in
// the confirmation dialog and activates her again, and reads it in her history. English and Malay at 375 px
// and 1280 px, Chinese at 375 px: nothing wider than the screen, nothing for axe, on the lists and in the dialogs.
// Someone without the users rights has neither page; a company awaiting approval has both (README: Company users).
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.js';
import { animationsSettled } from './settled.js';
import { axeFindings } from './axe.js';

const MEI = { email: 'mei@mutiarasupplies.my', name: 'Tan Mei Hua' };
const SIZES = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 800 } } as const;

/** Nothing runs past the screen: the page does not scroll sideways and no element of the page ends past its edge. */
async function fitsTheScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems = document.documentElement.scrollWidth > width ? [`page ${document.documentElement.scrollWidth} px wide`] : [];
    // Inside a box that scrolls sideways on purpose (a table's region) an element may end past the edge.
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

/** A dialog as the screen shows it: a full-page picture stretches the page under a dialog fixed to the window. */
async function dialogShot(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  await page.screenshot({ path: resolve(import.meta.dirname, '../screenshots', `${name}.png`) });
}

const row = (page: Page, text: string) => page.getByTestId('member-row').filter({ hasText: text });

test.describe.configure({ mode: 'serial' });

test('the administrator creates a role in the matrix, invites two people with it, suspends one with a remark and activates her again', async ({
  page,
  shot,
  browser,
  baseURL,
}) => {
  // The walk and its eight checks of a size and language take about two minutes on a loaded two-core machine.
  test.setTimeout(420_000);
  const stamp = Date.now().toString(36);
  const role = `PO clerk ${stamp}`;
  const newcomer = { email: `nur.aisyah.${stamp}@example.my`, name: 'Nur Aisyah binti Kamal' };
  await page.setViewportSize(SIZES.desktop);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');

  // Both pages are in her menu; the platform's accounts page is not (she is no platform administrator).
  await expect(page.getByRole('menuitem', { name: 'Users', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Platform users' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'User roles' }).click();

  // The role: only procurement view and update ticked, found by their names in the matrix.
  await expect(page).toHaveTitle(/User roles · Binaan/);
  await expect(page.getByTestId('role-row').first()).toBeVisible();
  await page.getByTestId('role-create').click();
  const editor = page.getByRole('dialog', { name: 'Create a role' });
  await expect(editor).toBeVisible();
  await editor.getByTestId('role-name').fill(role);
  await editor.getByRole('checkbox', { name: 'Procurement: view' }).check();
  await editor.getByRole('checkbox', { name: 'Procurement: update' }).check();
  await expect(editor.getByRole('checkbox', { name: 'Procurement: approve' })).not.toBeChecked();
  await expect(editor.getByRole('checkbox', { name: 'Tender management: view' })).not.toBeChecked();
  expect(await axeFindings(page)).toEqual([]);
  await dialogShot(page, 'company-roles-editor-desktop');
  await editor.getByTestId('role-save').click();
  await expect(editor).toBeHidden();
  const created = page.getByTestId('role-row').filter({ hasText: role });
  await expect(created).toContainText('Access rights: 2');
  await expect(created).toContainText('Procurement');
  await shot(page, 'company-roles-desktop');

  // A new person: an e-mail with a sign-up link; they wait under Pending approval with the role.
  await page.goto('/administration/users');
  await expect(page).toHaveURL(/\/administration\/users\/active$/);
  await expect(page).toHaveTitle(/Active · Users · Binaan/);
  const invite = async (person: { email: string; name: string }) => {
    await page.getByTestId('invite-open').click();
    const dialog = page.getByRole('dialog', { name: 'Invite a person to Teguh Bina Sdn Bhd' });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('invite-email').fill(person.email);
    await dialog.getByTestId('invite-name').fill(person.name);
    await dialog.getByTestId('invite-roles').fill(role.slice(0, 8));
    await page.getByRole('option', { name: role }).click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    return dialog;
  };
  const first = await invite(newcomer);
  expect(await axeFindings(page)).toEqual([]);
  await first.getByTestId('invite-send').click();
  await expect(first.getByTestId('invite-result')).toHaveAttribute('data-linked', 'false');
  await expect(first.getByTestId('invite-result')).toContainText(`An e-mail with a sign-up link was sent to ${newcomer.email}.`);
  await dialogShot(page, 'company-users-invite-sent-desktop');
  await first.getByTestId('invite-done').click();
  await expect(page).toHaveURL(/\/administration\/users\/pending-approval$/);
  await expect(row(page, newcomer.email)).toBeVisible();
  await expect(row(page, newcomer.email).getByTestId('member-role')).toContainText(role);
  await expect(row(page, newcomer.email).getByTestId('member-status')).toHaveText('Pending');

  // A person with an account already (another company's): linked, active at once.
  await page.getByTestId('users-tab-active').click();
  await expect(page).toHaveURL(/\/administration\/users\/active$/);
  const second = await invite(MEI);
  await second.getByTestId('invite-send').click();
  await expect(second.getByTestId('invite-result')).toHaveAttribute('data-linked', 'true');
  await expect(second.getByTestId('invite-result')).toContainText(
    `${MEI.name} already has a Binaan account and is now an active user of Teguh Bina Sdn Bhd.`,
  );
  await second.getByTestId('invite-done').click();
  await expect(row(page, MEI.email)).toBeVisible();
  await expect(row(page, MEI.email).getByTestId('member-status')).toHaveText('Active');
  await shot(page, 'company-users-active-desktop');

  // Suspend: the dialog names her and will not go on without a remark; Escape would send nothing.
  await row(page, MEI.email)
    .getByRole('button', { name: `Actions for ${MEI.name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Suspend', exact: true }).click();
  const suspend = page.getByRole('dialog', { name: `Suspend ${MEI.name}?` });
  await expect(suspend).toBeVisible();
  await expect(suspend.getByTestId('people-confirm-subject')).toHaveText(`Person: ${MEI.name} (${MEI.email})`);
  await expect(suspend.getByRole('button', { name: 'Suspend' })).toBeDisabled();
  await expect(suspend.getByTestId('people-remark')).toBeFocused();
  await page.keyboard.type('Left the project team; access paused until the new contract.');
  await expect(suspend.getByRole('button', { name: 'Suspend' })).toBeEnabled();
  expect(await axeFindings(page)).toEqual([]);
  await dialogShot(page, 'company-users-suspend-desktop');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(suspend).toBeHidden();
  await expect(page.getByText(`${MEI.name} is suspended.`)).toBeVisible();
  await expect(row(page, MEI.email)).toHaveCount(0);

  // Not active, suspended: activate her again (no remark needed).
  await page.getByTestId('users-tab-not-active').click();
  await expect(page).toHaveURL(/\/administration\/users\/not-active$/);
  await expect(row(page, MEI.email).getByTestId('member-status')).toHaveText('Suspended');
  // By keyboard: the menu opens on Enter with its first action focused.
  await row(page, MEI.email)
    .getByRole('button', { name: `Actions for ${MEI.name}` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Activate', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  const activate = page.getByRole('dialog', { name: `Activate ${MEI.name}?` });
  await expect(activate.getByTestId('people-remark')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(activate.getByRole('button', { name: 'Activate', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(activate).toBeHidden();
  await expect(page.getByText(`${MEI.name} is active.`)).toBeVisible();
  await expect(row(page, MEI.email)).toHaveCount(0);

  // Her history says so, newest first, with the remark.
  await page.getByTestId('users-tab-active').click();
  await row(page, MEI.email)
    .getByRole('button', { name: `Manage ${MEI.name}` })
    .click();
  const manage = page.getByRole('dialog', { name: MEI.name });
  await expect(manage.getByTestId('member-dialog-role').filter({ hasText: role })).toBeVisible();
  const history = manage.getByTestId('member-history-row');
  await expect(history.first()).toHaveAttribute('data-event', 'Activate');
  await expect(history.nth(1)).toHaveAttribute('data-event', 'Suspend');
  await expect(history.nth(1)).toContainText('Left the project team; access paused until the new contract.');
  expect(await axeFindings(page)).toEqual([]);
  await dialogShot(page, 'company-users-manage-desktop');
  await manage.getByTestId('member-dialog-close').click();

  // The language chosen in the app bar on the page itself: its texts come in that language at once.
  await page
    .getByRole('button', { name: /English|Bahasa Melayu|简体中文/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('用户');
  await expect(page.getByTestId('users-tab-active')).toHaveText('活跃');
  await expect(page).toHaveTitle(/活跃 · 用户 · Binaan/);
  await page
    .getByRole('button', { name: /English|Bahasa Melayu|简体中文/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');

  // English and Malay on a phone and a desktop, Chinese on the phone too (its words wrap differently): the lists,
  // the matrix and the invite dialog. Each size is a browser of its own, loaded at that size as a device loads
  // it, with her session put in place.
  const session = (await page.evaluate(() => Object.entries(localStorage))).filter(([key]) => !key.startsWith('RaStore'));
  for (const [size, viewport] of Object.entries(SIZES)) {
    const context = await browser.newContext({ baseURL, viewport });
    const sized = await context.newPage();
    await sized.goto('/terms-of-use');
    await sized.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, session);
    for (const language of size === 'phone' ? ['en', 'ms', 'zh'] : ['en', 'ms']) {
      await sized.evaluate((chosen) => localStorage.setItem('binaan.language', chosen), language);
      await sized.goto('/administration/users/pending-approval');
      await expect(row(sized, newcomer.email)).toBeVisible();
      await expect(sized.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-Hans' : language);
      expect(await fitsTheScreen(sized), `users ${language} ${size}`).toEqual([]);
      expect(await axeFindings(sized), `users ${language} ${size}`).toEqual([]);
      await shot(sized, `company-users-pending-${language}-${size}`);
      await sized.getByTestId('invite-open').click();
      await expect(sized.getByTestId('invite-dialog')).toBeVisible();
      expect(await fitsTheScreen(sized), `invite ${language} ${size}`).toEqual([]);
      expect(await axeFindings(sized), `invite ${language} ${size}`).toEqual([]);
      await dialogShot(sized, `company-users-invite-${language}-${size}`);
      await sized.keyboard.press('Escape');
      await sized.goto('/administration/user-roles');
      await expect(sized.getByTestId('role-row').filter({ hasText: role })).toBeVisible();
      expect(await fitsTheScreen(sized), `roles ${language} ${size}`).toEqual([]);
      await shot(sized, `company-roles-${language}-${size}`);
      await sized.getByTestId('role-row').filter({ hasText: role }).getByTestId('role-edit').click();
      const matrix = sized.getByTestId('rights-matrix');
      await expect(matrix).toHaveAttribute('data-layout', size === 'phone' ? 'groups' : 'table');
      await expect(matrix.locator('input[type="checkbox"]:checked')).toHaveCount(2);
      expect(await fitsTheScreen(sized), `role editor ${language} ${size}`).toEqual([]);
      expect(await axeFindings(sized), `role editor ${language} ${size}`).toEqual([]);
      await dialogShot(sized, `company-roles-editor-${language}-${size}`);
      await sized.keyboard.press('Escape');
    }
    await context.close();
  }
});

test('a user without the users rights has neither page in the menu, and their addresses say no access', async ({ page }) => {
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await expect(page.getByRole('menuitem', { name: 'Purchase orders', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Users', exact: true })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'User roles' })).toHaveCount(0);
  for (const path of [
    '/administration/users/active',
    '/administration/users/pending-approval',
    '/administration/user-roles',
    '/admin/users',
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('no-access'), path).toBeVisible();
  }
});

test('a company awaiting approval brings its people in: its administrator opens the users and roles pages', async ({ page }) => {
  await signIn(page, 'daniel@lestariebuild.my', 'lestari-ebuild');
  await page.goto('/administration/users/active');
  await expect(page.getByTestId('company-users-page')).toBeVisible();
  await expect(row(page, 'daniel@lestariebuild.my')).toBeVisible();
  await expect(page.getByTestId('invite-open')).toBeVisible();
  await page.goto('/administration/user-roles');
  await expect(page.getByTestId('role-row').first()).toBeVisible();
});
