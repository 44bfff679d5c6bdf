// The platform administrator suspends an account from the users page and reinstates it: the dialog names the
// person, says what happens and will not go on without a reason; the person's sign-in page then says the
// account is suspended by Binaan; reinstated, they sign in again. By keyboard, in en, ms and zh, at 375 px
// and on a desktop, with nothing for axe. Hafiz (Seri Hartanah) is no other signed-in area spec's person,
// and the test leaves him active whatever happens.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, PASSWORD, test } from './fixtures.js';
import { axeFindings } from './axe.js';

const HAFIZ = { email: 'hafiz@serihartanah.my', name: 'Hafiz bin Omar' };
const LOCALES = resolve(import.meta.dirname, '../../../ui/src/shared/i18n/locales');
const words = (language: string) =>
  (JSON.parse(readFileSync(resolve(LOCALES, language, 'platform.json'), 'utf8')) as { platform: { users: Record<string, string> } })
    .platform.users;
const errors = (language: string) =>
  (JSON.parse(readFileSync(resolve(LOCALES, language, 'errors.json'), 'utf8')) as { error: Record<string, string> }).error;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

async function signInAsPlatformAdmin(page: Page): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.locator('input[name="loginEmail"]').fill('admin@binaan.my');
  await page.locator('input[name="loginPassword"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('select-company')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('platform-users').click();
  await expect(page.getByTestId('users-page')).toBeVisible();
}

const hafizLogin = (request: APIRequestContext) => request.post('/api/login', { data: { email: HAFIZ.email, password: PASSWORD } });
const hafizRow = (page: Page) => page.getByTestId('user-row').filter({ hasText: HAFIZ.email });

test.afterEach(async ({ request }) => {
  // Whatever happened above, Hafiz leaves active for the specs after this one on the same server.
  const admin = await request.post('/api/login', { data: { email: 'admin@binaan.my', password: PASSWORD } });
  const token = (await admin.json()).jwtToken as string;
  const users = (await (
    await request.get(`/api/personal-data/users?q=${encodeURIComponent(HAFIZ.email)}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { users: { userId: string; status: string }[] };
  for (const user of users.users.filter((u) => u.status === 'suspended')) {
    await request.post(`/api/users/${user.userId}/reinstate`, {
      data: { reason: 'Left active by the test' },
      headers: { authorization: `Bearer ${token}` },
    });
  }
});

test('the platform admin suspends an account with a reason, its sign-in is refused, then reinstated it signs in again', async ({
  page,
  browser,
  baseURL,
  request,
  shot,
}) => {
  test.setTimeout(240_000);
  const en = words('en');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsPlatformAdmin(page);
  await page.getByTestId('users-search').fill('hafiz');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(hafizRow(page)).toContainText('Active');

  // Keyboard: Suspend opens the dialog with the reason field focused; no reason, no suspension.
  await hafizRow(page)
    .getByRole('button', { name: `${en.suspend}: ${HAFIZ.name}` })
    .focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: fill(en.suspendTitle!, { name: HAFIZ.name }) });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('account-action-effect')).toHaveText(en.suspendEffect!);
  await expect(page.getByTestId('account-action-reason')).toBeFocused();
  const confirm = dialog.getByRole('button', { name: en.suspend! });
  await expect(confirm).toBeDisabled();
  await page.keyboard.type('ab');
  await expect(confirm).toBeDisabled();
  await page.keyboard.type('use reported by two companies; under review');
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'account-suspension-dialog-desktop');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(fill(en.suspended!, { name: HAFIZ.name }))).toBeVisible();
  await expect(hafizRow(page).getByTestId('reinstate-open')).toBeVisible();
  await expect(hafizRow(page).getByTestId('suspend-open')).toHaveCount(0);
  await expect(hafizRow(page).getByTestId('reset-password-open')).toHaveCount(0);
  await shot(page, 'account-suspension-suspended-desktop');

  // Hafiz's own sign-in: refused, and the page says why.
  expect((await (await hafizLogin(request)).json()).errorCode).toBe('accountSuspended');
  const his = await browser.newContext({ baseURL: baseURL!, viewport: { width: 375, height: 812 } });
  const hisPage = await his.newPage();
  await hisPage.goto('/auth/sign-in');
  await hisPage.locator('input[name="loginEmail"]').fill(HAFIZ.email);
  await hisPage.locator('input[name="loginPassword"]').fill(PASSWORD);
  await hisPage.locator('button[type="submit"]').click();
  await expect(hisPage.getByTestId('sign-in-error')).toContainText(errors('en').accountSuspended!);
  await shot(hisPage, 'account-suspension-sign-in-refused-375');
  await his.close();

  // In Malay and Chinese at 375 px: the words of the row and of the dialog, inside the screen, nothing for axe.
  await page.setViewportSize({ width: 375, height: 812 });
  for (const language of ['ms', 'zh'] as const) {
    const own = words(language);
    await page.evaluate((chosen) => localStorage.setItem('binaan.language', chosen), language);
    await page.reload();
    await page.getByTestId('users-search').fill('hafiz');
    await expect(hafizRow(page).getByRole('button', { name: `${own.reinstate}: ${HAFIZ.name}` })).toBeVisible();
    await hafizRow(page).getByTestId('reinstate-open').click();
    await expect(page.getByRole('dialog', { name: fill(own.reinstateTitle!, { name: HAFIZ.name }) })).toBeVisible();
    await expect(page.getByTestId('account-action-effect')).toHaveText(own.reinstateEffect!);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, `account-suspension-reinstate-dialog-${language}-375`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('account-action-dialog')).toBeHidden();
  }
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
  await page.reload();

  // Reinstated with a reason: active again, and his password signs in.
  await page.getByTestId('users-search').fill('hafiz');
  await hafizRow(page).getByTestId('reinstate-open').click();
  await page.getByTestId('account-action-reason').fill('Cleared after review');
  await page.getByTestId('account-action-confirm').click();
  await expect(page.getByText(fill(en.reinstated!, { name: HAFIZ.name }))).toBeVisible();
  await expect(hafizRow(page).getByTestId('suspend-open')).toBeVisible();
  expect((await hafizLogin(request)).status()).toBe(200);
  await shot(page, 'account-suspension-reinstated-375');
});

test('the platform admin resets a password, and the e-mail log lists the temporary password sent, in en and zh', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(180_000);
  const en = words('en');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsPlatformAdmin(page);
  await page.getByTestId('users-search').fill('hafiz');
  await hafizRow(page)
    .getByRole('button', { name: `${en.resetPassword}: ${HAFIZ.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: fill(en.resetPasswordTitle!, { name: HAFIZ.name }) });
  await expect(page.getByTestId('account-action-effect')).toHaveText(fill(en.resetPasswordEffect!, { email: HAFIZ.email }));
  await page.getByTestId('account-action-reason').fill('Locked out after changing phones');
  await dialog.getByRole('button', { name: en.resetPassword! }).click();
  await expect(page.getByText(fill(en.passwordReset!, { name: HAFIZ.name }))).toBeVisible();
  // His own password no longer works: the temporary one went to his address.
  expect((await hafizLogin(request)).status()).toBe(401);

  // The e-mail log, from the menu: the temporary password's e-mail to Hafiz, sent (the demo keeps mail in its outbox).
  await page.getByRole('menuitem', { name: 'E-mail log' }).click();
  await expect(page).toHaveURL(/\/admin\/email-log$/);
  await page.getByTestId('email-log-search').fill(HAFIZ.email);
  const row = page.getByTestId('email-log-row').first();
  await expect(row).toContainText('temporary-password');
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('Your Binaan password was reset');
  await page.getByTestId('email-log-status').selectOption('failed');
  await expect(page.getByTestId('email-log-empty')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'email-log-desktop');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => localStorage.setItem('binaan.language', 'zh'));
  await page.reload();
  await page.getByTestId('email-log-search').fill(HAFIZ.email);
  await expect(page.getByTestId('email-log-row').first()).toContainText('已发送');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('邮件日志');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'email-log-zh-375');
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
});
