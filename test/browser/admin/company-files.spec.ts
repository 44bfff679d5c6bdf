// A company's files (apps/api/src/company-files/): a new company (registered by Farid, Teguh Bina's site team:
// no other spec counts his companies) uploads its logo and a document on its profile, choosing each file by
// keyboard, sees them (the logo shown, the document with its number and an "expires in N days" warning),
// and submits; the platform administrator sees the same files, read-only, on the registration's review.
// axe finds nothing at a desktop and at 375 px, in English, Malay and Chinese; nothing is wider than the phone's screen.
import type { Browser, Page } from '@playwright/test';
import { apiSession, expect, PASSWORD, test } from './fixtures.js';
import { directorBody, shareholderBody } from '../../support/company-profile.js';
import { animationsSettled } from './settled.js';
import { axeFindings } from './axe.js';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
/** A 1 x 1 PNG the browser can show. */
const LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CERTIFICATE = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

async function signInToChoice(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  await page.goto('/auth/sign-in');
  await page.locator('input[name="loginEmail"]').fill(email);
  await page.locator('input[name="loginPassword"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('select-company')).toBeVisible({ timeout: 20_000 });
  return page;
}

/** Chooses the file by keyboard: the dialog's "Choose a file" button pressed with Enter opens the picker. */
async function chooseByKeyboard(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  // The dialog has finished opening (its focus trap no longer moves the focus) before the button takes it.
  await animationsSettled(page);
  // Listening first: Playwright takes the picker over only once its listener is set up in the browser.
  const opened = page.waitForEvent('filechooser', { timeout: 10_000 });
  const button = page.getByTestId('company-file-choose');
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  const chooser = await opened;
  await chooser.setFiles(file);
  await expect(page.getByTestId('company-file-chosen')).toHaveText(file.name);
}

const malaysianDay = (plusDays: number) => new Date(Date.now() + 8 * 3_600_000 + plusDays * 86_400_000).toISOString().slice(0, 10);

test('a new company uploads its logo and a document and submits; the platform administrator sees them on the review', async ({
  browser,
  baseURL,
  shot,
}) => {
  test.setTimeout(180_000);
  const code = `F${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
  const name = `Fail Teguh ${code} Sdn Bhd`;
  const farid = await apiSession(baseURL!, 'farid@teguhbina.my', 'teguh-bina');
  const registered = await farid.call<{ id: string }>('POST', '/api/company/registrations', {
    name,
    displayName: `Fail Teguh ${code}`,
    companyType: 3,
    registrationNo: `${1 + Math.floor(Math.random() * 9)}${digits(6)}-W`,
    registrationNoNew: `202101${digits(5)}${1 + Math.floor(Math.random() * 9)}`,
    companyCode: code,
    address: { line1: 'No. 3, Jalan Fail', city: 'Shah Alam', postcode: '40200', state: 1, country: 'MY' },
    phone: '+60 3-5511 2233',
    subscriptionType: 3,
  });
  expect(registered.status).toBe(201);
  const companyId = registered.json.id;
  // Its profile kept as a Sdn Bhd must be before it submits: one shareholder holding everything, one director.
  const inNew = await apiSession(baseURL!, 'farid@teguhbina.my', companyId);
  for (const [list, body] of [
    ['shareholders', shareholderBody()],
    ['directors', directorBody()],
  ] as const) {
    expect((await inNew.call('POST', `/api/company/profile/lists/${list}`, body)).status).toBe(201);
  }

  // 1. Farid opens the new company's profile: no logo, no document yet.
  const page = await signInToChoice(browser, baseURL!, 'farid@teguhbina.my');
  await page.getByTestId(`company-${companyId}`).click();
  await expect(page.getByTestId('select-company')).toBeHidden({ timeout: 20_000 });
  await page.goto('/administration/company?tab=files');
  const files = page.getByTestId('company-files');
  await expect(files).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('company-logo')).toHaveAttribute('data-uploaded', 'false');
  await expect(page.getByTestId('company-documents-none')).toBeVisible();

  // 2. The logo, chosen by keyboard; the upload shows, then the logo itself.
  await page.getByTestId('company-logo-upload').click();
  const dialog = page.getByRole('dialog', { name: 'Upload a logo' });
  await expect(dialog).toBeVisible();
  await chooseByKeyboard(page, { name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await dialog.getByTestId('company-file-send').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('company-logo')).toHaveAttribute('data-uploaded', 'true');
  await expect(page.getByTestId('company-logo-image')).toBeVisible();

  // 3. A CIDB certificate expiring in 20 days: listed with its number and the warning.
  await page.getByTestId('company-document-add').click();
  const add = page.getByRole('dialog', { name: 'Add a document' });
  // Without a kind or a file nothing is sent, and the dialog says what is missing.
  await add.getByTestId('company-file-send').click();
  await expect(add).toContainText('Choose the kind of document.');
  await expect(add.getByTestId('company-file-chosen')).toHaveText('Choose the file to upload.');
  await add.getByRole('combobox', { name: 'Kind of document' }).click();
  await page.getByRole('option', { name: 'CIDB certificate' }).click();
  await add.getByTestId('company-file-title').fill('CIDB PPK grade G7');
  await add.getByTestId('company-file-reference').fill('0120180612-WP123456');
  await add.getByTestId('company-file-expires').fill(malaysianDay(20));
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'company-files-01-add-document-desktop');
  await chooseByKeyboard(page, { name: 'CIDB PPK.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE });
  await add.getByTestId('company-file-send').click();
  await expect(add).toBeHidden();
  const document = page.getByTestId('company-document').filter({ hasText: 'CIDB PPK grade G7' });
  await expect(document).toContainText('No. 0120180612-WP123456');
  await expect(document.getByTestId('company-file-expiry')).toHaveText('Expires in 20 days');
  await document.getByTestId('company-document-history-toggle').click();
  await expect(document).toContainText('Version 1 uploaded by Farid bin Hassan');
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'company-files-02-profile-desktop');
  await page.setViewportSize(PHONE);
  await expect(document).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await noSidewaysScroll(page);
  await shot(page, 'company-files-03-profile-phone');
  // In Malay on the phone, in Chinese at a desktop: the section's words and the warning in each language.
  await page.evaluate(() => localStorage.setItem('binaan.language', 'ms'));
  await page.reload();
  await expect(page.getByTestId('company-files').getByRole('heading', { name: 'Fail dan dokumen' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('company-file-expiry')).toHaveText('Tamat dalam 20 hari');
  expect(await axeFindings(page)).toEqual([]);
  await noSidewaysScroll(page);
  await shot(page, 'company-files-04-profile-ms-phone');
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => localStorage.setItem('binaan.language', 'zh'));
  await page.reload();
  await expect(page.getByTestId('company-files').getByRole('heading', { name: '文件和资料' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('company-file-expiry')).toHaveText('20 天后到期');
  expect(await axeFindings(page)).toEqual([]);
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
  await page.reload();
  await expect(page.getByTestId('company-files').getByRole('heading', { name: 'Files and documents' })).toBeVisible({ timeout: 20_000 });

  // 4. Submitted for review, from the profile's first tab.
  await page.goto('/administration/company?tab=status');
  await page.getByTestId('registration-resubmit').click();
  await expect(page.getByTestId('registration-status')).toHaveText('Submitted', { timeout: 20_000 });

  // 5. The platform administrator's review shows the logo and the document, to download, not to change.
  const admin = await signInToChoice(browser, baseURL!, 'admin@binaan.my');
  await admin.goto(`/admin/company-registrations/${companyId}`);
  await expect(admin.getByTestId('registration-review')).toContainText(name, { timeout: 20_000 });
  const reviewed = admin.getByTestId('company-files');
  await expect(reviewed.getByTestId('company-logo-image')).toBeVisible();
  await expect(reviewed.getByTestId('company-document')).toHaveCount(1);
  await expect(reviewed.getByTestId('company-document')).toContainText('CIDB PPK grade G7');
  await expect(reviewed.getByTestId('company-document-add')).toHaveCount(0);
  await expect(reviewed.getByTestId('company-document-remove')).toHaveCount(0);
  const [download] = await Promise.all([admin.waitForEvent('download'), reviewed.getByTestId('company-document-download').click()]);
  expect(download.suggestedFilename()).toBe('CIDB PPK.pdf');
  expect(await axeFindings(admin)).toEqual([]);
  await shot(admin, 'company-files-05-review-desktop');
});
