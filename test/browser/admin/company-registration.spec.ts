// A company joins (signed-in-area.md §2.3, §4.8): a demo user registers a new company from the company choice
// (the form's rules first, on a phone), submits it and lands on its profile; the platform administrator (a
// member of no company, who is offered "Register your company" there) finds it in the review queue, rejects it
// with a remark (the dialog names the company; Escape sends nothing); the company reads the remark, corrects a
// detail and submits again (in Chinese); the administrator approves it (on a phone, in Malay); the company,
// chosen again, lands where an approved company goes (its home); the administrator opens it from its review
// and the company's history says so; registering the same company again is refused on the fields concerned. axe finds nothing on any of these pages. Registration numbers and the company code are
// new each run. Farid (Teguh Bina's site team) registers: no other spec counts his companies.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, PASSWORD, test } from './fixtures.js';
import { fillProfileAndSubmit } from './profile-steps.js';
import { axeFindings } from './axe.js';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const LOCALES = resolve(import.meta.dirname, '../../../ui/src/shared/i18n/locales');

type Catalogue = Record<string, unknown>;
const catalogue = (language: string) => JSON.parse(readFileSync(resolve(LOCALES, language, 'company.json'), 'utf8')) as Catalogue;
/** A text of the company catalogue in a language, its placeholders filled. */
function text(language: string, key: string, values: Record<string, string> = {}): string {
  const found = `company.${key}`.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue(language));
  if (typeof found !== 'string') throw new Error(`no text company.${key} in ${language}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

/** Signs in and stops at the company choice (no company chosen). */
async function signInToChoice(page: Page, email: string): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.locator('input[name="loginEmail"]').fill(email);
  await page.locator('input[name="loginPassword"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('select-company')).toBeVisible({ timeout: 20_000 });
}

async function newPage(browser: Browser, baseURL: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  return context.newPage();
}

/** Different numbers and code each run (the api refuses a registration number or code already taken). */
function freshCompany() {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
  const code = `R${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  return {
    name: `Cahaya Binaan ${code} Sdn Bhd`,
    displayName: `Cahaya Binaan ${code}`,
    code,
    registrationNo: `${1 + Math.floor(Math.random() * 9)}${digits(6)}-W`,
    registrationNoNew: `202101${digits(5)}${1 + Math.floor(Math.random() * 9)}`,
  };
}

const field = (page: Page, name: string) => page.getByTestId(`field-${name}`);

/** The form as a company secretary fills it (a buyer and seller in Shah Alam). */
async function fillForm(page: Page, company: ReturnType<typeof freshCompany>): Promise<void> {
  await field(page, 'name').fill(company.name);
  await field(page, 'displayName').fill(company.displayName);
  await field(page, 'companyType').selectOption('3');
  await field(page, 'companyCode').fill(company.code.toLowerCase());
  await expect(field(page, 'companyCode')).toHaveValue(company.code);
  await field(page, 'registrationNo').fill(company.registrationNo);
  await field(page, 'registrationNoNew').fill(company.registrationNoNew);
  await field(page, 'sstNo').fill('w10-1808-32000001');
  await field(page, 'address.line1').fill('No. 12, Jalan Tukang 3, Seksyen 16');
  await field(page, 'address.postcode').fill('40200');
  await field(page, 'address.city').fill('Shah Alam');
  await field(page, 'address.state').selectOption({ label: 'Selangor' });
  await field(page, 'phone').fill('+60 3-5511 2233');
  await field(page, 'website').fill('https://www.cahayabinaan.com.my');
  await field(page, 'subscriptionType').selectOption('3');
}

test('a company registers, is rejected with a remark, corrects and submits again, is approved, and lands as approved', async ({
  browser,
  baseURL,
  shot,
}) => {
  test.setTimeout(240_000);
  const company = freshCompany();

  // 1. Farid, at the company choice on a phone, registers a new company.
  const farid = await newPage(browser, baseURL!, PHONE);
  await signInToChoice(farid, 'farid@teguhbina.my');
  await farid.getByTestId('register-another').click();
  await expect(farid).toHaveURL(/\/administration\/add-company$/);
  await expect(farid).toHaveTitle('Register a company · Binaan');
  await expect(farid.getByRole('heading', { level: 1, name: 'Register a company' })).toBeVisible();
  expect(await axeFindings(farid)).toEqual([]);
  await noSidewaysScroll(farid);
  await shot(farid, 'company-registration-01-form-phone');

  // The rules run before anything is sent: every message shows and the first field in error has the focus.
  await farid.getByTestId('register-submit').click();
  await expect(farid.locator('#company-name')).toBeFocused();
  await expect(farid.locator('#company-name-helper-text')).toHaveText('Fill this in.');
  await expect(farid.locator('#company-registrationNo-helper-text')).toContainText('1234567-A');
  await expect(farid.locator('#company-address-postcode-helper-text')).toHaveText('A Malaysian postcode has 5 digits.');
  await expect(farid).toHaveURL(/\/administration\/add-company$/);
  expect(await axeFindings(farid)).toEqual([]);
  await shot(farid, 'company-registration-02-rules-phone');

  await fillForm(farid, company);
  // A message shows once the field is left, and goes as soon as the value is right.
  await field(farid, 'registrationNoNew').fill('2021');
  await field(farid, 'registrationNoNew').blur();
  await expect(farid.locator('#company-registrationNoNew-helper-text')).toContainText('12-digit');
  await field(farid, 'registrationNoNew').fill(company.registrationNoNew);
  await expect(farid.locator('#company-registrationNoNew-helper-text')).toContainText('year, entity type and serial');
  // A CIDB contractor is asked for its grade and specialisations; this company is a buyer and seller.
  await field(farid, 'subscriptionType').selectOption('14');
  await expect(field(farid, 'cidbGrade')).toBeVisible();
  await expect(farid.getByRole('group', { name: 'CIDB specialisations' }).getByRole('checkbox')).toHaveCount(4);
  await field(farid, 'subscriptionType').selectOption('3');
  await expect(field(farid, 'cidbGrade')).toBeHidden();
  await farid.getByTestId('register-submit').click();

  // Registered and chosen, on its profile; submitted once its profile has a shareholder and a director (§5.3).
  await expect(farid).toHaveURL(/\/administration\/company$/, { timeout: 20_000 });
  await fillProfileAndSubmit(farid, { name: 'Farid bin Hassan', idNumber: '870303105511' });
  await expect(farid.getByTestId('registration-status')).toHaveText('Submitted');
  await expect(farid.getByTestId('next-step')).toContainText('waiting for approval');
  await expect(farid.getByTestId('company-switcher')).toContainText('Cahaya Binaan');
  await expect(farid.getByTestId('registration-details')).toContainText(company.registrationNoNew);
  await expect(farid.getByTestId('registration-details')).toContainText('W10-1808-32000001');
  await expect(farid.getByTestId('history-step')).toHaveText([/Registered.*Farid bin Hassan/, /Submitted for review.*Farid bin Hassan/]);
  await expect(farid).toHaveTitle(`Company profile: ${company.name} · Binaan`);
  expect(await axeFindings(farid)).toEqual([]);
  await noSidewaysScroll(farid);
  await shot(farid, 'company-registration-03-submitted-phone');

  // 2. The platform administrator: no company of their own, so the choice offers to register one; the queue.
  const admin = await newPage(browser, baseURL!, DESKTOP);
  await signInToChoice(admin, 'admin@binaan.my');
  await expect(admin.getByTestId('no-company')).toContainText('register your company');
  await expect(admin.getByTestId('register-company')).toHaveAttribute('href', '/administration/add-company');
  expect(await axeFindings(admin)).toEqual([]);
  await shot(admin, 'company-registration-04-no-company-desktop');
  await admin.getByTestId('platform-registrations').click();
  await expect(admin).toHaveTitle('Company registrations · Binaan');
  await admin.getByTestId('queue-search').fill(company.code);
  const row = admin.getByTestId('queue-row').filter({ hasText: company.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(company.registrationNo);
  await expect(row.getByTestId('registration-status')).toHaveText('Submitted');
  await admin.getByTestId('queue-search').fill('');
  await expect(admin.getByTestId('queue-row').filter({ hasText: 'Baru Consult' })).toHaveCount(1);
  expect(await axeFindings(admin)).toEqual([]);
  await shot(admin, 'company-registration-05-queue-desktop');

  await admin.getByTestId('queue-row').filter({ hasText: company.name }).getByTestId('queue-open').click();
  await expect(admin).toHaveTitle(`Review: ${company.name} · Binaan`);
  await expect(admin.getByTestId('registration-details')).toContainText('Shah Alam');
  await expect(admin.getByTestId('registration-review')).toContainText('Farid bin Hassan, farid@teguhbina.my');
  expect(await axeFindings(admin)).toEqual([]);
  await shot(admin, 'company-registration-06-review-desktop');

  // Reject asks first, names the company and wants the remark; Escape sends nothing.
  await admin.getByTestId('review-reject').click();
  const reject = admin.getByRole('dialog', { name: `Reject ${company.name}?` });
  await expect(reject).toContainText(`Company: ${company.name}`);
  await expect(reject.getByTestId('action-confirm')).toBeDisabled();
  await expect(admin.getByTestId('remark-input')).toBeFocused();
  expect(await axeFindings(admin)).toEqual([]);
  await shot(admin, 'company-registration-07-reject-dialog-desktop');
  await admin.keyboard.press('Escape');
  await expect(reject).toBeHidden();
  await admin.reload();
  await expect(admin.getByTestId('registration-status')).toHaveText('Submitted');
  await admin.getByTestId('review-reject').click();
  const remark = 'SSM shows the registered address in postcode 40150, not 40200. Please correct it.';
  await admin.getByTestId('remark-input').fill(remark);
  await reject.getByTestId('action-confirm').click();
  await expect(admin).toHaveURL(/\/admin\/company-registrations$/);
  await expect(admin.getByText(`${company.name} is returned to the company with your remark.`)).toBeVisible();

  // 3. The company reads the remark, corrects the postcode and submits again, in Chinese at a desktop's width.
  await farid.setViewportSize(DESKTOP);
  await farid.evaluate(() => localStorage.setItem('binaan.language', 'zh'));
  await farid.reload();
  await expect(farid.getByTestId('registration-status')).toHaveText(text('zh', 'status.inProgress'));
  await expect(farid.getByTestId('reviewer-remark')).toHaveText(remark);
  await expect(farid.getByTestId('next-step')).toContainText(text('zh', 'profile.returnedNext'));
  await expect(farid.getByTestId('history-step').last()).toContainText(text('zh', 'history.event.Reject'));
  await expect(field(farid, 'address.postcode')).toHaveValue('40200');
  expect(await axeFindings(farid)).toEqual([]);
  await shot(farid, 'company-registration-08-returned-zh-desktop');
  await field(farid, 'address.postcode').fill('40150');
  await farid.getByTestId('registration-resubmit').click();
  await expect(farid.getByText(text('zh', 'profile.submittedToast', { name: company.name }))).toBeVisible();
  await expect(farid.getByTestId('registration-status')).toHaveText(text('zh', 'status.submitted'));
  await expect(farid.getByTestId('registration-details')).toContainText('40150');
  await expect(farid.getByTestId('history-step')).toHaveCount(4);
  expect(await axeFindings(farid)).toEqual([]);
  await shot(farid, 'company-registration-09-resubmitted-zh-desktop');

  // 4. The administrator approves it, on a phone, in Malay.
  await admin.setViewportSize(PHONE);
  await admin.evaluate(() => localStorage.setItem('binaan.language', 'ms'));
  await admin.reload();
  await expect(admin).toHaveTitle(`${text('ms', 'queue.title')} · Binaan`);
  const again = admin.getByTestId('queue-row').filter({ hasText: company.name });
  await expect(again.getByTestId('registration-status')).toHaveText(text('ms', 'status.submitted'));
  expect(await axeFindings(admin)).toEqual([]);
  await noSidewaysScroll(admin);
  await shot(admin, 'company-registration-10-queue-ms-phone');
  await again.getByTestId('queue-open').click();
  await expect(admin.getByTestId('history-remark')).toContainText(remark);
  await expect(admin.getByTestId('registration-details')).toContainText('40150');
  expect(await axeFindings(admin)).toEqual([]);
  await noSidewaysScroll(admin);
  await shot(admin, 'company-registration-11-review-ms-phone');
  await admin.getByTestId('review-approve').click();
  const approve = admin.getByRole('dialog', { name: text('ms', 'review.approveTitle', { name: company.name }) });
  await expect(approve).toContainText(text('ms', 'review.approveEffect'));
  expect(await axeFindings(admin)).toEqual([]);
  await shot(admin, 'company-registration-12-approve-dialog-ms-phone');
  await approve.getByTestId('action-confirm').click();
  await expect(admin).toHaveURL(/\/admin\/company-registrations$/);
  await expect(admin.getByText(text('ms', 'review.approved', { name: company.name }))).toBeVisible();
  await expect(admin.getByTestId('queue-row').filter({ hasText: company.name })).toHaveCount(0);

  // 5. The company is approved; chosen again, it lands where an approved company goes: its home (§2.3 as
  //    landingAfterChoice reads it), not the form that registers another company.
  await farid.evaluate(() => localStorage.setItem('binaan.language', 'en'));
  await farid.reload();
  await expect(farid.getByTestId('registration-status')).toHaveText('Approved');
  await expect(farid.getByTestId('registration-edit')).toHaveCount(0);
  await expect(farid.getByTestId('history-step').last()).toContainText('Approved');
  await shot(farid, 'company-registration-13-approved-desktop');
  await farid.getByTestId('continue-approved').click();
  await expect(farid).toHaveURL(/\/article$/);
  await expect(farid.getByTestId('home')).toContainText(company.name);
  await expect(farid.getByTestId('add-company')).toHaveCount(0);
  expect(await axeFindings(farid)).toEqual([]);
  await shot(farid, 'company-registration-14-landing-approved-desktop');

  // 6. The platform administrator, who holds no role in it, opens the company from its review to support it and
  //    works in it from its home; the company's history says who opened it.
  await admin.setViewportSize(DESKTOP);
  await admin.evaluate(() => localStorage.setItem('binaan.language', 'en'));
  await admin.goto('/admin/company-registrations?status=approved');
  await admin.getByTestId('queue-search').fill(company.code);
  await admin.getByTestId('queue-row').filter({ hasText: company.name }).getByTestId('queue-open').click();
  await expect(admin.getByTestId('registration-review')).toContainText('its history records that you opened it');
  expect(await axeFindings(admin)).toEqual([]);
  await admin.getByTestId('review-open-company').click();
  await expect(admin).toHaveURL(/\/article$/);
  await expect(admin.getByTestId('company-switcher')).toContainText('Cahaya Binaan');
  await expect(admin.getByTestId('home')).toContainText(company.name);
  await shot(admin, 'company-registration-15-admin-opened-desktop');
  await farid.goto('/administration/company');
  const opened = farid.getByTestId('history-step').last();
  await expect(opened).toHaveAttribute('data-event', 'PlatformAdministratorOpened');
  await expect(opened).toContainText('Opened by the platform administrator');
  await expect(opened).toContainText('by Platform Administrator');
  await shot(farid, 'company-registration-16-opened-history-desktop');

  // Adding a company is for registering one: from the menu, the form is there at once. The api's refusals land
  // where they belong: the same registration numbers above the buttons, the same company code on its field (with
  // the focus); nothing is registered.
  await farid.getByRole('menuitem', { name: 'Add company' }).click();
  await expect(farid).toHaveURL(/\/administration\/add-company$/);
  await fillForm(farid, company);
  await farid.getByTestId('register-submit').click();
  await expect(farid.getByTestId('registration-error')).toHaveText(
    'A company with this registration number is already registered on Binaan. Ask its administrator to invite you.',
  );
  const other = freshCompany();
  await field(farid, 'registrationNo').fill(other.registrationNo);
  await field(farid, 'registrationNoNew').fill(other.registrationNoNew);
  await farid.getByTestId('register-submit').click();
  await expect(farid.locator('#company-companyCode-helper-text')).toHaveText(
    'This company code is taken. Choose another (up to 5 letters or digits).',
  );
  await expect(farid.locator('#company-companyCode')).toBeFocused();
  await expect(farid).toHaveURL(/\/administration\/add-company$/);
  await shot(farid, 'company-registration-17-refused-desktop');
  // The page's texts follow a change of language made on it.
  await farid
    .getByRole('button', { name: /English|Bahasa Melayu|简体中文/ })
    .first()
    .click();
  await farid.getByRole('menuitem', { name: 'Bahasa Melayu' }).click();
  await expect(farid.getByRole('heading', { level: 1, name: text('ms', 'register.title') })).toBeVisible();
  await expect(farid.getByTestId('register-submit')).toHaveText(text('ms', 'register.submit'));

  await farid.context().close();
  await admin.context().close();
});
