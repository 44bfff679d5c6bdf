// The door's scanner with no network: two devices (two browser contexts, Aminah's and Farid's phone) open the
// door of an event of their own, lose the network, scan tickets (typed, as the organizer spec does), and
// each decision shows at once from the tickets kept on the device; the scans wait in the queue and are
// sent when the network returns, each recorded once (the recorded scans read back through the API), and a
// batch sent twice through the API records nothing new.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { RecordedScan, ScanBatchReply } from '@binaan/contracts';
import { axeFindings } from './axe.js';
import { apiSession, expect, newSession, signIn, test, ticketFor } from './fixtures.js';

const scanAt = async (page: Page, direction: 'in' | 'out', ticket: string, said: string) => {
  await page.getByTestId(direction === 'in' ? 'direction-in' : 'direction-out').click();
  await page.getByTestId('ticket-code').fill(ticket);
  await page.getByTestId('ticket-code').press('Enter');
  await expect(page.getByTestId('scan-result')).toContainText(said);
};

test('two scanners check tickets in and out offline, and every scan is recorded once when the network returns', async ({
  page,
  browser,
  baseURL,
  demo,
  shot,
}) => {
  test.setTimeout(180_000);
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  const created = await aminah.call<{ data: { id: string } }>('POST', '/api/article', {
    title: `Offline door drill ${Date.now()}`,
    location: 'Dewan Binaan, Shah Alam',
    date: new Date().toISOString(),
  });
  expect(created.status).toBe(201);
  const articleId = created.json.data.id;
  expect((await aminah.call('POST', `/api/article/${articleId}/publish`)).status).toBe(200);
  const names = ['Aishah binti Kamal', 'Lim Chee Keong', 'Muthu a/l Rajan'];
  const tickets: string[] = [];
  for (const [index, name] of names.entries()) {
    const email = `offline.door.${Date.now()}.${index}@example.my`;
    const registered = await fetch(`${baseURL}/api/article/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ article_id: articleId, name, email, contact: '60123456789' }),
    });
    expect(registered.status).toBe(200);
    tickets.push(ticketFor(demo.dataDir, email));
  }

  // Device A: Aminah's browser.
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto(`/organizer/events/${articleId}`);
  await expect(page.getByTestId('scanner-kept')).toContainText('3 tickets kept on this device');
  await expect(page.getByTestId('scanner-network')).toHaveText('Online');
  // Device B: Farid's (the site team), its own browser storage.
  const other = await newSession(browser, baseURL!, 'farid@teguhbina.my', 'teguh-bina');
  await other.goto(`/organizer/events/${articleId}`);
  await expect(other.getByTestId('scanner-kept')).toContainText('3 tickets kept on this device');

  await page.context().setOffline(true);
  await other.context().setOffline(true);
  await expect(page.getByTestId('scanner-network')).toHaveText('Offline');
  await expect(other.getByTestId('scanner-network')).toHaveText('Offline');

  await scanAt(page, 'in', tickets[0]!, 'Aishah binti Kamal checked in. Inside now: 1. (Saved on this device.)');
  await scanAt(page, 'in', tickets[1]!, 'Lim Chee Keong checked in. Inside now: 2.');
  await scanAt(page, 'in', tickets[0]!, 'Already checked in.');
  await scanAt(page, 'out', tickets[1]!, 'Lim Chee Keong checked out. Inside now: 1.');
  await scanAt(page, 'in', 'not-a-ticket', 'This ticket is not known.');
  await expect(page.getByTestId('scanner-queue')).toHaveText('5 scans waiting to send');
  await shot(page, 'admin-32-scanner-offline');
  expect(await axeFindings(page, { include: '[data-testid="scanner"]' })).toEqual([]);

  // Device B scans Muthu in, and Aishah (whom device A let in) in again and out.
  await scanAt(other, 'in', tickets[2]!, 'Muthu a/l Rajan checked in. Inside now: 1.');
  await scanAt(other, 'in', tickets[0]!, 'Aishah binti Kamal checked in.');
  await scanAt(other, 'out', tickets[0]!, 'Aishah binti Kamal checked out.');
  await expect(other.getByTestId('scanner-queue')).toHaveText('3 scans waiting to send');
  // Device B is a phone: the scanner fits 375 px.
  await other.setViewportSize({ width: 375, height: 812 });
  await expect(other.getByTestId('scanner-network')).toBeInViewport();
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(other, 'admin-34-scanner-offline-phone');
  expect(await axeFindings(other)).toEqual([]);
  // Nothing has reached the server yet.
  expect((await aminah.call<{ scans: RecordedScan[] }>('GET', `/api/article/${articleId}/scans`)).json.scans).toEqual([]);

  await page.context().setOffline(false);
  await other.context().setOffline(false);
  await expect(page.getByTestId('scanner-queue')).toHaveText('No scans waiting to send', { timeout: 20_000 });
  await expect(other.getByTestId('scanner-queue')).toHaveText('No scans waiting to send', { timeout: 20_000 });
  await expect(page.getByTestId('scanner-network')).toHaveText('Online');
  await expect(page.getByTestId('scanner-last-sync')).toContainText('Last sent:');
  await shot(page, 'admin-33-scanner-synced');

  const recorded = (await aminah.call<{ scans: RecordedScan[] }>('GET', `/api/article/${articleId}/scans`)).json.scans;
  // Seven scans of tickets of the event, each once; the unknown code is a failed scan.
  expect(recorded).toHaveLength(7);
  expect(new Set(recorded.map((s) => s.scan_id)).size).toBe(7);
  expect(new Set(recorded.map((s) => s.device_id)).size).toBe(2);
  expect(recorded.filter((s) => s.name === 'Aishah binti Kamal').map((s) => s.direction)).toEqual(
    expect.arrayContaining(['checkIn', 'checkIn', 'checkIn', 'checkOut']),
  );
  const attendance = await aminah.call<{ inside: number; checked_in: number; checked_out: number; failed_scans_total: number }>(
    'GET',
    `/api/article/${articleId}/attendance`,
  );
  expect(attendance.json).toMatchObject({ inside: 1, checked_in: 3, checked_out: 2, failed_scans_total: 1 });
  await expect(page.getByTestId('inside-count')).toHaveText('1', { timeout: 10_000 });

  // A batch sent twice through the API is recorded once.
  const batch = [
    { scanId: randomUUID(), direction: 'checkOut', code: tickets[2]!, scannedAt: new Date().toISOString(), deviceId: 'api-test' },
  ];
  const first = await aminah.call<ScanBatchReply>('POST', `/api/article/${articleId}/scans`, { scans: batch });
  const again = await aminah.call<ScanBatchReply>('POST', `/api/article/${articleId}/scans`, { scans: batch });
  expect([first.status, first.json.results[0]!.duplicate, again.status, again.json.results[0]!.duplicate]).toEqual([200, false, 200, true]);
  expect(again.json.results[0]!.tx_id).toBe(first.json.results[0]!.tx_id);
  expect((await aminah.call<{ scans: RecordedScan[] }>('GET', `/api/article/${articleId}/scans`)).json.scans).toHaveLength(8);
  await other.context().close();
});
