// The catch-all page of public-area.md §2 for a visitor who is not signed in: a path neither
// area has shows "Page not found" with a link home and a sign-out link, in English, Malay and Chinese,
// with nothing for axe to find at desktop and phone sizes; a page of the signed-in area still sends the
// visitor to sign in first.
import { expect, test } from '@playwright/test';
import { shot } from './support.js';
import { noAxeFindings } from './admin/axe.js';

const LANGUAGES = [
  { language: 'en', title: 'Page not found', home: 'Go to the home page', signOut: 'Sign out' },
  { language: 'ms', title: 'Halaman tidak dijumpai', home: 'Pergi ke laman utama', signOut: 'Log keluar' },
  { language: 'zh', title: '找不到页面', home: '前往首页', signOut: '退出登录' },
] as const;

test('a visitor on an unknown path sees the catch-all page in each language, with a link home and a sign-out link', async ({ page }) => {
  await page.goto('/no-such-page/at/all?x=1');
  const notFound = page.getByTestId('not-found');
  for (const text of LANGUAGES) {
    await page.getByTestId(`language-${text.language}`).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
    await expect(page).toHaveTitle(`${text.title} · Binaan`);
    await expect(notFound.getByRole('link', { name: text.home })).toHaveAttribute('href', '/');
    await expect(notFound.getByRole('link', { name: text.signOut })).toHaveAttribute('href', '/auth/sign-in?from=logout');
    // Still the address the visitor typed: not sent to sign in.
    expect(new URL(page.url()).pathname).toBe('/no-such-page/at/all');
    await noAxeFindings(page);
    await shot(page, `not-found-${text.language}`);
  }
  await page.getByTestId('language-en').first().click();
  // By keyboard: the home link is reached with Tab and followed with Enter.
  const home = notFound.getByRole('link', { name: 'Go to the home page' });
  for (let i = 0; i < 30 && !(await home.evaluate((link) => link === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(home).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Construction procurement, from tender to payment');
});

test('the sign-out link leads to the sign-in page', async ({ page }) => {
  await page.goto('/old-bookmark');
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?from=logout$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});

test('at phone width the catch-all page fits and axe finds nothing', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await noAxeFindings(page);
  await shot(page, 'not-found-phone');
  await context.close();
});

test('a page of the signed-in area still asks a visitor to sign in first', async ({ page }) => {
  for (const path of ['/purchaseOrder', '/deliveryOrder/some-id/show', '/article', '/my-approvals', '/seller-delivery-order/all/pending']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  }
});
