// The contact form and the admin module's inquiries: a visitor on a phone, in Malay, opens "Hubungi kami" on
// the landing page, is told what is missing, sends a message (the human check solved in the background) and
// is thanked; the platform administrator finds it among the new inquiries, reads it and closes it, then
// cancels another with a remark. Keyboard for the dialog, axe at 375 px and on a desktop, en, ms and zh words.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, PASSWORD, test } from './fixtures.js';
import { axeFindings } from './axe.js';

const LOCALES = resolve(import.meta.dirname, '../../../ui/src/shared/i18n/locales');
const json = (language: string, file: string) =>
  JSON.parse(readFileSync(resolve(LOCALES, language, `${file}.json`), 'utf8')) as Record<string, Record<string, unknown>>;
const contactWords = (language: string) => json(language, 'public').contact as Record<string, string>;
const inquiryWords = (language: string) => ({
  inquiries: (json(language, 'platform').platform as { inquiries: { statuses: Record<string, string>; actions: Record<string, string> } })
    .inquiries,
  menu: (json(language, 'admin').admin as { menu: Record<string, string> }).menu,
});

test('a visitor sends a message from the landing page, and the platform admin reads and closes it', async ({
  browser,
  baseURL,
  page,
  shot,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const subject = `Joining as a tile supplier ${stamp}`;
  const ms = contactWords('ms');

  // The visitor: a phone, in Malay, not signed in.
  const visitor = await browser.newContext({ baseURL: baseURL!, viewport: { width: 375, height: 812 } });
  await visitor.addInitScript(() => localStorage.setItem('binaan.language', 'ms'));
  const phone = await visitor.newPage();
  await phone.goto('/');
  await expect(phone.getByTestId('contact-section').getByRole('heading', { level: 2 })).toHaveText(ms.title!);
  await phone.getByTestId('contact-open').click();
  const dialog = phone.getByTestId('contact-dialog');
  await expect(dialog).toBeVisible();
  // Sent empty: each required field says so, nothing leaves the page.
  await phone.getByTestId('contact-send').click();
  await expect(dialog.getByRole('alert')).toHaveCount(4);
  await dialog.getByLabel(ms.name!).fill('Nor Aini');
  await dialog.getByLabel(ms.email!).fill(`aini.${stamp}@example.my`);
  await dialog.getByLabel(ms.companyName!).fill('Aini Tiles Trading');
  await dialog.getByLabel(ms.subject!).fill(subject);
  await dialog.getByLabel(ms.message!).fill('Pendek');
  await phone.getByTestId('contact-send').click();
  await expect(dialog.getByText(ms.messageTooShort!)).toBeVisible();
  await dialog.getByLabel(ms.message!).fill('Kami membekalkan jubin porselin di Lembah Klang. Bagaimana kami menyertai Binaan?');
  expect(await axeFindings(phone)).toEqual([]);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(phone, 'contact-form-ms-375');
  await phone.getByTestId('contact-send').click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(phone.getByText(ms.sent!.replace('{{email}}', `aini.${stamp}@example.my`))).toBeVisible();
  await visitor.close();

  // The platform administrator: the new inquiry, opened, read, closed.
  const en = inquiryWords('en');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/auth/sign-in');
  await page.locator('input[name="loginEmail"]').fill('admin@binaan.my');
  await page.locator('input[name="loginPassword"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('select-company')).toBeVisible({ timeout: 20_000 });
  await page.goto('/admin/inquiries');
  await page.getByTestId('inquiries-search').fill(stamp);
  const row = page.getByTestId('inquiry-row').filter({ hasText: subject });
  await expect(row).toContainText('Aini Tiles Trading');
  await expect(row).toContainText(en.inquiries.statuses.new!);
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'inquiries-desktop');
  await row.getByTestId('inquiry-open').focus();
  await page.keyboard.press('Enter');
  const opened = page.getByRole('dialog', { name: subject });
  await expect(opened.getByTestId('inquiry-message')).toContainText('jubin porselin');
  await expect(opened.getByRole('link', { name: `aini.${stamp}@example.my` })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:aini\\.${stamp}@example\\.my`),
  );
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'inquiry-dialog-desktop');
  await opened.getByTestId('inquiry-close').click();
  await expect(opened.getByTestId('inquiry-reopen')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('inquiries-status').selectOption('close');
  await expect(page.getByTestId('inquiry-row').filter({ hasText: subject })).toContainText(en.inquiries.statuses.close!);

  // Reopened, then cancelled with a remark (the button waits for one), in Chinese at 375 px.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => localStorage.setItem('binaan.language', 'zh'));
  await page.reload();
  const zh = inquiryWords('zh');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.menu.inquiries!);
  await page.getByTestId('inquiries-status').selectOption('close');
  await page.getByTestId('inquiries-search').fill(stamp);
  await page.getByTestId('inquiry-row').filter({ hasText: subject }).getByTestId('inquiry-open').click();
  await page.getByTestId('inquiry-reopen').click();
  await page.getByTestId('inquiry-cancel').click();
  await expect(page.getByTestId('inquiry-cancel-confirm')).toBeDisabled();
  await page.getByTestId('inquiry-remark').fill('已在电话中答复');
  expect(await axeFindings(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'inquiry-cancel-zh-375');
  await page.getByTestId('inquiry-cancel-confirm').click();
  await expect(page.getByTestId('inquiry-dialog')).toContainText('已在电话中答复');
  await page.keyboard.press('Escape');
  await page.getByTestId('inquiries-status').selectOption('cancel');
  await expect(page.getByTestId('inquiry-row').filter({ hasText: subject })).toContainText(zh.inquiries.statuses.cancel!);
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
});

test("the platform admin widens a colleague's admin module rights, and the colleague's menu follows", async ({
  browser,
  baseURL,
  page,
  request,
  shot,
}) => {
  test.setTimeout(180_000);
  const signInWithoutCompany = async (target: Page, email: string) => {
    await target.goto('/auth/sign-in');
    await target.locator('input[name="loginEmail"]').fill(email);
    await target.locator('input[name="loginPassword"]').fill(PASSWORD);
    await target.locator('button[type="submit"]').click();
    await expect(target.getByTestId('select-company')).toBeVisible({ timeout: 20_000 });
  };
  // Siti (support) holds the inquiry right only: her company choice offers the inquiries, not the users or registrations.
  const support = await browser.newContext({ baseURL: baseURL!, viewport: { width: 375, height: 812 } });
  const siti = await support.newPage();
  await signInWithoutCompany(siti, 'support@binaan.my');
  await expect(siti.getByTestId('platform-inquiries')).toBeVisible();
  await expect(siti.getByTestId('platform-users')).toHaveCount(0);
  await expect(siti.getByTestId('platform-registrations')).toHaveCount(0);

  // The platform admin gives her the user right too, with a reason.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithoutCompany(page, 'admin@binaan.my');
  await page.getByTestId('platform-users').click();
  await page.getByTestId('users-search').fill('support@binaan.my');
  await page.getByTestId('user-row').filter({ hasText: 'support@binaan.my' }).getByTestId('rights-open').click();
  const dialog = page.getByRole('dialog', { name: 'Admin module rights of Siti Support' });
  await expect(dialog.getByTestId('right-admin.inquiry')).toBeChecked();
  await expect(dialog.getByTestId('right-admin.user')).not.toBeChecked();
  await dialog.getByTestId('right-admin.user').check();
  await expect(dialog.getByTestId('rights-save')).toBeDisabled();
  await dialog.getByTestId('rights-reason').fill('Covers user support this month');
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'staff-rights-dialog-desktop');
  await dialog.getByTestId('rights-save').click();
  await expect(page.getByText('The rights of Siti Support are saved.')).toBeVisible();

  // Siti, signed in again: the users page now opens for her, and its menu lists it; the registrations still do not.
  await signInWithoutCompany(siti, 'support@binaan.my');
  await siti.getByTestId('platform-users').click();
  await expect(siti.getByTestId('users-page')).toBeVisible();
  await siti
    .getByRole('button', { name: /menu/i })
    .first()
    .click()
    .catch(() => undefined);
  await expect(siti.getByRole('menuitem', { name: 'Inquiries' })).toBeVisible();
  await expect(siti.getByRole('menuitem', { name: 'Company registrations' })).toHaveCount(0);
  await shot(siti, 'staff-rights-support-menu-375');
  await support.close();

  // Back to the demo's inquiry right only, for the specs after this one on the same server.
  const admin = await request.post('/api/login', { data: { email: 'admin@binaan.my', password: PASSWORD } });
  const token = (await admin.json()).jwtToken as string;
  const staff = (await (await request.get('/api/admin/staff', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    userId: string;
    email: string;
  }[];
  const sitiId = staff.find((member) => member.email === 'support@binaan.my')!.userId;
  expect(
    (
      await request.put(`/api/admin/staff/${sitiId}/rights`, {
        data: { rights: ['admin.inquiry'], reason: 'Back to the contact form' },
        headers: { authorization: `Bearer ${token}` },
      })
    ).status(),
  ).toBe(200);
});
