// The events organizer: an event created and published, a participant registered (the public call), checked
// in and out at the door by manual entry with the live inside count, and a certificate issued and approved.
import { expect, signIn, test, ticketFor } from './fixtures.js';

test('an organizer checks a participant in and out and issues a certificate', async ({ page, baseURL, demo, shot }) => {
  test.setTimeout(120_000);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto('/organizer/events');
  const title = `Scaffolding safety talk ${Date.now()}`;
  const now = new Date();
  // Typed as the area shows dates: DD/MM/YYYY.
  const today = `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Location').fill('Menara Teguh Bina, Kuala Lumpur');
  await page.getByLabel('Date').fill(today);
  await page.getByRole('button', { name: 'Create' }).click();
  const row = page.locator(`[data-testid="event-row"][data-title="${title}"]`);
  await row.getByRole('button', { name: 'Publish' }).click();
  await expect(row).toContainText('Published');
  const articleId = (await row.getByRole('link').getAttribute('href'))!.split('/').at(-1)!;

  const email = `participant.${Date.now()}@example.my`;
  const registered = await fetch(`${baseURL}/api/article/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ article_id: articleId, name: 'Rashid bin Omar', email, contact: '60123456789' }),
  });
  expect(registered.status).toBe(200);
  const ticket = ticketFor(demo.dataDir, email);

  await row.getByRole('link').click();
  await expect(page.getByTestId('inside-count')).toHaveText('0');
  await page.getByTestId('ticket-code').fill(ticket);
  await page.getByTestId('scan-submit').click();
  await expect(page.getByTestId('scan-result')).toContainText('Rashid bin Omar checked in. Inside now: 1.');
  await expect(page.getByTestId('inside-count')).toHaveText('1');
  await shot(page, 'admin-30-checked-in');
  // The same ticket again at check-in is refused and said so.
  await page.getByTestId('ticket-code').fill(ticket);
  await page.getByTestId('scan-submit').click();
  await expect(page.getByTestId('scan-result')).toContainText('Already checked in.');

  await page.getByTestId('direction-out').click();
  await page.getByTestId('ticket-code').fill(ticket);
  await page.getByTestId('scan-submit').click();
  await expect(page.getByTestId('scan-result')).toContainText('Rashid bin Omar checked out. Inside now: 0.');
  await expect(page.getByTestId('inside-count')).toHaveText('0');

  const participant = page.locator('[data-testid="participant-row"][data-name="Rashid bin Omar"]');
  await participant.getByTestId('issue-certificate').click();
  await expect(participant.getByTestId('certificate-cell')).toContainText(/BNC-\w+ · awaiting approval/);
  await participant.getByTestId('approve-certificate').click();
  await page.getByTestId('confirm-dialog').getByTestId('action-confirm').click();
  await expect(participant.getByTestId('certificate-cell')).toContainText('approved');
  await shot(page, 'admin-31-certificate-issued');
});
