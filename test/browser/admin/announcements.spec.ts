// What changes without a page load is announced (WCAG 4.1.3 Status Messages and 3.3.1 Error
// Identification): form errors are tied to their fields (aria-invalid and aria-describedby naming the error's
// text), in the public area and the signed-in one; an action's result is an alert (done, refused and why); a
// notification that arrives live is an alert naming it, and the bell's count is said by a status region.
// Each is read as a screen reader meets it: the role, and the text of what the field or region points to.
import type { Locator, Page } from '@playwright/test';
import { apiSession, expect, newSession, test } from './fixtures.js';

/** The texts a field's aria-describedby points to, and whether the field says it is invalid. */
async function described(field: Locator): Promise<{ invalid: string | null; texts: string[] }> {
  return field.evaluate((el) => ({
    invalid: el.getAttribute('aria-invalid'),
    texts: (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? `(no element #${id})`),
  }));
}

/** A live region's role and politeness, as a screen reader reads it. */
async function liveness(region: Locator): Promise<string> {
  return region.evaluate(
    (el) =>
      el.getAttribute('aria-live') ??
      ({ alert: 'assertive', status: 'polite' } as Record<string, string>)[el.getAttribute('role') ?? ''] ??
      'off',
  );
}

test('form errors are tied to their fields: the public sign-in and a signed-in document form', async ({ page, browser, baseURL, shot }) => {
  await page.goto('/auth/sign-in');
  const email = page.locator('input[name="loginEmail"]');
  await expect(email).toBeVisible();
  expect(await described(email)).toEqual({ invalid: 'false', texts: [] });
  await page.locator('button[type="submit"]').click();
  // The error is said when it appears (role alert) and read again with the field (aria-describedby).
  await expect.poll(() => described(email)).toEqual({ invalid: 'true', texts: ['This field is required.'] });
  const errorId = (await email.getAttribute('aria-describedby'))!;
  await expect(page.locator(`[id="${errorId}"]`)).toHaveAttribute('role', 'alert');
  // The focus goes to the first field in error, so the error is read at once with its field.
  await expect(email).toBeFocused();
  await shot(page, 'announcements-public-form-error');

  const officer = await newSession(browser, baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  await officer.goto('/tender/create');
  const title = officer.locator('input[name="title"]');
  await expect(title).toBeVisible();
  // Save is offered once something is typed (react-admin keeps it disabled on an untouched form).
  await officer.locator('input[name="description"], textarea[name="description"]').first().fill('Drainage works');
  await officer.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => described(title)).toEqual({ invalid: 'true', texts: ['Required'] });
  await expect(title).toBeFocused();
  await shot(officer, 'announcements-admin-form-error');
  await officer.context().close();
});

/** A draft tender of kumar's with its approval requested, through the api as the demo makes them. */
async function requestedTender(baseURL: string, title: string): Promise<{ id: string; number: string }> {
  const kumar = await apiSession(baseURL, 'kumar@teguhbina.my', 'teguh-bina');
  const now = Date.now();
  const day = (days: number) => new Date(now + days * 86_400_000).toISOString().slice(0, 10);
  const created = await kumar.call<{ id: string; documentNo: string }>('POST', '/api/documents/tender', {
    title,
    documentDate: day(0),
    startDate: day(10),
    endDate: day(60),
    openAt: new Date(now + 3_600_000).toISOString(),
    closeAt: new Date(now + 7 * 86_400_000).toISOString(),
    expectedDeliveryStart: day(9),
    items: [{ description: 'Road works', unit: 'lot', quantity: '1', rate: '0.00', includeZeroRate: true }],
  });
  expect(created.status).toBe(201);
  const requested = await kumar.call('POST', `/api/documents/tender/${created.json.id}/actions/Request_Approve`, {}, { 'If-Match': '"1"' });
  expect(requested.status).toBe(200);
  return { id: created.json.id, number: created.json.documentNo };
}

async function openTender(page: Page, id: string, number: string): Promise<void> {
  await page.goto(`/tender/${encodeURIComponent(id)}/show`);
  await expect(page.getByTestId('document-number')).toHaveText(number);
}

test("an action's result is announced: a refusal with its reason, a rejection done, and the officer's live notification and bell count", async ({
  browser,
  baseURL,
  shot,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const officer = await newSession(browser, baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const approver = await newSession(browser, baseURL!, 'lim@teguhbina.my', 'teguh-bina');
  const bell = officer.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
  const countStatus = officer.getByTestId('notification-count-status');
  expect([await countStatus.getAttribute('role'), await liveness(countStatus)]).toEqual(['status', 'polite']);

  // Refused, and why: the approver's page still offers Approve after the document moved on elsewhere (here his
  // own api call); the api refuses the stale action, and the alert says what happened and what to do.
  const stale = await requestedTender(baseURL!, `Announced refusal ${stamp}`);
  await openTender(approver, stale.id, stale.number);
  const lim = await apiSession(baseURL!, 'lim@teguhbina.my', 'teguh-bina');
  const current = await lim.call<{ revision: number }>('GET', `/api/documents/tender/${stale.id}`);
  expect(
    (
      await lim.call(
        'POST',
        `/api/documents/tender/${stale.id}/actions/Reject`,
        { remark: 'Wrong project code' },
        { 'If-Match': `"${current.json.revision}"` },
      )
    ).status,
  ).toBe(200);
  await approver.getByTestId('action-Approve').click();
  await approver.getByTestId('confirm-dialog').getByRole('button', { name: 'Approve' }).click();
  const refused = approver
    .getByRole('alert')
    .filter({ hasText: 'Someone else acted on this document first. It has been reloaded: please look again.' });
  await expect(refused).toBeVisible();
  expect(await liveness(refused)).toBe('assertive');
  await shot(approver, 'announcements-refused');

  // Rejected, with the reason: the dialog ties its remark field to what it asks for; the result is an alert.
  const countBefore = Number(await bell.getAttribute('data-count'));
  const tender = await requestedTender(baseURL!, `Announced rejection ${stamp}`);
  await openTender(approver, tender.id, tender.number);
  await approver.getByTestId('action-Reject').click();
  const remark = approver.getByTestId('remark-input');
  await expect(remark).toBeFocused();
  expect((await described(remark)).texts).toEqual(['A remark is required for this action.']);
  await remark.fill('The bill of quantity is missing the drainage works');
  await approver.getByTestId('confirm-dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(approver.getByRole('alert').filter({ hasText: 'Reject: done.' })).toBeVisible();
  await expect(approver.getByTestId('status-chip').first()).toHaveText('Rejected');

  // The officer's page, never reloaded: the notification arrives as an alert naming the tender, and the
  // bell's status region says the new count.
  const toast = officer.getByRole('alert').filter({ hasText: tender.number });
  await expect(toast).toContainText('New notification.', { timeout: 20_000 });
  await expect.poll(async () => Number(await bell.getAttribute('data-count')), { timeout: 20_000 }).toBeGreaterThan(countBefore);
  const count = await bell.getAttribute('data-count');
  await expect(countStatus).toHaveText(`Notifications: ${count} unread`);
  await shot(officer, 'announcements-live-notification');

  // Why it was refused is where the officer looks next: the tender's history names the approver's remark.
  await openTender(officer, tender.id, tender.number);
  await officer.getByTestId('tab-history').click();
  await expect(officer.getByText('The bill of quantity is missing the drainage works')).toBeVisible();
  await officer.context().close();
  await approver.context().close();
});
