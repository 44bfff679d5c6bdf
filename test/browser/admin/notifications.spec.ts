// The notification bell (signed-in-area.md §2.6, §4.6, §4.7) in the browser against the real app: the
// approver's bell count rises live while a second browser (the buyer) asks for approval on an order, with a
// success toast; opening the list shows the order on top and clears the count on the server; clicking it
// opens that order. Pages of 5 with "load more". The channel follows the session: a company switch opens a
// socket with the new read-only token and closes the old one; signing out closes it.
import type { Page, WebSocket, WebSocketRoute } from '@playwright/test';
import { apiSession, askedForApproval, expect, newSession, signIn, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

const bell = (page: Page) => page.getByTestId('notification-bell');

/** The user channel sockets a page opens, in order, with their read-only tokens. */
function channelSockets(page: Page): WebSocket[] {
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/api/ws/user')) sockets.push(socket);
  });
  return sockets;
}
const tokenOf = (socket: WebSocket) => new URL(socket.url()).searchParams.get('t');

test("the approver's bell rises live while the buyer asks for approval; the notification opens the order", async ({
  page,
  browser,
  baseURL,
  shot,
}) => {
  test.setTimeout(180_000);
  const lim = await apiSession(baseURL!, 'lim@teguhbina.my', 'teguh-bina');
  const sockets = channelSockets(page);

  // Lim, the level-1 approver, signs in; the bell knows his count and the channel is live.
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await expect(bell(page)).toHaveAttribute('data-live', 'true');
  const before = (await lim.call<{ notification_count: number }>('GET', '/api/application/user-event-list?start=0&length=1')).json
    .notification_count;
  await expect(bell(page)).toHaveAttribute('data-count', String(before));
  expect(tokenOf(sockets[0]!)).toBeTruthy();
  expect(tokenOf(sockets[0]!)).not.toBe(
    await page.evaluate(() => (JSON.parse(localStorage.getItem('binaan.session')!) as { jwtToken: string }).jwtToken),
  );

  // In a second browser, Kumar (the buyer) makes an order and asks for approval.
  const kumar = await newSession(browser, baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  await kumar.goto('/purchaseOrder/create');
  await kumar.locator('input[name="title"]').fill('Bell test: cement for Block D');
  await kumar.getByRole('combobox', { name: 'Counterparty' }).fill('Mutiara');
  await kumar.getByRole('option', { name: /^Mutiara Supplies Sdn Bhd/ }).click();
  await kumar.locator('input[name="items.0.description"]').fill('Cement 50 kg');
  await kumar.locator('input[name="items.0.unit"]').fill('bag');
  await kumar.locator('input[name="items.0.quantity"]').fill('20');
  await kumar.locator('input[name="items.0.rate"]').fill('21.50');
  await kumar.getByRole('button', { name: 'Save' }).click();
  await expect(kumar.getByTestId('document-number')).toBeVisible({ timeout: 15_000 });
  const number = (await kumar.getByTestId('document-number').textContent())!.trim();
  const id = kumar.url().split('/').at(-2)!;
  // Nothing yet for Lim: a draft needs no one.
  await expect(bell(page)).toHaveAttribute('data-count', String(before));
  await kumar.getByTestId('action-Request_Approve').click();
  await expect(kumar.getByTestId('approval-route')).toContainText('Waiting for Verify level 1');

  // Lim's page, never reloaded: the count rises by one, the bell is flagged, a success toast names the order.
  await expect(bell(page)).toHaveAttribute('data-count', String(before + 1), { timeout: 5_000 });
  await expect(bell(page)).toHaveAttribute('data-flagged', 'true');
  await expect(page.getByTestId('notification-count')).toContainText(String(Math.min(before + 1, 99)));
  const toast = page.locator('.MuiSnackbarContent-root, [role="alert"]').filter({ hasText: number });
  await expect(toast).toContainText(`New notification. Waiting for your approval: ${number}`);
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.6);
  expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.6);
  await expect(page.locator('.MuiLinearProgress-root')).toHaveCount(0);
  await shot(page, 'notifications-01-bell-risen-toast');
  // A toast never stands between the person and the page: a tap on it reaches what lies beneath, and a pointer
  // resting there does not hold it.
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  expect(await page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('.MuiSnackbar-root')), middle)).toBe(false);
  await page.mouse.move(middle.x, middle.y);
  await expect(toast).toBeHidden({ timeout: 10_000 });

  // Opening the list: the order on top, unread; the server's count cleared.
  await bell(page).click();
  const items = page.getByTestId('notification-item');
  await expect(items.first()).toContainText(number);
  await expect(items.first()).toContainText('Waiting for your approval');
  await expect(items.first()).toHaveAttribute('data-unread', 'true');
  await expect(items.first()).toHaveAttribute('data-src-id', id);
  await expect(bell(page)).toHaveAttribute('data-count', '0');
  await expect(bell(page)).toHaveAttribute('data-flagged', 'false');
  await expect
    .poll(
      async () =>
        (await lim.call<{ notification_count: number }>('GET', '/api/application/user-event-list?start=0&length=1')).json
          .notification_count,
    )
    .toBe(0);
  await shot(page, 'notifications-02-list');

  // Clicking it opens that very order.
  await items.first().click();
  await expect(page).toHaveURL(new RegExp(`/purchaseOrder/${id}/show$`));
  await expect(page.getByTestId('document-number')).toHaveText(number);
  await shot(page, 'notifications-03-opened-order');
  await kumar.context().close();
});

test('the list comes 5 at a time, with "load more" while a page came back full', async ({ page, baseURL, shot }) => {
  test.setTimeout(120_000);
  const lim = await apiSession(baseURL!, 'lim@teguhbina.my', 'teguh-bina');
  const all = (await lim.call<{ events: { id: string }[] }>('GET', '/api/application/user-event-list?start=0&length=100')).json.events;
  expect(all.length).toBeGreaterThan(5); // the demo's orders and the test above gave Lim more than a page
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await bell(page).click();
  const items = page.getByTestId('notification-item');
  await expect(items).toHaveCount(5);
  expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(all.slice(0, 5).map((e) => e.id));
  await shot(page, 'notifications-04-first-page');
  for (let shown = 5; shown < all.length; shown += 5) {
    await page.getByTestId('notification-load-more').click();
    await expect(items).toHaveCount(Math.min(shown + 5, all.length));
  }
  // A last page of exactly 5 still offers "load more" (spec: more while 5 came back); the next brings none.
  if (all.length % 5 === 0) {
    await page.getByTestId('notification-load-more').click();
    await expect(page.getByTestId('notification-load-more')).toHaveCount(0);
  }
  await expect(page.getByTestId('notification-load-more')).toHaveCount(0);
  expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(all.map((e) => e.id));
  await shot(page, 'notifications-05-all-pages');
});

test('the channel follows the session: a company switch reconnects with the new token, signing out closes it', async ({ page, shot }) => {
  test.setTimeout(120_000);
  const sockets = channelSockets(page);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await expect(bell(page)).toHaveAttribute('data-live', 'true');
  const first = sockets.at(-1)!;

  await page.getByTestId('company-switcher').click();
  await page.getByRole('menuitem', { name: /Seri Hartanah/ }).click();
  await expect(page.getByTestId('company-switcher')).toContainText('Seri Hartanah');
  await expect.poll(() => sockets.length).toBeGreaterThan(sockets.indexOf(first) + 1);
  const second = sockets.at(-1)!;
  expect(tokenOf(second)).not.toBe(tokenOf(first));
  const stored = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('binaan.session')!) as { readOnlyJwtToken: string }).readOnlyJwtToken,
  );
  expect(tokenOf(second)).toBe(stored);
  await expect.poll(() => first.isClosed()).toBe(true);
  await expect(bell(page)).toHaveAttribute('data-live', 'true');
  await shot(page, 'notifications-06-after-company-switch');

  await page.getByRole('button', { name: 'Aminah binti Yusof' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect.poll(() => second.isClosed()).toBe(true);
  const count = sockets.length;
  await page.waitForTimeout(2500);
  expect(sockets.length).toBe(count); // no reconnection without a token
});

test("a notification raised for another of the user's companies switches to it before opening", async ({ page, shot }) => {
  test.setTimeout(120_000);
  // Aminah works for seven companies; each one's approval told her (the link: the dashboard, here the home page).
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await bell(page).click();
  const other = page.getByTestId('notification-item').filter({ hasText: 'Seri Hartanah' });
  // The approval of the company she is in now, held by its source (other notifications may name Teguh Bina too).
  const current = page.locator('[data-testid="notification-item"][data-src-id="teguh-bina"]');
  await expect(page.getByTestId('notification-item').first()).toBeVisible();
  // Her companies' approvals came one after another: page on until Seri Hartanah's and Teguh Bina's show.
  while (((await other.count()) === 0 || (await current.count()) === 0) && (await page.getByTestId('notification-load-more').count()) > 0) {
    await page.getByTestId('notification-load-more').click();
    await expect(page.getByTestId('notification-list').getByRole('progressbar')).toHaveCount(0);
  }
  await expect(other).toContainText('Company approved');
  await expect(other).toContainText('for Seri Hartanah Berhad');
  await expect(current).toContainText('Company approved');
  await expect(current).not.toContainText('for Teguh Bina');
  await shot(page, 'notifications-07-other-company');
  await other.click();
  await expect(page.getByTestId('company-switcher')).toContainText('Seri Hartanah');
  await expect(page).toHaveURL(/\/article$/);
  await expect(page.getByTestId('home')).toContainText('Seri Hartanah');
});

test('after an unexpected close the channel reconnects by itself, catches up on the count, and pushes again', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(120_000);
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const lim = await apiSession(baseURL!, 'lim@teguhbina.my', 'teguh-bina');
  const askApproval = async (title: string) => {
    const order = await kumar.call<{ id: string; documentNo: string }>('POST', '/api/documents/purchaseOrder', {
      title,
      counterpartyCompanyId: 'mutiara-supplies',
      items: [{ description: 'Sand', unit: 'tonne', quantity: '2', rate: '80.00' }],
    });
    expect(order.status).toBe(201);
    expect(
      (await kumar.call('POST', `/api/documents/purchaseOrder/${order.json.id}/actions/Request_Approve`, {}, { 'If-Match': '"1"' })).status,
    ).toBe(200);
    return order.json;
  };
  // Between the page and the api: while "down", every socket is dropped as soon as it opens (code 1011).
  let down = false;
  const routes: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/ws\/user/, (socket) => {
    routes.push(socket);
    if (down) void socket.close({ code: 1011, reason: 'test outage' });
    else socket.connectToServer();
  });

  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await expect(bell(page)).toHaveAttribute('data-live', 'true');
  const before = Number(await bell(page).getAttribute('data-count'));

  // The connection drops; an approval is asked for while it is down, so its push is lost.
  down = true;
  await routes.at(-1)!.close({ code: 1011, reason: 'test outage' });
  await expect(bell(page)).toHaveAttribute('data-live', 'false');
  const attempts = routes.length;
  await askApproval('Reconnect test: missed while down');
  await expect.poll(() => routes.length, { timeout: 10_000 }).toBeGreaterThan(attempts); // it keeps trying

  // Back up: the next attempt connects, the count missed meanwhile is fetched, and the rise is told.
  down = false;
  await expect(bell(page)).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
  await expect(bell(page)).toHaveAttribute('data-count', String(before + 1));
  await expect(page.getByText(`Unread notifications: ${before + 1}`)).toBeVisible();
  await shot(page, 'notifications-08-reconnected');

  // And the new socket carries pushes again.
  const next = await askApproval('Reconnect test: pushed after');
  await expect(bell(page)).toHaveAttribute('data-count', String(before + 2), { timeout: 5_000 });
  await expect(page.getByText(`Waiting for your approval: ${next.documentNo}`)).toBeVisible();
  expect(
    (await lim.call<{ notification_count: number }>('GET', '/api/application/user-event-list?start=0&length=1')).json.notification_count,
  ).toBe(before + 2);
});

test('the bell speaks the chosen language', async ({ page, baseURL, shot }) => {
  // Lim's newest notification is one this test asks for: an order waiting for his approval.
  const lim = await apiSession(baseURL!, 'lim@teguhbina.my', 'teguh-bina');
  const before = (await lim.call<{ notification_count: number }>('GET', '/api/application/user-event-list?start=0&length=1')).json
    .notification_count;
  await askedForApproval(baseURL!, {
    title: 'Bell language test',
    counterpartyCompanyId: 'mutiara-supplies',
    items: [{ description: 'Sand', unit: 'tonne', quantity: '1', rate: '80.00' }],
  });
  await expect
    .poll(
      async () =>
        (await lim.call<{ notification_count: number }>('GET', '/api/application/user-event-list?start=0&length=1')).json
          .notification_count,
    )
    .toBeGreaterThan(before);
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  // Each step waits for what it did to show before the next (the page's language, the list closed): a loaded
  // machine once found the list not open after the switch to Chinese, and these say which step it was if it recurs.
  for (const [language, lang, title, waiting] of [
    ['Bahasa Melayu', 'ms', 'Pemberitahuan', 'Menunggu kelulusan anda'],
    ['简体中文', 'zh-Hans', '通知', '等待您审批'],
  ] as const) {
    await page.getByRole('button', { name: /English|Bahasa Melayu|简体中文/i }).click();
    await page.getByRole('menuitem', { name: language }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('menuitem', { name: language })).toBeHidden();
    await bell(page).click();
    await expect(page.getByTestId('notification-list')).toContainText(title);
    await expect(page.getByTestId('notification-item').first()).toContainText(waiting);
    await shot(page, `notifications-09-${language === '简体中文' ? 'zh' : 'ms'}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notification-list')).toBeHidden();
  }
});
