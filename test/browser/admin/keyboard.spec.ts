// Keyboard alone (WCAG 2.1.1, 2.4.1, 2.4.7): the public certificate check, and a tender from the
// officer's request to the approver's decision, driven with Tab, Enter, Space and typing only. The first Tab
// stop of every page is its skip link, and every stop on the way shows a focus ring. What changes without a
// page load is announced: the verdict, the action's result (an alert) and the bell's count (a status).
import type { FileChooser, Locator, Page } from '@playwright/test';
import QRCode from 'qrcode';
import { apiSession, expect, PASSWORD, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

const GENUINE_QR =
  'ZhGAcD5NO3ZwHlfFYCQNHA,tsvFoZSc1TCEoQHPINcJwA,d8usgdN41GfH4glDeFFPug,BNC-T5QQJ8ZASK81ZG4FNYZG44PR9S,v1.U4hEdZrpuQ6mEZKh.1770710400.ewkSZwx5OLy56kGdV4JXVe_2vQdexv4KbciVyvKTmVdt_PJMLzAg_Pq_C0eznC2vnnSx9zI9UBpxqZQFcJgFCQ';

/** The focused element's ring: its outline, or its label's when the control itself is visually hidden (a file input). */
async function focusRing(page: Page): Promise<{ ring: boolean; what: string }> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return { ring: false, what: 'nothing focused' };
    const hidden = focused.getBoundingClientRect().width <= 1;
    const shown = (hidden ? focused.closest('label') : focused) ?? focused;
    const style = getComputedStyle(shown);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return {
      ring,
      what: `${shown.tagName.toLowerCase()} "${(shown.getAttribute('aria-label') ?? shown.textContent ?? '').trim().slice(0, 40)}"`,
    };
  });
}

/**
 * WCAG 2.4.11 Focus Not Obscured: the focused control is not entirely hidden by the page's own layers (the
 * fixed app bar, a floating button). Its corners and centre are probed; one showing the control is enough.
 */
async function obscured(page: Page): Promise<string | null> {
  // A control sliding in (the skip link's transition) is given a moment to arrive.
  let found: string | null = null;
  for (let attempt = 0; attempt < 6; attempt++) {
    found = await obscuredNow(page);
    if (!found) return null;
    await page.waitForTimeout(100);
  }
  return found;
}

async function obscuredNow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    const hidden = focused.getBoundingClientRect().width <= 1;
    const shown = (hidden ? focused.closest('label') : focused) ?? focused;
    const box = shown.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return null;
    const inset = 2;
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ];
    const seen = points.some(([x, y]) => {
      const at = document.elementFromPoint(x!, y!);
      return at !== null && (shown.contains(at) || at.contains(shown));
    });
    return seen
      ? null
      : `${shown.tagName.toLowerCase()} "${(shown.getAttribute('aria-label') ?? shown.textContent ?? '').trim().slice(0, 40)}" under ${document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.tagName.toLowerCase() ?? 'nothing'}`;
  });
}

/** Presses Tab until the target has focus, checking the ring at every stop on the way and that no stop is hidden. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  const noRing: string[] = [];
  const hidden: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusRing(page);
    // Past the last stop the focus leaves the page for the browser's own controls, then comes back round.
    if (!stop.ring && stop.what !== 'nothing focused') noRing.push(stop.what);
    const under = await obscured(page);
    if (under) hidden.push(under);
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) {
      expect(noRing, 'Tab stops without a visible focus ring').toEqual([]);
      expect(hidden, "Tab stops hidden under the page's own layers").toEqual([]);
      return;
    }
  }
  throw new Error(`${max} Tab presses did not reach ${target.toString()}`);
}

/** Right after a page load, the first Tab stop is the skip link, shown with a ring; Enter takes the Tab order to the main content. */
async function skipToContent(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => ({
    skip: document.activeElement?.matches('.skip-link, .skip-nav-button') ?? false,
    text: document.activeElement?.textContent ?? '',
  }));
  expect(first, 'the first Tab stop').toEqual({ skip: true, text: expect.stringMatching(/Skip to (main )?content/) });
  expect((await focusRing(page)).ring).toBe(true);
  await page.keyboard.press('Enter');
  // The next Tab stop is inside the main content (react-admin's skip button focuses it and lets go, ours keeps it).
  await page.keyboard.press('Tab');
  await expect
    .poll(() => page.evaluate(() => Boolean(document.getElementById('main-content')?.contains(document.activeElement))))
    .toBe(true);
}

/**
 * Space on the focused file input opens the chooser. Chromium's catching of choosers is turned on by Playwright
 * when the page's first 'filechooser' listener comes, by a message of its own that a key press right after could
 * overtake (a loaded machine once waited 90 s for a chooser): the page listens from the start of the test, and with the focus
 * still on the input, Space is pressed again should a chooser still not come: still the keyboard alone.
 */
async function openChooserWithSpace(page: Page, input: Locator): Promise<FileChooser> {
  for (let attempt = 1; ; attempt++) {
    await expect(input).toBeFocused();
    const opened = page.waitForEvent('filechooser', { timeout: 10_000 });
    await page.keyboard.press('Space');
    try {
      return await opened;
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`Space on the file input opened no chooser in 10 s (try ${attempt}); pressing it again`);
    }
  }
}

async function signInByKeyboard(page: Page, email: string): Promise<void> {
  await page.goto('/auth/sign-in');
  await expect(page.locator('input[name="loginEmail"]')).toBeVisible();
  await skipToContent(page);
  await tabTo(page, page.locator('input[name="loginEmail"]'));
  await page.keyboard.type(email);
  await tabTo(page, page.locator('input[name="loginPassword"]'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  // Choose the company when asked (a user of one company may be taken straight in).
  const choose = page.getByTestId('company-teguh-bina');
  await expect(choose.or(page.locator('#react-admin-title'))).toBeVisible({ timeout: 20_000 });
  if (await choose.isVisible()) {
    await tabTo(page, choose);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('notification-bell')).toBeVisible({ timeout: 20_000 });
}

test('the public certificate check by keyboard: skip link, upload the QR with Space, the verdict is announced and takes focus', async ({
  page,
  shot,
}) => {
  page.on('filechooser', () => undefined);
  await page.goto('/certificate');
  await expect(page.getByTestId('qr-upload')).toBeAttached();
  await skipToContent(page);
  await tabTo(page, page.getByTestId('qr-upload'));
  const qrPng = await QRCode.toBuffer(GENUINE_QR, { errorCorrectionLevel: 'M', margin: 4, scale: 6 });
  const chooser = await openChooserWithSpace(page, page.getByTestId('qr-upload'));
  await chooser.setFiles({ name: 'certificate-qr.png', mimeType: 'image/png', buffer: qrPng });
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-genuine', 'true', { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Genuine certificate' })).toBeAttached();
  await expect(page.getByTestId('verdict-title')).toBeFocused();
  // On from the verdict: the next stops are the page's, each with a ring.
  await tabTo(page, page.getByTestId('scan-again'));
  await shot(page, 'keyboard-certificate-genuine');
});

test('a tender by keyboard: the officer opens it and requests approval, the approver approves it from My approvals', async ({
  page,
  browser,
  baseURL,
  shot,
}) => {
  test.setTimeout(360_000);
  // The officer's draft tender, made through the api as the demo makes them.
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const now = Date.now();
  const day = (days: number) => new Date(now + days * 86_400_000).toISOString().slice(0, 10);
  const created = await kumar.call<{ id: string; documentNo: string }>('POST', '/api/documents/tender', {
    title: `Keyboard tender ${now.toString(36)}`,
    documentDate: day(0),
    startDate: day(10),
    endDate: day(60),
    openAt: new Date(now + 3_600_000).toISOString(),
    closeAt: new Date(now + 7 * 86_400_000).toISOString(),
    expectedDeliveryStart: day(9),
    items: [{ description: 'Road works', unit: 'lot', quantity: '1', rate: '0.00', includeZeroRate: true }],
  });
  expect(created.status).toBe(201);
  const number = created.json.documentNo;

  await signInByKeyboard(page, 'kumar@teguhbina.my');
  // The signed-in area's first stop is its skip link too (after a load; sign-in moved here without one).
  await page.reload();
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  // Home (where a company's user lands) is loaded after the frame: skipping to it before it has come would
  // skip to an empty main, whose next Tab stop is none of the page's.
  await expect(page.getByTestId('home-projects')).toBeVisible();
  await skipToContent(page);
  await page.reload();
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await tabTo(page, page.getByRole('menuitem', { name: 'Tenders', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tender$/);
  await tabTo(page, page.getByRole('link', { name: number, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('document-number')).toHaveText(number);
  await tabTo(page, page.getByTestId('action-Request_Approve'));
  await page.keyboard.press('Enter');
  // The result is an alert (announced), not only a picture.
  await expect(page.getByRole('alert').filter({ hasText: /done/ })).toBeVisible();
  await shot(page, 'keyboard-tender-requested');
  const countBefore = Number(await page.getByTestId('notification-bell').getAttribute('data-count'));

  // The approver, in a session of his own.
  const context = await browser.newContext({ baseURL: baseURL! });
  const lim = await context.newPage();
  await signInByKeyboard(lim, 'lim@teguhbina.my');
  await tabTo(lim, lim.getByRole('menuitem', { name: 'My approvals', exact: true }));
  await lim.keyboard.press('Enter');
  await expect(lim.getByTestId('my-approvals')).toBeVisible();
  await tabTo(lim, lim.getByRole('link', { name: number, exact: true }));
  await lim.keyboard.press('Enter');
  await expect(lim.getByTestId('document-number')).toHaveText(number);
  await tabTo(lim, lim.getByTestId('action-Approve'));
  await lim.keyboard.press('Enter');
  // Approving cannot be undone, so a dialog asks first; its focus starts on "Go back": Tab to "Approve".
  await expect(lim.getByTestId('confirm-dialog')).toBeVisible();
  await expect(lim.getByTestId('confirm-cancel')).toBeFocused();
  await lim.keyboard.press('Tab');
  await expect(lim.getByTestId('confirm-dialog').getByRole('button', { name: 'Approve' })).toBeFocused();
  await lim.keyboard.press('Enter');
  await expect(lim.getByRole('alert').filter({ hasText: 'Approve: done.' })).toBeVisible();
  await expect(lim.getByTestId('status-chip').first()).toHaveText('Active');
  await shot(lim, 'keyboard-tender-approved');
  await context.close();

  // The officer's bell rises live, and its count is said by a status region.
  await expect
    .poll(async () => Number(await page.getByTestId('notification-bell').getAttribute('data-count')), { timeout: 20_000 })
    .toBeGreaterThan(countBefore);
  const count = await page.getByTestId('notification-bell').getAttribute('data-count');
  await expect(page.getByRole('status').filter({ hasText: `Notifications: ${count} unread` })).toBeAttached();
});

test('at 375 px: the skip link shows its words, and no Tab stop of a list hides under the app bar', async ({ browser, baseURL, shot }) => {
  const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signInByKeyboard(page, 'aminah@teguhbina.my');
  await page.goto('/tender');
  await expect(page.getByRole('link', { name: /^TD-/ }).first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.locator('.skip-nav-button');
  await expect(skip).toBeFocused();
  // react-admin draws it as an icon button on a phone: its words come from its name (theme.ts).
  await expect.poll(() => skip.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"Skip to content"');
  await expect.poll(async () => (await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
  await shot(page, 'keyboard-phone-skip-link');
  await page.keyboard.press('Enter');
  // Through the list's controls and rows to its last row's number, each stop with a ring and in sight.
  await tabTo(page, page.getByRole('link', { name: /^TD-/ }).last());
  await shot(page, 'keyboard-phone-last-row');
  await context.close();
});

test('a desktop window narrowed to 375 px and widened again: the page stays reachable and the menu is as it was', async ({
  browser,
  baseURL,
  shot,
}) => {
  const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByKeyboard(page, 'aminah@teguhbina.my');
  await page.goto('/tender');
  const firstTender = page.getByRole('link', { name: /^TD-/ }).first();
  await expect(firstTender).toBeVisible();
  // The desktop menu, open (react-admin's default there).
  const menuItem = page.getByRole('menuitem', { name: 'My approvals' });
  await expect(menuItem).toBeVisible();

  // Narrowed (a window, or a tablet turned): the menu becomes a drawer, closed, and the page is not hidden
  // from assistive technology behind it (react-admin opened the drawer modal and left the page aria-hidden).
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(menuItem).toBeHidden();
  await expect(firstTender).toBeVisible();
  // (A role query finds nothing aria-hidden: the line above failed on the code before. This says why, if it recurs.)
  expect(await firstTender.evaluate((link) => link.closest('[aria-hidden="true"]')?.tagName ?? null)).toBeNull();
  await firstTender.focus();
  await expect(firstTender).toBeFocused();
  await noAxeFindings(page);
  await shot(page, 'keyboard-narrowed-to-phone');
  // The drawer still opens from its button and closes with Escape, the page reachable again after it.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menuItem).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menuItem).toBeHidden();
  await expect(firstTender).toBeVisible();

  // Widened again: the desktop menu is back, open as it was.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menuItem).toBeVisible();
  await expect(firstTender).toBeVisible();

  // Closed on the desktop, it stays closed after a trip to the phone's width and back.
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(firstTender).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(firstTender).toBeVisible();
  await context.close();
});
