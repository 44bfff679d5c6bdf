// The contact form and the admin module's inquiries: a visitor on a phone, in Malay, opens "Hubungi kami" on
// the landing page, is told what is missing, sends a message (the human check solved in the background) and
// is thanked; the platform administrator finds it among the new inquiries, reads it and closes it, then
// cancels another with a remark. Keyboard for the dialog, axe at 375 px and on a desktop, en, ms and zh words.
import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, PASSWORD, test } from './fixtures.js';
import { animationsSettled } from './settled.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const LOCALES = resolve(import.meta.dirname, '../../../ui/src/shared/i18n/locales');
const json = (language: string, file: string) => JSON.parse(readFileSync(resolve(LOCALES, language, `${file}.json`), 'utf8')) as Record<string, Record<string, unknown>>;
const contactWords = (language: string) => json(language, 'public').contact as Record<string, string>;
const inquiryWords = (language: string) => (json(language, 'admin').admin as { inquiries: { statuses: Record<string, string>; actions: Record<string, string> }; menu: Record<string, string> });

async function axeFindings(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('a visitor sends a message from the landing page, and the platform admin reads and closes it', async ({ browser, baseURL, page, shot }) => {
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
  await expect(opened.getByRole('link', { name: `aini.${stamp}@example.my` })).toHaveAttribute('href', new RegExp(`^mailto:aini\\.${stamp}@example\\.my`));
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
