// The landing on a fresh store with the demo data: what Binaan is and for whom, its parts, the language
// switch, a visitor's event registration (ticket e-mailed), and the mobile layout. The contractor directory
// and "List my company" are in contractor-directory.spec.ts.

import { expect, test } from '@playwright/test';
import { readOutbox, shot, typePhone, unique, waitForMessage } from './support.js';

test('the landing shows its parts, loads no react-admin code, and makes no page errors', async ({ page }) => {
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.goto('/');
  await expect(page).toHaveTitle('Home · Binaan');
  // The platform first: what it is, for whom, the procurement path; certificates are one section further down.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Construction procurement, from tender to payment');
  await expect(page.locator('.hero-lead')).toContainText('developers and main contractors buy from contractors and suppliers');
  await expect(page.getByRole('link', { name: 'Register your company' })).toHaveAttribute('href', '/auth/sign-up?next=register-company');
  await expect(page.getByTestId('hero-sign-in')).toHaveAttribute('href', '/auth/sign-in');
  await expect(page.getByTestId('open-verifier')).toHaveText('Verify a certificate');
  await expect(page.getByRole('heading', { level: 2, name: 'For buyers and for sellers' })).toBeVisible();
  await expect(page.getByTestId('audience-buyers')).toContainText('Developers and main contractors');
  await expect(page.getByTestId('audience-sellers')).toContainText('Contractors, subcontractors and suppliers');
  await expect(page.getByTestId('procurement-path').getByRole('listitem')).toHaveText([
    /^Project and BQ/,
    /^Tender/,
    /^Award/,
    /^Orders/,
    /^Claims/,
    /^Invoice and pay/,
  ]);
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.indexOf('For buyers and for sellers')).toBeLessThan(headings.indexOf('Event certificates anyone can check'));
  await expect(page.getByTestId('event-counter')).toContainText(/\d+\s*Events/);
  await expect(page.getByTestId('certificate-counter')).toContainText(/\d+\s*Certificates issued/);
  await expect(page.getByRole('heading', { name: 'Event certificates anyone can check' })).toBeVisible();
  await expect(page.locator('.feature-card')).toHaveCount(4);
  await expect(page.getByTestId('features-verify')).toHaveText('Verify a certificate');
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contractor directory' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Construction Industry Development Board/ })).toHaveAttribute(
    'href',
    'https://www.cidb.gov.my',
  );
  await expect(page.getByTestId('site-footer')).toContainText('Our partners');
  await expect(page.locator('.top-bar')).toContainText('support@binaan.my');
  // Header and back-to-top follow the scroll thresholds (20, 300 and 500 px).
  await expect(page.getByTestId('site-header')).not.toHaveClass(/solid/);
  await expect(page.getByTestId('scroll-top')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(page.getByTestId('site-header')).toHaveClass(/solid/);
  await expect(page.getByTestId('scroll-top')).toBeVisible();
  await expect(page.getByTestId('reveal-header')).toHaveClass(/shown/);
  await page.getByTestId('scroll-top').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await shot(page, 'landing-desktop');
  expect(scripts.filter((url) => /AdminApp|react-admin/.test(url))).toEqual([]);
  expect(errors).toEqual([]);
});

test('each language switch changes the visible texts (EN, BM, 中文) and the choice is kept', async ({ page }) => {
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Construction procurement, from tender to payment');
  await page.getByTestId('language-ms').click();
  await expect(heading).toHaveText('Perolehan pembinaan, dari tender hingga bayaran');
  await expect(page.getByTestId('hero-register')).toHaveText('Daftar syarikat anda');
  await expect(page.getByTestId('open-verifier')).toHaveText('Sahkan sijil');
  await expect(page.getByRole('heading', { name: 'Untuk pembeli dan penjual' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sijil acara yang boleh disemak oleh sesiapa' })).toBeVisible();
  await expect(page.getByLabel('Bidang', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  await shot(page, 'landing-ms');
  await page.getByTestId('language-zh').click();
  await expect(heading).toHaveText('建筑采购，从招标到付款');
  await expect(page.getByTestId('hero-register')).toHaveText('注册您的公司');
  await expect(page.getByTestId('open-verifier')).toHaveText('验证证书');
  await expect(page.getByRole('heading', { name: '为买方，也为卖方' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '人人可查验的活动证书' })).toBeVisible();
  await expect(page.getByLabel('行业', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await shot(page, 'landing-zh');
  // The choice survives a reload and reaches the account pages.
  await page.goto('/auth/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('登录');
  await page.getByTestId('language-ms').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log masuk');
  await page.getByTestId('language-en').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a visitor registers for an event: the dialog checks the fields on submit, sends, closes, and the ticket is e-mailed', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const card = page.getByTestId('event-card').first();
  const title = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: 'Details' }).click();
  const detail = page.getByTestId('event-detail');
  await expect(detail.getByRole('heading', { name: title })).toBeVisible();
  await expect(detail).toContainText('Location:');
  await expect(detail).toContainText(/Date: \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/);
  await shot(page, 'event-detail');
  await detail.getByRole('button', { name: 'Register' }).click();

  const dialog = page.getByTestId('event-registration');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('This field is required.')).toHaveCount(3);
  const email = `visitor-${unique()}@contoh.my`;
  await dialog.getByLabel('Name', { exact: true }).fill('Nur Aisyah binti Rahman');
  await dialog.getByLabel('E-mail').fill('not-an-email');
  await typePhone(dialog.getByTestId('contact-input'), '123456789');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Company name').fill('Syarikat Aisyah Bina');
  await shot(page, 'event-registration');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Your ticket has been sent to ${email}` })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const ticket = await waitForMessage(request, 'email', email, /Ticket: (\S+)/);
  expect(ticket[1]!.length).toBeGreaterThan(10);
  expect((await readOutbox(request)).email.find((m) => m.to === email)?.text).toContain(title);
});

test('mobile layout below 768 px: menu button instead of links, one column', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(page.locator('.site-header .nav-links')).toBeHidden();
  const [first, second] = await page
    .locator('.feature-card')
    .evaluateAll((cards) => cards.slice(0, 2).map((card) => card.getBoundingClientRect().top));
  expect(second!).toBeGreaterThan(first!);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('.mobile-menu').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await shot(page, 'landing-mobile');
});
