// A purchase order through its whole approval, in the browser against the real app: the buyer creates it
// and asks for approval; a level-1 and a level-2 approver (the amount needs both under Teguh Bina's
// purchase-order manual: verify level 1 up to RM 10,000, level 2 up to RM 100,000) approve from "My
// approvals"; the seller confirms; the timeline shows all of it and the replay shows each earlier state.
// A user without the level sees no Approve button and a direct POST is refused.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { apiSession, expect, signIn, test } from './fixtures.js';

/** `npm run verify-history -- <args>` as an auditor runs it: its output and exit code. */
function verifyHistory(...args: string[]): Promise<{ code: number; out: string }> {
  const cli = resolve(import.meta.dirname, '../../../apps/api/dist/cli/verify-history.js');
  return new Promise((done) =>
    execFile(process.execPath, [cli, ...args], (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? -1) : 0, out: stdout + stderr }),
    ),
  );
}

test.describe.configure({ mode: 'serial' });

test('a purchase order from draft to accepted through two approval levels and the seller, with history and replay', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(240_000);
  await apiSession(baseURL!, 'farid@teguhbina.my', 'teguh-bina');

  // The administrator gives Farid verify level 2 on purchase orders in the authority settings.
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto('/administration/authority');
  await expect(page.getByTestId('manual-purchaseOrder')).toContainText('RM 10,000.00');
  const assignments = page.getByTestId('company-assignments');
  // Farid is picked by name from the company's members (shown with his e-mail and role), not by id.
  await assignments.getByTestId('company-assignments-user').fill('Far');
  await expect(page.getByTestId('member-option')).toHaveCount(1);
  await expect(page.getByTestId('member-option')).toContainText('farid@teguhbina.my · Site Team');
  await shot(page, 'admin-09-member-picker');
  await page.getByTestId('member-option').click();
  await expect(assignments.getByTestId('company-assignments-user')).toHaveValue('Farid bin Hassan');
  await assignments.getByTestId('company-assignments-level').locator('..').click();
  await page.getByRole('option', { name: 'Verify level 2' }).click();
  await assignments.getByTestId('company-assignments-assign').click();
  await expect(page.getByTestId('authority-history')).toContainText('Level assigned');
  await expect(assignments).toContainText('Farid bin Hassan · Verify level 2');
  await shot(page, 'admin-10-authority-settings');

  // The buyer creates the order (RM 45,000.00 + SST 2,700.00) and asks for approval.
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto('/purchaseOrder/create');
  await page.locator('input[name="title"]').fill('Structural steel, Block C');
  // The seller is found by a part of its name in the directory of approved companies.
  await page.getByRole('combobox', { name: 'Counterparty' }).fill('mutiara');
  await expect(page.getByRole('option')).toHaveCount(1);
  await shot(page, 'admin-11a-counterparty-options');
  await page.getByRole('option', { name: 'Mutiara Supplies Sdn Bhd (2345678-B)' }).click();
  await expect(page.getByRole('combobox', { name: 'Counterparty' })).toHaveValue('Mutiara Supplies Sdn Bhd (2345678-B)');
  await page.locator('input[name="items.0.description"]').fill('Steel beams UB 305');
  await page.locator('input[name="items.0.unit"]').fill('tonne');
  await page.locator('input[name="items.0.quantity"]').fill('100');
  await page.locator('input[name="items.0.rate"]').fill('450.00');
  await expect(page.getByTestId('form-total')).toContainText('RM 47,700.00');
  await shot(page, 'admin-11-create-purchase-order');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('document-total')).toHaveText('RM 47,700.00', { timeout: 15_000 });
  const number = (await page.getByTestId('document-number').textContent())!.trim();
  const id = page.url().split('/').at(-2)!;
  await expect(page.getByTestId('document-company')).toHaveText('Teguh Bina Sdn Bhd');
  await expect(page.getByTestId('document-counterparty')).toHaveText('Mutiara Supplies Sdn Bhd');
  await page.getByTestId('action-Request_Approve').click();
  await expect(page.getByTestId('approval-route')).toContainText('Waiting for Verify level 1');
  await expect(page.getByTestId('action-Approve')).toHaveCount(0);
  await shot(page, 'admin-12-requested');

  // The administrator holds levels 10 and 22, not the level 1 that is next: no button, and a direct POST is refused.
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto(`/purchaseOrder/${id}/show`);
  await expect(page.getByTestId('document-number')).toHaveText(number);
  await expect(page.getByTestId('document-actions')).toBeVisible();
  await expect(page.getByTestId('action-Approve')).toHaveCount(0);
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  const refused = await aminah.call<{ errorCode: string }>(
    'POST',
    `/api/documents/purchaseOrder/${id}/actions/Approve`,
    {},
    { 'If-Match': '"2"' },
  );
  expect([refused.status, refused.json.errorCode]).toEqual([403, 'noAuthority']);

  // Level 1 (Lim) and level 2 (Farid) approve from My approvals.
  for (const [email, shotName] of [
    ['lim@teguhbina.my', 'admin-13-my-approvals-level-1'],
    ['farid@teguhbina.my', 'admin-14-my-approvals-level-2'],
  ] as const) {
    await signIn(page, email, 'teguh-bina');
    await page.goto('/my-approvals');
    const row = page.locator(`[data-testid="approval-row"][data-document="${number}"]`);
    await expect(row).toBeVisible();
    // The bell counts what waits from the same queue: the two say the same number.
    const total = await page.getByTestId('approvals-total').getAttribute('data-total');
    expect(Number(total)).toBeGreaterThan(0);
    await page.getByTestId('notification-bell').click();
    await expect(page.getByTestId('bell-waiting')).toHaveAttribute('data-total', total!);
    await page.keyboard.press('Escape');
    await shot(page, shotName);
    await row.click();
    await page.getByTestId('action-Approve').click();
    await page.getByTestId('action-confirm').click();
    await expect(page.getByText('Approve: done.')).toBeVisible();
  }
  await expect(page.getByTestId('status-chip').first()).toHaveText('Pending confirmation');

  // The seller confirms from its own queue.
  await signIn(page, 'mei@mutiarasupplies.my', 'mutiara-supplies');
  await page.goto('/my-approvals');
  await page.locator(`[data-testid="approval-row"][data-document="${number}"]`).click();
  await page.getByTestId('action-Confirm').click();
  await page.getByTestId('action-confirm').click();
  await expect(page.getByTestId('status-chip').first()).toHaveText('Accepted');
  // In the seller's list the other party is the buyer who sent it, by name.
  await page.goto('/purchaseOrder');
  await page.getByPlaceholder('Search number or title').fill(number);
  await expect(page.getByTestId('other-party')).toHaveCount(1);
  await expect(page.getByTestId('other-party')).toHaveText('From Teguh Bina Sdn Bhd');
  await shot(page, 'admin-14b-seller-list');

  // The timeline: who, company, action, statuses, levels; every row's chain verifies.
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto(`/purchaseOrder/${id}/show`);
  await page.getByTestId('tab-history').click();
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(6);
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).toEqual([
    'Draft',
    'Create',
    'Request_Approve',
    'Approve',
    'Approve',
    'Confirm',
  ]);
  // Steps that leave the order new say what they did, not "New → New".
  await expect(rows.nth(2)).toContainText('Approval requested: waiting for verify level 1');
  await expect(rows.nth(3)).toContainText('Lim');
  await expect(rows.nth(3)).toContainText('Verify level 1');
  await expect(rows.nth(3)).toContainText('Verified at level 1: waiting for level 2');
  await expect(rows.nth(4)).toContainText('Farid');
  await expect(rows.nth(4)).toContainText('Verify level 2');
  await expect(rows.nth(4)).toContainText('New → Pending confirmation');
  await expect(page.getByTestId('history')).not.toContainText('New → New');
  await expect(rows.nth(5)).toContainText('Mutiara Supplies');
  await expect(rows.nth(5)).toContainText('Pending confirmation → Accepted');
  await expect(page.getByTestId('chain-ok')).toHaveCount(6);
  await page.getByTestId('verify-chain').click();
  await expect(page.getByTestId('verify-result')).toContainText('6 events checked');
  // The auditor bundle: saved as a file, which the offline verifier checks with only the published keys. The log
  // signs a checkpoint every few seconds here; until one covers the last step the page says to try again.
  let bundleFile = '';
  await expect(async () => {
    const download = page.waitForEvent('download', { timeout: 3000 });
    download.catch(() => undefined); // a refusal (not yet in a checkpoint) saves nothing: tried again
    await page.getByTestId('download-audit-bundle').click();
    await expect(page.getByTestId('audit-bundle-result')).toContainText('Saved audit-bundle-', { timeout: 3000 });
    bundleFile = (await (await download).path())!;
  }).toPass({ timeout: 60_000 });
  const verified = await verifyHistory(bundleFile, '--keys', new URL('/.well-known/jwks.json', page.url()).href);
  expect(verified.out).toMatch(/VERIFIED: 6 events/);
  expect(verified.code).toBe(0);
  await shot(page, 'admin-15-history');

  // The replay: each earlier revision, with the diagram's highlighted state.
  await page.getByTestId('tab-replay').click();
  const highlighted = page.locator('[data-testid^="diagram-state-"][data-highlighted="true"]');
  await expect(highlighted).toHaveAttribute('data-testid', 'diagram-state-accepted');
  await shot(page, 'admin-16-replay-accepted');
  for (const [revision, status] of [
    [4, 'pendingConfirmation'],
    [3, 'new'],
    [2, 'new'],
    [1, 'new'],
  ] as const) {
    await page.getByTestId('replay-back').click();
    await expect(page.getByTestId('replay-position')).toContainText(`Revision ${revision} of 5`);
    await expect(highlighted).toHaveAttribute('data-testid', `diagram-state-${status}`);
    if (revision === 4) await shot(page, 'admin-17-replay-pending-confirmation');
  }
  await expect(page.getByTestId('replay').getByTestId('approval-route')).not.toContainText('✓');
  // The slider's start is the timeline's first entry, the Draft: the order as drafted.
  await page.getByRole('slider', { name: 'Revision' }).focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('replay-position')).toContainText('Revision 0 of 5 · Drafted');
  await expect(highlighted).toHaveAttribute('data-testid', 'diagram-state-new');
  await expect(page.getByTestId('replay').getByTestId('document-title')).toHaveText('Structural steel, Block C');
  await expect(page.getByTestId('replay').getByTestId('document-total')).toHaveText('RM 47,700.00');
  await expect(page.getByTestId('replay').getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('replay-back')).toBeDisabled();
});
