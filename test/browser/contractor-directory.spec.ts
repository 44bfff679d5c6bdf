// The landing's contractor directory against the real API with the demo data (its listed companies: Bekal
// Prima, Jaya Padu Trading, Kukuh Jaya Contractor and Mutiara Supplies, approved; Baru Consult listed but
// still submitted), searched by trade, state and name, paged with "Load more", empty and failing as a visitor
// would meet it, by keyboard, at 375 px and 1280 px with nothing for axe; and "List my company" leading through
// sign-up, activation and sign-in to the company registration.

import { expect, test, type Page } from '@playwright/test';
import { freshMobileDigits, shot, typePhone, unique, waitForMessage } from './support.js';
import { axeFindings, wcagAxe } from './admin/axe.js';

const LISTED = ['Bekal Prima Sdn Bhd', 'Jaya Padu Trading Sdn Bhd', 'Kukuh Jaya Contractor Sdn Bhd', 'Mutiara Supplies Sdn Bhd'];

const directory = (page: Page) => page.locator('#directory');
const companyNames = (page: Page) => directory(page).getByTestId('directory-company').getByRole('heading', { level: 3 });

test('the directory lists the approved companies that chose to be listed, as cards with what the public may see', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(companyNames(page)).toHaveText(LISTED);
  await expect(directory(page).getByTestId('directory-status')).toHaveText('Companies shown: 4');
  // Listed but not approved, and approved but not listed: never shown.
  await expect(directory(page)).not.toContainText('Baru Consult');
  await expect(directory(page)).not.toContainText('Teguh Bina');
  const kukuh = directory(page).getByTestId('directory-company').filter({ hasText: 'Kukuh Jaya' });
  await expect(kukuh.getByRole('list', { name: 'Trades of Kukuh Jaya Contractor Sdn Bhd' }).getByRole('listitem')).toHaveText([
    'Building works',
    'Civil engineering',
  ]);
  await expect(kukuh.locator('dt')).toHaveText(['Location', 'CIDB grade', 'Website']);
  await expect(kukuh.locator('dd')).toHaveText(['Shah Alam, Selangor', 'G5', 'kukuhjaya.example']);
  const website = kukuh.getByRole('link', { name: 'kukuhjaya.example' });
  await expect(website).toHaveAttribute('href', 'https://kukuhjaya.example');
  await expect(website).toHaveAttribute('target', '_blank');
  // No one's name, e-mail or telephone number.
  await expect(directory(page)).not.toContainText('@');
  await expect(directory(page)).not.toContainText('Wong Kah Seng');
  await expect(directory(page)).not.toContainText('+60');
  await shot(page, 'landing-1280');
  expect(await axeFindings(page, { include: '#directory' })).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(companyNames(page)).toHaveText(LISTED);
  const [first, second] = await directory(page)
    .getByTestId('directory-company')
    .evaluateAll((cards) => cards.slice(0, 2).map((card) => card.getBoundingClientRect()));
  expect(second!.top).toBeGreaterThan(first!.bottom - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await axeFindings(page, { include: '#directory' })).toEqual([]);
  await shot(page, 'landing-375');
});

test('searches by trade, by state, by both and by name; an empty result says what to do', async ({ page }) => {
  await page.goto('/');
  await expect(companyNames(page)).toHaveText(LISTED);
  const trade = directory(page).getByRole('combobox', { name: 'Trade' });
  const state = directory(page).getByRole('combobox', { name: 'State' });
  await trade.selectOption({ label: 'Building works' });
  await expect(companyNames(page)).toHaveText(['Kukuh Jaya Contractor Sdn Bhd']);
  await expect(directory(page).getByTestId('directory-status')).toHaveText('Companies shown: 1');
  await trade.selectOption({ label: 'Supply' });
  await expect(companyNames(page)).toHaveText(['Bekal Prima Sdn Bhd', 'Jaya Padu Trading Sdn Bhd', 'Mutiara Supplies Sdn Bhd']);
  await state.selectOption({ label: 'Johor' });
  await expect(companyNames(page)).toHaveText(['Bekal Prima Sdn Bhd']);
  await trade.selectOption({ label: 'All trades' });
  await state.selectOption({ label: 'Penang' });
  await expect(companyNames(page)).toHaveText(['Jaya Padu Trading Sdn Bhd']);
  // Nothing matches: said, with a way out.
  await trade.selectOption({ label: 'Consultancy' });
  const empty = directory(page).getByTestId('directory-empty');
  await expect(empty).toContainText('No listed company matches.');
  await expect(empty).toContainText('Try another trade or state, or clear the search.');
  await expect(empty.getByRole('link', { name: 'List my company' })).toHaveAttribute('href', '/auth/sign-up?next=register-company');
  await expect(companyNames(page)).toHaveCount(0);
  await shot(page, 'directory-empty');
  await empty.getByRole('button', { name: 'Clear the search' }).click();
  await expect(companyNames(page)).toHaveText(LISTED);
  await expect(trade).toHaveValue('');
  // By keyboard: the name typed, Enter searches.
  await directory(page).getByLabel('Company name').focus();
  await page.keyboard.type('mutiara');
  await page.keyboard.press('Enter');
  await expect(companyNames(page)).toHaveText(['Mutiara Supplies Sdn Bhd']);
  // Then Tab to Search and press it with another name: the button works by keyboard too.
  await directory(page).getByLabel('Company name').fill('jaya');
  await page.keyboard.press('Tab');
  await expect(directory(page).getByRole('button', { name: 'Search' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(companyNames(page)).toHaveText(['Jaya Padu Trading Sdn Bhd', 'Kukuh Jaya Contractor Sdn Bhd']);
});

test('"Load more" fetches the page after the last while one follows, and the keyboard continues at the first new company', async ({
  page,
}) => {
  // Two companies a page instead of twelve, so the demo's four make two pages of the real API.
  await page.route('**/api/public/contractors?*', (route) =>
    route.continue({
      url: route
        .request()
        .url()
        .replace(/limit=\d+/, 'limit=2'),
    }),
  );
  const afters: (string | null)[] = [];
  page.on(
    'request',
    (request) => request.url().includes('/api/public/contractors') && afters.push(new URL(request.url()).searchParams.get('after')),
  );
  await page.goto('/');
  await expect(companyNames(page)).toHaveText(LISTED.slice(0, 2));
  const more = directory(page).getByRole('button', { name: 'Load more companies' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(companyNames(page)).toHaveText(LISTED);
  await expect(companyNames(page).nth(2)).toBeFocused();
  // The last page said nothing follows: no button, and every company once.
  await expect(more).toHaveCount(0);
  expect(afters).toHaveLength(2);
  expect(afters[0]).toBeNull();
  expect(afters[1]).toMatch(/^[A-Za-z0-9_-]+$/);
});

test('a failed search says what failed, and Try again recovers', async ({ page }) => {
  let failWith: 'server' | 'network' | null = 'server';
  await page.route('**/api/public/contractors?*', (route) => {
    if (failWith === 'server')
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, errorCode: 'storeUnavailable', errorMessage: 'The store is unavailable.' }),
      });
    if (failWith === 'network') return route.abort('connectionrefused');
    return route.continue();
  });
  await page.goto('/');
  const failed = directory(page).getByTestId('directory-failed');
  await expect(failed).toHaveAttribute('role', 'alert');
  await expect(failed).toContainText('The contractor directory could not be loaded.');
  await expect(failed).not.toContainText('Something went wrong');
  await shot(page, 'directory-failed');
  failWith = 'network';
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toContainText('Binaan could not be reached: check your connection, then try again.');
  failWith = null;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(companyNames(page)).toHaveText(LISTED);
  await expect(failed).toHaveCount(0);
});

test('"List my company" leads to sign-up, and after activation and sign-in to the company registration', async ({ page, request }) => {
  const mobileDigits = freshMobileDigits();
  const email = `lister-${unique()}@syarikat-baru.my`;
  const password = 'Senarai#Bina2026';
  await page.goto('/');
  await directory(page).getByTestId('list-my-company').click();
  await expect(page).toHaveURL(/\/auth\/sign-up\?next=register-company$/);
  await expect(page.getByTestId('next-step')).toHaveText(/You are listing your company\. Create your account first/);
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute('href', '/auth/sign-in?next=register-company');
  expect((await wcagAxe(page).analyze()).violations.map((v) => v.id)).toEqual([]);
  await shot(page, 'sign-up-list-my-company');

  await typePhone(page.getByTestId('mobile-input'), mobileDigits);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Verification code').or(page.getByTestId('sign-up-error'))).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('sign-up-error')).toHaveCount(0);
  await page.getByLabel('Verification code').fill((await waitForMessage(request, 'sms', `+60${mobileDigits}`, /code is (\d{6})/))[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('Full name').fill('Siti Nurhaliza binti Yusof');
  await page.getByLabel('E-mail (you sign in with it)').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).last().click();

  await expect(page).toHaveURL(/\/auth\/activate\//);
  await page.getByLabel('Activation code').fill((await waitForMessage(request, 'email', email, /activation code is: (\S+)/))[1]!);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\/?\?from=register/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('eula-dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/administration\/add-company$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Register a company' })).toBeVisible();
  // Taken once: what the sign-up kept is gone.
  expect(await page.evaluate(() => localStorage.getItem('binaan.afterSignIn'))).toBeNull();
});
