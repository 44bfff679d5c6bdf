// An overdue approval in the browser: a purchase order whose verify level 1 has a 24-hour response time, the
// server's clock three days on (the development clock, apps/api/src/dev-clock/, on a demo server of this
// spec's own, as the three-browser tender walk does), and Lim, the awaited approver, sees "Overdue by 2 days"
// in My approvals and on the order's approval route, in en, ms and zh, at 1280 px and at 375 px, axe clean.
import type { Browser, Page } from '@playwright/test';
import { apiSession, expect, signIn, startDemoServer, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

const HOUR = 3_600_000;
/** Its own port (the workers' demo servers take ADMIN_E2E_PORT plus their index; the tender walk +5). */
const PORT = Number(process.env.APPROVAL_TIMERS_PORT ?? Number(process.env.ADMIN_E2E_PORT ?? 3230) + 6);
const LANG = { 'Bahasa Melayu': 'ms', 简体中文: 'zh-Hans' } as const;

let server: { url: string; stop: () => Promise<void> } | null = null;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  // One process: the development clock exists only where one process keeps it (dev-clock.module.ts).
  server = await startDemoServer(PORT, { DEV_CLOCK: 'on', API_WORKERS: '1' });
});
test.afterAll(async () => {
  await server?.stop();
});

async function serverNow(): Promise<number> {
  const reply = await fetch(`${server!.url}/api/dev/clock`);
  const body = (await reply.json()) as { now?: string };
  if (!body.now) throw new Error(`the development clock answered ${reply.status} ${JSON.stringify(body)}`);
  return Date.parse(body.now);
}

async function desk(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server!.url, viewport, timezoneId: 'Asia/Kuala_Lumpur' });
  // The list's "overdue by" is judged at the browser's time: the browser runs at the server's moved clock.
  await context.clock.install({ time: await serverNow() });
  const page = await context.newPage();
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  return page;
}

async function chooseLanguage(page: Page, language: keyof typeof LANG): Promise<void> {
  await page
    .getByRole('button', { name: /English|Bahasa Melayu|简体中文/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: language, exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', LANG[language]);
}

test('the awaited approver sees how long an approval is overdue, in My approvals and on the order, on a phone and a desk', async ({
  browser,
  shot,
}) => {
  test.setTimeout(240_000);
  const url = server!.url;
  const aminah = await apiSession(url, 'aminah@teguhbina.my', 'teguh-bina');
  const manual = await aminah.call('PUT', '/api/authority-manuals/purchaseOrder', {
    label: 'Purchase order approval',
    levels: [
      { level: 20, limit: '10000.00', responseHours: 24 },
      { level: 21, limit: '100000.00' },
      { level: 22, limit: '1000000.00' },
    ],
    allowSelfApproval: false,
    roleType: 'company',
    roles: ['Approver'],
  });
  expect(manual.status).toBe(200);
  const kumar = await apiSession(url, 'kumar@teguhbina.my', 'teguh-bina');
  const title = `Overdue steel ${Date.now().toString(36)}`;
  const created = await kumar.call<{ id: string; documentNo: string }>('POST', '/api/documents/purchaseOrder', {
    title,
    counterpartyCompanyId: 'mutiara-supplies',
    sstApplicable: false,
    items: [{ description: 'Structural steel', unit: 'lot', quantity: '1', rate: '5000.00' }],
  });
  expect(created.status).toBe(201);
  const { id, documentNo } = created.json;
  expect((await kumar.call('POST', `/api/documents/purchaseOrder/${id}/actions/Request_Approve`, {}, { 'If-Match': '1' })).status).toBe(
    200,
  );
  // Three days on (the development clock moves a day at most per call): due a day after the request, so overdue by two days.
  for (const advanceMs of [24 * HOUR, 24 * HOUR, 24 * HOUR, 5 * 60_000]) {
    const moved = await fetch(`${url}/api/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs }),
    });
    expect(moved.status).toBe(200);
  }

  for (const [viewport, size] of [
    [{ width: 1280, height: 800 }, 'desktop'],
    [{ width: 375, height: 812 }, 'phone'],
  ] as const) {
    const page = await desk(browser, viewport);
    await page.goto('/my-approvals');
    const row = page.getByTestId('approval-row').filter({ hasText: documentNo });
    await expect(row.getByTestId('due-time').filter({ visible: true })).toHaveText('Overdue by 2 days');
    await expect(row.getByTestId('due-time').filter({ visible: true })).toHaveAttribute('data-overdue', 'true');
    await noAxeFindings(page, `my approvals, ${size}`);
    await shot(page, `approval-timers-01-my-approvals-${size}`);
    // The orders list marks it too, under its status.
    await page.goto('/purchaseOrder');
    await expect(page.getByRole('row').filter({ hasText: documentNo }).getByTestId('due-time')).toHaveText('Overdue by 2 days');
    await noAxeFindings(page, `orders list, ${size}`);
    await page.goto(`/purchaseOrder/${id}/show`);
    const route = page.getByTestId('approval-route');
    await expect(route.getByTestId('due-time')).toHaveText('Overdue by 2 days');
    await noAxeFindings(page, `order page, ${size}`);
    await shot(page, `approval-timers-02-order-${size}`);
    if (size === 'phone') {
      // Nothing of the route runs off a 375 px screen.
      const box = await route.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      for (const [language, text] of [
        ['Bahasa Melayu', 'Lewat 2 hari'],
        ['简体中文', '已逾期 2 天'],
      ] as const) {
        await chooseLanguage(page, language);
        await expect(route.getByTestId('due-time')).toHaveText(text);
        await page.goto('/my-approvals');
        await expect(
          page.getByTestId('approval-row').filter({ hasText: documentNo }).getByTestId('due-time').filter({ visible: true }),
        ).toHaveText(text);
        await shot(page, `approval-timers-03-my-approvals-${LANG[language]}`);
        await page.goto(`/purchaseOrder/${id}/show`);
      }
    }
    await page.context().close();
  }
});
