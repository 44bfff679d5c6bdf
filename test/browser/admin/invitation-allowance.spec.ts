// §9 on the buyer's Invitations tab: the allowance above the invite picker. Teguh Bina is elite
// (no limit): the real reply says so. A basic company's 80% is shown with the allowance's reply answered by
// the test (a basic buyer at 80 of 100; the api's own figures are proved by invitation-allowance.e2e.ts):
// the warning in en, ms and zh with the locale files' words, at 1280 and 375 px, axe WCAG 2.2 AA clean; then
// a refused invitation (409 tenderInvitationLimitReached answered by the test) tells the user why.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Route } from '@playwright/test';
import { apiSession, expect, signIn, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

const LOCALES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../ui/src/shared/i18n/locales');
const texts = (language: string, file: string) =>
  JSON.parse(readFileSync(resolve(LOCALES, language, file), 'utf8')) as Record<string, Record<string, Record<string, string>>>;
const DAY = 86_400_000;

test('the invitation allowance above the invite picker: unlimited for elite, the 80% warning for basic, in en, ms and zh', async ({
  browser,
  baseURL,
  shot,
}) => {
  test.setTimeout(240_000);
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const created = await kumar.call<{ id: string }>('POST', '/api/documents/tender', {
    title: 'Allowance check (browser)',
    openAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    closeAt: new Date(Date.now() + 3 * DAY).toISOString(),
    expectedDeliveryStart: new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10),
    items: [{ description: 'Rebar', unit: 't', quantity: '2', rate: '3000.00' }],
  });
  expect(created.status).toBe(201);
  const path = `/tender/${created.json.id}/show?tab=invitations`;

  // Elite, the real reply: no limit.
  const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto(path);
  const note = page.getByTestId('invitation-allowance');
  await expect(note).toHaveAttribute('data-warning', 'false', { timeout: 15_000 });
  await expect(note).toContainText(texts('en', 'tendering.json').tendering!.invitations!.allowanceUnlimited!.split('{{')[0]!.trim());
  await shot(page, 'allowance-01-elite-1280');

  // A basic buyer at 80 of 100 (the reply answered here), until 9 March 2027 in Malaysia.
  const basic = {
    success: true,
    tier: 'basic',
    limit: 100,
    used: 80,
    remaining: 20,
    warning: true,
    periodStart: '2026-03-09T16:00:00.000Z',
    periodEnd: '2027-03-09T16:00:00.000Z',
  };
  await page.route('**/api/tendering/invitation-allowance', (route: Route) => route.fulfill({ json: basic }));
  for (const language of ['en', 'ms', 'zh']) {
    await page.evaluate((chosen) => localStorage.setItem('binaan.language', chosen), language);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    const warning = page.getByTestId('invitation-allowance');
    await expect(warning).toHaveAttribute('data-warning', 'true', { timeout: 15_000 });
    // The locale's sentence with the figures put in (the last day of the year is the day before the anniversary).
    const expected = texts(language, 'tendering.json')
      .tendering!.invitations!.allowanceWarning!.replace('{{used}}', '80')
      .replace('{{limit}}', '100')
      .replace('{{percent}}', '80')
      .replace('{{remaining}}', '20')
      .replace('{{until}}', '09/03/2027');
    await expect(warning).toHaveText(expected);
    await noAxeFindings(page, `allowance warning ${language} 1280`);
    await shot(page, `allowance-02-warning-${language}-1280`);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(warning).toBeVisible();
    await noAxeFindings(page, `allowance warning ${language} 375`);
    await shot(page, `allowance-03-warning-${language}-375`);
  }

  // A refusal at the limit: the message of the code, in the user's language (zh, left chosen above).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.route('**/api/tendering/tenders/*/invitations', (route: Route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          json: {
            success: false,
            errorCode: 'tenderInvitationLimitReached',
            errorMessage: 'limit',
            limit: 100,
            used: 100,
            remaining: 0,
            requested: 1,
          },
        })
      : route.fallback(),
  );
  await page.getByTestId('invite-picker').fill('mutiara');
  await page.getByRole('option', { name: /Mutiara Supplies/ }).click();
  await page.getByTestId('invite-send').click();
  const refusal = (JSON.parse(readFileSync(resolve(LOCALES, 'zh', 'errors.json'), 'utf8')) as { error: Record<string, string> }).error
    .tenderInvitationLimitReached!;
  await expect(page.getByText(refusal)).toBeVisible();
  await shot(page, 'allowance-04-refused-zh-1280');
  await context.close();
});
