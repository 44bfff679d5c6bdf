// Subscriptions in the browser, against the real api (apps/api/src/subscriptions, platform-configuration): the
// platform administrator opens Configuration from the Admin menu and changes a package's storage with a reason
// (shown at once with who and why, kept in the history), then puts it back; makes a coupon on the Coupons page
// and deactivates it, and opens Billing; a company's administrator opens
// Subscription, chooses a package, applies a coupon the administrator made, reads the price with SST and orders
// it, and the bill waits for payment in the company's billing records. At 1280 px and at 375 px: nothing wider
// than the screen, nothing for axe, on the pages and in the dialog. Data of its own: a coupon with a code of
// this run, and whichever package the company does not have yet.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axeFindings } from './axe.js';
import { apiSession, expect, PASSWORD, signIn, test } from './fixtures.js';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const STORAGE_KEY = 'package.supplier-elite.storageGb';

async function fitsTheScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems = document.documentElement.scrollWidth > width ? [`page ${document.documentElement.scrollWidth} px wide`] : [];
    for (const el of document.querySelectorAll('#main-content *, [role="dialog"] *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1)
        problems.push(
          `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} ends at ${Math.round(box.right)}`,
        );
    }
    return problems.slice(0, 10);
  });
}

async function signInWithoutCompany(page: Page, email: string): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.locator('input[name="loginEmail"]').fill(email);
  await page.locator('input[name="loginPassword"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('select-company')).toBeVisible({ timeout: 20_000 });
}

test.describe.configure({ mode: 'serial' });

test("the platform administrator changes a package's storage on the Configuration page, with a reason kept in its history", async ({
  page,
  shot,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const admin = await apiSession(baseURL!, 'admin@binaan.my', 'teguh-bina');
  const before = (
    await admin.call<{ settings: { key: string; value: number }[] }>('GET', '/api/platform-configuration')
  ).json.settings.find((s) => s.key === STORAGE_KEY)!.value;
  const target = before === 10_000 ? 500 : 10_000;
  await page.setViewportSize(DESKTOP);
  await signInWithoutCompany(page, 'admin@binaan.my');
  // With no company chosen, the company choice leads to it; from there the Admin menu group holds it.
  await page.getByTestId('platform-configuration').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuration');
  const adminMenu = page.getByRole('group', { name: 'Admin' });
  for (const entry of ['Configuration', 'Coupons', 'Billing']) await expect(adminMenu.getByRole('menuitem', { name: entry })).toBeVisible();
  const row = page.locator(`[data-testid="configuration-setting"][data-key="${STORAGE_KEY}"]`);
  await row.getByRole('button').click();
  const dialog = page.getByTestId('configuration-dialog');
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: target === 10_000 ? '10 TB' : '500 GB' }).click();
  await dialog.getByTestId('configuration-reason').fill('Elite suppliers keep drawings of every project');
  expect(await axeFindings(page)).toEqual([]);
  await dialog.getByTestId('configuration-save').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('configuration-value-shown')).toHaveText(target === 10_000 ? '10 TB' : '500 GB');
  await expect(row).toContainText('Platform Administrator');
  await expect(row).toContainText('Elite suppliers keep drawings of every project');
  await shot(page, 'subscriptions-configuration-desktop');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await fitsTheScreen(page)).toEqual([]);
  expect(await axeFindings(page)).toEqual([]);
  await row.getByRole('button').click();
  await expect(dialog.getByRole('listitem').first()).toContainText('Elite suppliers keep drawings of every project');
  expect(await fitsTheScreen(page)).toEqual([]);
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'subscriptions-configuration-phone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Coupons: one made on the page, then deactivated; its terms as given.
  const code = `PAGE${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/admin/coupons');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coupons');
  await page.getByTestId('coupon-new').click();
  const couponDialog = page.getByTestId('coupon-dialog');
  await couponDialog.getByTestId('coupon-code').fill(code);
  await couponDialog.getByTestId('coupon-discount').fill('10');
  await couponDialog.getByRole('checkbox', { name: 'Supplier · Basic' }).check();
  await couponDialog.getByTestId('coupon-max-uses').fill('3');
  expect(await fitsTheScreen(page)).toEqual([]);
  expect(await axeFindings(page)).toEqual([]);
  await couponDialog.getByTestId('coupon-save').click();
  await expect(couponDialog).toBeHidden();
  const coupon = page.locator(`[data-testid="coupon-row"][data-code="${code}"]`);
  await expect(coupon).toContainText('10% off');
  await expect(coupon).toContainText('used 0 of 3');
  await coupon.getByRole('button', { name: `Deactivate ${code}` }).click();
  await expect(coupon.getByRole('button', { name: `Activate ${code}` })).toBeVisible();
  expect(await fitsTheScreen(page)).toEqual([]);
  expect(await axeFindings(page)).toEqual([]);
  await page.goto('/admin/billing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing');
  expect(await axeFindings(page)).toEqual([]);
  // Put back as it was, so no other page meets this change.
  expect((await admin.call('PUT', `/api/platform-configuration/${STORAGE_KEY}`, { value: before, reason: 'Back as it was' })).status).toBe(
    200,
  );
});

test('a company administrator chooses a package, applies a coupon, reads the price with SST and orders it; the bill waits for payment', async ({
  page,
  shot,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const admin = await apiSession(baseURL!, 'admin@binaan.my', 'teguh-bina');
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  const code = `WEB${Date.now().toString(36).toUpperCase()}`;
  // A package the company neither holds nor has ordered (other specs may order for this demo company too).
  const offer = (
    await aminah.call<{ packages: { id: string; current: boolean; awaitingPayment: boolean }[] }>('GET', '/api/subscriptions/packages')
  ).json.packages;
  const pick = offer.find((p) => !p.current && !p.awaitingPayment && p.id.startsWith('subcontractor-'))!.id;
  expect(
    (
      await admin.call('POST', '/api/coupons', {
        code,
        discountType: 'percentage',
        discount: 20,
        packageIds: [pick],
        validFrom: '2000-01-01',
        validTo: '2999-12-31',
        maxUses: 1,
      })
    ).status,
  ).toBe(201);
  const expected = (
    await aminah.call<{ amounts: { total: number } }>('POST', '/api/subscriptions/quote', { packageId: pick, couponCode: code })
  ).json.amounts.total;
  const totalText = `RM ${Math.floor(expected / 100).toLocaleString('en-MY')}.${String(expected % 100).padStart(2, '0')}`;

  await page.setViewportSize(PHONE);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto('/administration/subscription');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription');
  await expect(page.locator('[data-testid="subscription-package"][data-package="subcontractor-elite"]')).toContainText('Current package');
  expect(await fitsTheScreen(page)).toEqual([]);
  expect(await axeFindings(page)).toEqual([]);
  await page.locator(`[data-testid="subscription-package"][data-package="${pick}"]`).getByTestId('subscription-choose').click();
  await page.getByTestId('subscription-coupon').fill('NO-SUCH-CODE');
  await page.getByTestId('subscription-apply').click();
  await expect(page.getByTestId('subscription-refused')).toContainText('No coupon has this code.');
  await page.getByTestId('subscription-coupon').fill(code.toLowerCase());
  await page.getByTestId('subscription-apply').click();
  await expect(page.getByTestId('subscription-total')).toHaveText(totalText);
  await expect(page.getByTestId('subscription-price')).toContainText('SST 6%');
  expect(await fitsTheScreen(page)).toEqual([]);
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'subscriptions-order-phone');
  await page.getByTestId('subscription-order-button').click();
  await expect(page.getByText(/Ordered: bill INV-\d{6} waits for payment\./)).toBeVisible();
  const bills = (
    await aminah.call<{ items: { invoiceNo: string; packageId: string; total: number; status: string }[] }>('GET', '/api/billings')
  ).json.items;
  const ours = bills.filter((bill) => bill.packageId === pick);
  expect(ours).toHaveLength(1);
  expect(ours[0]).toMatchObject({ total: expected, status: 'pendingPayment' });
  const ourRow = page.getByTestId('billing-row').filter({ hasText: ours[0]!.invoiceNo });
  await expect(ourRow).toBeVisible();
  // Ordered, not paid: the package says so (it is not the company's yet), and cannot be ordered twice.
  await expect(
    page.locator(`[data-testid="subscription-package"][data-package="${pick}"]`).getByTestId('package-awaiting-payment'),
  ).toHaveText('Ordered, awaiting payment');
  await expect(
    page.locator(`[data-testid="subscription-package"][data-package="${pick}"]`).getByTestId('subscription-choose'),
  ).toBeDisabled();
  // The bill's tax invoice, saved as a PDF named by its number.
  const download = page.waitForEvent('download');
  await ourRow.getByTestId('invoice-pdf').click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`${ours[0]!.invoiceNo}.pdf`);
  expect(
    readFileSync(await saved.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await page.setViewportSize(DESKTOP);
  expect(await axeFindings(page)).toEqual([]);
  await shot(page, 'subscriptions-order-desktop');
});

test("past 80% of its package's yearly order value, a developer's order list warns, in en, ms and zh, at 375 px; past the cap an order is refused", async ({
  browser,
  baseURL,
  page,
  shot,
}) => {
  test.setTimeout(240_000);
  const KEY = 'package.subcontractor-advanced.purchaseOrderValuePerYear';
  const admin = await apiSession(baseURL!, 'admin@binaan.my', 'teguh-bina');
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'seri-hartanah');
  const cap = async () =>
    (
      await aminah.call<{ caps: { group: string; used: number; limit: number | null; warning: boolean }[] }>(
        'GET',
        '/api/subscriptions/usage',
      )
    ).json.caps.find((c) => c.group === 'purchaseOrder')!;
  const order = async (rate: string) => {
    const created = await aminah.call<{ id: string }>('POST', '/api/documents/purchaseOrder', {
      title: `Tiles, lobby ${rate}`,
      counterpartyCompanyId: 'mutiara-supplies',
      startDate: '2026-03-10',
      endDate: '2026-03-20',
      items: [{ description: 'Floor tiles', unit: 'lot', quantity: '1', rate }],
    });
    expect(created.status).toBe(201);
    return aminah.call<{ errorCode?: string }>(
      'POST',
      `/api/documents/purchaseOrder/${created.json.id}/actions/Request_Approve`,
      {},
      { 'If-Match': '"1"' },
    );
  };
  const before = await cap();
  try {
    const assigned = await aminah.call('POST', '/api/company-workflow/assignments', {
      code: 'purchaseOrder',
      user_id: aminah.userId,
      workflow_level: 10,
    });
    expect(assigned.status < 300 || assigned.status === 409).toBe(true);
    // A cap RM 1,000 above what Seri Hartanah has committed; an order of RM 900 (RM 954 with SST) passes 80%.
    expect(
      (
        await admin.call('PUT', `/api/platform-configuration/${KEY}`, {
          value: before.used + 100_000,
          reason: 'A tight cap for the warning',
        })
      ).status,
    ).toBe(200);
    expect((await order('900.00')).status).toBe(200);
    expect(await cap()).toMatchObject({ warning: true });

    for (const [language, words] of [
      ['en', 'purchase-order value'],
      ['ms', 'nilai pesanan belian'],
      ['zh', '采购订单金额'],
    ] as const) {
      const context = await browser.newContext({ baseURL: baseURL!, viewport: PHONE });
      await context.addInitScript((chosen) => localStorage.setItem('binaan.language', chosen), language);
      const phone = await context.newPage();
      await signIn(phone, 'aminah@teguhbina.my', 'seri-hartanah');
      await phone.goto('/purchaseOrder');
      const warning = phone.getByTestId('cap-warning');
      await expect(warning).toContainText(words);
      await expect(warning).toContainText('95%');
      // The page itself never scrolls sideways (the tabs and the table scroll in their own boxes), and the warning fits.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const box = (await warning.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 375).toBe(true);
      expect(await axeFindings(phone)).toEqual([]);
      await shot(phone, `cap-warning-${language}-375`);
      await context.close();
    }
    // Past the cap: refused with its code, shown in the user's words.
    expect((await order('200.00')).json.errorCode).toBe('subscriptionLimit');
    await signIn(page, 'aminah@teguhbina.my', 'seri-hartanah');
    await page.goto('/workOrder');
    await expect(page.getByTestId('cap-warning')).toBeVisible();
  } finally {
    await admin.call('PUT', `/api/platform-configuration/${KEY}`, { value: before.limit, reason: 'Back to the package figure' });
  }
});
