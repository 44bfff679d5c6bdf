// Headless Debian Chromium for the ui benches, and a sign-in through the product's own pages (the sign-in
// form, then the company choice), as a user would before the measured steps.
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@binaan/api/dist/demo/demo-data.js';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Signs `email` (a demo user) in on `page` (its context's baseURL the API) and chooses `company`. */
export async function signInPage(page: Page, email: string, company: string): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.locator('input[name="loginEmail"]').fill(email);
  await page.locator('input[name="loginPassword"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId(`company-${company}`).click({ timeout: 60_000 });
  await page.getByTestId('select-company').waitFor({ state: 'hidden', timeout: 60_000 });
}
