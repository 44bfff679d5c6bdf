// Paying a bill online in Chromium: a company's administrator has ordered a package; on the subscription page
// "Pay online" opens the payment gateway's page (the Stripe stand-in the development server runs on loopback,
// speaking Stripe's protocol), where FPX is chosen and the bill paid; the gateway sends the payer back and
// calls the api with its signed callback; the page then says the bill is paid and the package is the
// company's. At 375 px, in English, axe finds nothing on the page back from the gateway.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiSession, expect, signIn, test } from './fixtures.js';
import { animationsSettled } from './settled.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PHONE = { width: 375, height: 812 };
// Seri Hartanah: a demo company no other browser spec orders for.
const COMPANY = 'seri-hartanah';

async function axeFindings(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('a company administrator pays an ordered package online (FPX on the gateway\'s page) and the package becomes the company\'s', async ({ page, baseURL, shot }) => {
  test.setTimeout(180_000);
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', COMPANY);
  const offer = (await aminah.call<{ packages: { id: string; current: boolean; awaitingPayment: boolean }[] }>('GET', '/api/subscriptions/packages')).json.packages;
  const pick = offer.find((p) => !p.current && !p.awaitingPayment)!.id;
  const ordered = await aminah.call<{ invoiceNo: string; total: number }>('POST', '/api/subscriptions/orders', { packageId: pick });
  expect(ordered.status).toBe(201);
  const { invoiceNo, total } = ordered.json;
  const amount = `MYR ${(total / 100).toFixed(2)}`;

  await page.setViewportSize(PHONE);
  await signIn(page, 'aminah@teguhbina.my', COMPANY);
  await page.goto('/administration/subscription');
  const row = page.getByTestId('billing-row').filter({ hasText: invoiceNo });
  await expect(row).toBeVisible();
  await row.getByTestId('pay-online').click();
  // The gateway's own page (another origin): the amount, card or FPX.
  await expect(page.getByTestId('stand-in-amount')).toHaveText(amount);
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);
  await page.getByLabel('FPX online banking').check();
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  // Back on Binaan: the bill is paid once the gateway's signed callback has landed.
  await expect(page).toHaveURL(new RegExp(`/administration/subscription\\?paid=${invoiceNo}`));
  await expect(page.getByTestId('payment-paid')).toHaveText(`${invoiceNo} is paid. Your package is active.`);
  await expect(row.getByTestId('pay-online')).toHaveCount(0);
  await expect(page.locator(`[data-testid="subscription-package"][data-package="${pick}"]`)).toContainText('Current package');
  const bill = await aminah.call<{ status: string; history: { event: string }[] }>('GET', `/api/billings/${invoiceNo}`);
  expect(bill.json.status).toBe('paid');
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'online-payment-paid-phone');
});
