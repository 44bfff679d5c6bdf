// The platform administrator keeps the landing page's advertisements: a new one's 4:3 picture is refused on
// its image field, a 16:9 one is taken; published with a reason, it shows on the public landing page (a
// visitor's own browser, not signed in) as its image with the title as its text, linking to its page. The
// admin page in en, ms and zh, at 1280 and 375 px, with nothing for axe. The test withdraws what it
// published, so the landing is left as it was found.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PNG } from 'pngjs';
import { expect, PASSWORD, test } from './fixtures.js';
import { axeFindings } from './axe.js';

const LOCALES = resolve(import.meta.dirname, '../../../ui/src/shared/i18n/locales');
type Words = {
  menu: Record<string, string>;
  advertisements: { statuses: Record<string, string>; fieldErrors: Record<string, string>; current: string; publish: string; new: string };
};
const words = (language: string): Words => ({
  menu: (JSON.parse(readFileSync(resolve(LOCALES, language, 'admin.json'), 'utf8')) as { admin: Pick<Words, 'menu'> }).admin.menu,
  advertisements: (
    JSON.parse(readFileSync(resolve(LOCALES, language, 'platform.json'), 'utf8')) as { platform: Pick<Words, 'advertisements'> }
  ).platform.advertisements,
});

/** A PNG of that size (a flat colour), made here: the test needs no picture files. */
const png = (width: number, height: number, shade: number) => {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([shade, 90, 160, 255], i);
  return PNG.sync.write(image);
};
const malaysianDay = (plusDays = 0) => new Date(Date.now() + 8 * 3_600_000 + plusDays * 86_400_000).toISOString().slice(0, 10);

const TITLE = `Steel bars Raya sale ${randomBytes(3).toString('hex')}`;
const LINK = 'https://steel.example.my/raya';

test.afterAll(async ({ request }) => {
  // Leaves the landing as it was: what this test published is withdrawn.
  const login = await request.post('/api/login', { data: { email: 'admin@binaan.my', password: PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).jwtToken as string}` };
  const rows = (await (
    await request.get(`/api/admin/advertisements?filter=${encodeURIComponent(JSON.stringify({ q: TITLE, status: 'published' }))}`, {
      headers,
    })
  ).json()) as { id: string }[];
  for (const row of rows)
    await request.post(`/api/admin/advertisements/${row.id}/actions/Withdraw`, { data: { reason: 'Left as found by the test' }, headers });
});

test('the platform admin adds a 16:9 advertisement (a 4:3 picture refused on its field), publishes it, and the landing page shows it', async ({
  page,
  browser,
  baseURL,
  shot,
}) => {
  test.setTimeout(300_000);
  const en = words('en');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/auth/sign-in');
  await page.locator('input[name="loginEmail"]').fill('admin@binaan.my');
  await page.locator('input[name="loginPassword"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('select-company')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('platform-users').click();
  await expect(page.getByTestId('users-page')).toBeVisible();
  await page.getByRole('menuitem', { name: en.menu.advertisements }).click();
  await expect(page).toHaveURL(/\/admin\/advertisements$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.menu.advertisements!);

  // A new advertisement: a 4:3 picture is refused on the image field, and nothing is added.
  await page.getByTestId('advertisement-new').click();
  const dialog = page.getByTestId('advertisement-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('advertisement-title').fill(TITLE);
  await page.getByTestId('advertisement-link').fill(LINK);
  await page.getByTestId('advertisement-valid-from').fill(malaysianDay(0));
  await page.getByTestId('advertisement-valid-to').fill(malaysianDay(30));
  await page.getByTestId('advertisement-image').setInputFiles({ name: 'banner-4x3.png', mimeType: 'image/png', buffer: png(640, 480, 30) });
  await page.getByTestId('advertisement-save').click();
  await expect(page.getByTestId('advertisement-image-help')).toHaveText(en.advertisements.fieldErrors.adImageNotSixteenByNine!);
  await expect(page.getByTestId('advertisement-image')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'advertisement-image-refused-desktop');

  // A 16:9 picture is taken: a draft in the list.
  await page.getByTestId('advertisement-image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(1280, 720, 200) });
  await page.getByTestId('advertisement-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('advertisement-row').filter({ hasText: TITLE });
  await expect(row).toHaveAttribute('data-status', 'draft');
  // The list previews the draft's image.
  await expect
    .poll(() => row.getByTestId('advertisement-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1280);

  // Published with a reason (none, and it does not go on).
  await row.getByRole('button', { name: `${en.advertisements.publish} ${TITLE}` }).click();
  await page.getByTestId('advertisement-turn-confirm').click();
  await expect(page.getByTestId('advertisement-turn-dialog')).toBeVisible();
  await page.getByTestId('advertisement-turn-reason').fill('Approved by the supplier');
  await page.getByTestId('advertisement-turn-confirm').click();
  await expect(page.getByTestId('advertisement-turn-dialog')).toBeHidden();
  await expect(row).toHaveAttribute('data-status', 'published');
  await expect(row.getByTestId('advertisement-current')).toHaveText(en.advertisements.current);
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'advertisements-desktop');

  // A visitor's own browser, not signed in, at 375 px: the landing shows it, its title as the image's text, linking to its page.
  const visitor = await browser.newContext({ baseURL: baseURL!, viewport: { width: 375, height: 812 } });
  const landing = await visitor.newPage();
  await landing.goto('/');
  const ad = landing.getByTestId('landing-advertisement').filter({ has: landing.getByRole('img', { name: TITLE }) });
  await expect(ad).toBeVisible();
  await expect(ad.getByRole('link')).toHaveAttribute('href', LINK);
  await expect.poll(() => ad.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
  expect(await landing.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await ad.scrollIntoViewIfNeeded();
  expect(await axeFindings(landing)).toEqual([]);
  await shot(landing, 'landing-advertisement-375');
  await visitor.close();

  // The admin page in Malay and Chinese at 375 px: its words, inside the screen, nothing for axe.
  await page.setViewportSize({ width: 375, height: 812 });
  for (const language of ['ms', 'zh'] as const) {
    const own = words(language);
    await page.evaluate((chosen) => localStorage.setItem('binaan.language', chosen), language);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.menu.advertisements!);
    await expect(page.getByTestId('advertisement-new')).toHaveText(own.advertisements.new);
    await expect(row.getByText(own.advertisements.statuses.published!)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, `advertisements-${language}-375`);
  }
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
});
