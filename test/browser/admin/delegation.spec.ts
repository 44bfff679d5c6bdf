// Delegated approval authority in the browser against the real app: Lim (verify level 1 on purchase orders)
// lends his purchase-order approvals to Farid for a week with a cap on the delegations page; an order Kumar
// asks approval for shows in Farid's "My approvals", Farid approves it and the order's history names him;
// Lim revokes the grant with a reason and the list shows it revoked. And the manual editor: the administrator
// sets a level to need all its holders, sees the api's refusal on the field it names, and sets it back. And the
// administrator's "on behalf of", with the api's refusals of a grant on the fields they name.
import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { noAxeFindings } from './axe.js';
import { apiSession, askedForApproval, expect, signIn, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const HOUR = 3_600_000;

/** "DD/MM/YYYY h:mm AM" in Malaysian time (UTC+8 all year), as the page's period fields take it. */
function malaysianText(at: Date): string {
  const d = new Date(at.getTime() + 8 * HOUR);
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = d.getUTCHours();
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${hours % 12 || 12}:${two(d.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

async function useLanguage(page: Page, language: 'en' | 'ms' | 'zh'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('binaan.language', value), language);
  await page.reload();
}

/** The dialog alone: the authority page behind it is many screens long, and a whole-page shot shrinks it to nothing. */
async function dialogShot(dialog: Locator, name: string): Promise<void> {
  await dialog.page().waitForTimeout(300);
  await dialog.locator('.MuiDialog-paper').screenshot({ path: resolve(import.meta.dirname, '../screenshots', `${name}.png`) });
}

type Assignments = { workflowAssignments: { code: string; assignments: { user_id: string; workflow_level: number }[] }[] };

test('a member lends his purchase-order approvals for a week with a cap; the delegate approves an order; the grant is revoked', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(300_000);
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  const farid = await apiSession(baseURL!, 'farid@teguhbina.my', 'teguh-bina');

  // Farid must not approve level 1 on his own: the delegation is what lets him. Taken off here if he holds it.
  const held = await aminah.call<Assignments>('GET', '/api/company-workflow/view/workflow-and-assignments-list');
  const faridLevel1 = held.json.workflowAssignments
    .find((group) => group.code === 'purchaseOrder')!
    .assignments.some((a) => a.user_id === farid.userId && a.workflow_level === 20);
  const level1 = { code: 'purchaseOrder', user_id: farid.userId, workflow_level: 20 };
  if (faridLevel1) expect((await aminah.call('POST', '/api/company-workflow/assignments/unassign', level1)).status).toBeLessThan(300);

  try {
    // Lim finds the page in the menu and lends his purchase-order approvals to Farid for a week, up to RM 5,000.
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
    await page.getByRole('menuitem', { name: 'Delegations' }).click();
    await expect(page).toHaveURL(/\/delegations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Delegations of approval authority' })).toBeVisible();
    await expect(page).toHaveTitle('Delegations of approval authority · Binaan');
    await page.getByTestId('delegate-open').click();
    const dialog = page.getByRole('dialog', { name: 'Delegate my approvals' });
    await expect(dialog).toBeVisible();
    // Sent empty, the form names what is missing on each field and sends nothing.
    await dialog.getByTestId('delegation-submit').click();
    await expect(dialog).toContainText('Pick the member to delegate to');
    await expect(dialog).toContainText('Say until when');
    await expect(dialog).toContainText('Give the reason');
    await dialog.getByTestId('delegation-to-user').fill('Far');
    await expect(page.getByTestId('member-option')).toHaveCount(1);
    await page.getByTestId('member-option').click();
    await expect(dialog.getByTestId('delegation-to-user')).toHaveValue('Farid bin Hassan');
    await dialog.getByTestId('delegation-chosen-kinds').click();
    await dialog.getByTestId('delegation-kinds').locator('..').click();
    await page.getByTestId('delegation-kind-purchaseOrder').click();
    await page.keyboard.press('Escape');
    await expect(dialog.getByTestId('delegation-kinds').locator('..')).toContainText('Purchase order');
    await dialog.getByTestId('delegation-cap').fill('5000');
    // From: now (the form's start), until a week on, in Malaysian time.
    await expect(dialog.getByTestId('delegation-starts')).toHaveValue(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/);
    await dialog.getByTestId('delegation-ends').fill(malaysianText(new Date(Date.now() + 7 * 24 * HOUR)));
    await dialog.getByTestId('delegation-reason').fill('On leave for a week');
    await noAxeFindings(page, 'the delegation form');
    await shot(page, 'delegation-01-form');
    await dialog.getByTestId('delegation-submit').click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('delegation-row').first();
    await expect(row).toHaveAttribute('data-state', 'inForce');
    await expect(row).toContainText('Lim Wei Ling → Farid bin Hassan');
    await expect(row).toContainText('Purchase order');
    await expect(row).toContainText('RM 5,000.00');
    await expect(row).toContainText('In force');
    await expect(row).toContainText('On leave for a week');
    await noAxeFindings(page, 'the delegations list');
    await shot(page, 'delegation-02-in-force');

    // Kumar asks approval for a small order (RM 227.90 with SST): verify level 1 (Lim's) is all it needs.
    const order = await askedForApproval(baseURL!, {
      title: 'Cement for the site office',
      counterpartyCompanyId: 'mutiara-supplies',
      items: [{ description: 'Cement 50 kg', unit: 'bag', quantity: '10', rate: '21.50' }],
    });

    // Farid finds it under My approvals and approves it with Lim's authority.
    await signIn(page, 'farid@teguhbina.my', 'teguh-bina');
    await page.goto('/my-approvals');
    const waiting = page.locator(`[data-testid="approval-row"][data-document="${order.documentNo}"]`);
    await expect(waiting).toBeVisible();
    await shot(page, 'delegation-03-delegate-approvals');
    await waiting.getByTestId('approval-link').click();
    await page.getByTestId('action-Approve').click();
    await page.getByTestId('action-confirm').click();
    await expect(page.getByText('Approve: done.')).toBeVisible();
    await page.getByTestId('tab-history').click();
    const approved = page.locator('[data-testid="history-row"][data-action="Approve"]');
    await expect(approved).toHaveCount(1);
    await expect(approved).toContainText('Farid');
    await shot(page, 'delegation-04-history');
    // Farid also sees the grant he received, and may decline it (Revoke) himself.
    await page.goto('/delegations');
    await expect(page.getByTestId('delegation-row').first()).toContainText('Lim Wei Ling → Farid bin Hassan');
    await expect(page.getByTestId('delegation-revoke')).toHaveCount(1);

    // Lim revokes the grant with a reason; the list keeps it, revoked, with the reason.
    await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
    await page.goto('/delegations');
    // By keyboard: Revoke opens the dialog with the reason field focused; Tab reaches its Revoke button.
    await page.getByTestId('delegation-row').first().getByTestId('delegation-revoke').focus();
    await page.keyboard.press('Enter');
    const revoke = page.getByRole('dialog', { name: 'Revoke this delegation?' });
    await expect(revoke).toContainText('Farid bin Hassan stops approving for Lim Wei Ling at once');
    await expect(revoke.getByTestId('revoke-confirm')).toBeDisabled();
    await expect(revoke.getByTestId('revoke-reason')).toBeFocused();
    await page.keyboard.type('Back from leave early');
    await noAxeFindings(page, 'the revoke dialog');
    await shot(page, 'delegation-05-revoke');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(revoke.getByTestId('revoke-confirm')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(revoke).toBeHidden();
    const revoked = page.getByTestId('delegation-row').first();
    await expect(revoked).toHaveAttribute('data-state', 'revoked');
    await expect(revoked).toContainText('Revoked');
    await expect(revoked.getByTestId('delegation-revoke-reason')).toContainText('Back from leave early');
    await expect(revoked.getByTestId('delegation-revoke')).toHaveCount(0);
    await shot(page, 'delegation-06-revoked');

    // On a phone, in Malay: a block per grant, nothing past the screen's edge, and the form full screen.
    await page.setViewportSize(PHONE);
    await useLanguage(page, 'ms');
    await expect(page.getByRole('heading', { level: 1, name: 'Delegasi kuasa kelulusan' })).toBeVisible();
    await expect(page.getByTestId('delegation-row').first()).toContainText('Dibatalkan');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await noAxeFindings(page, 'the delegations list on a phone, in Malay');
    await shot(page, 'delegation-07-phone-ms');
    await page.getByTestId('delegate-open').click();
    await expect(page.getByRole('dialog', { name: 'Delegasikan kelulusan saya' })).toBeVisible();
    await noAxeFindings(page, 'the delegation form on a phone, in Malay');
    await shot(page, 'delegation-08-phone-ms-form');
    await page.keyboard.press('Escape');
    await useLanguage(page, 'en');
  } finally {
    if (faridLevel1) await aminah.call('POST', '/api/company-workflow/assignments', level1);
  }
});

test('the administrator sets a level to need all its holders, sees a refused field on its field, and sets it back', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(180_000);
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  type Manual = { manual: { levels: { level: number; quorum?: unknown }[]; roles: string[]; roleType: string } };
  const before = (await aminah.call<Manual>('GET', '/api/authority-manuals/purchaseOrder')).json.manual;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto('/administration/authority');
  const manual = page.getByTestId('manual-purchaseOrder');
  await expect(manual).toContainText('RM 10,000.00');
  await expect(page.getByTestId('authority-delegations-link')).toHaveAttribute('href', '/delegations');
  await expect(manual).not.toContainText('all holders');
  const edit = async () => {
    await manual.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByTestId('manual-dialog');
    await expect(dialog).toBeVisible();
    return dialog;
  };
  const choose = async (testId: string, option: string) => {
    await page.getByTestId(testId).locator('..').click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  // Escalating without a response time: the api refuses, and the editor says so under that level's field.
  let dialog = await edit();
  await choose('level-0-escalate-to', "The next level's holders");
  await dialog.getByTestId('manual-save').click();
  await expect(dialog.getByTestId('manual-level-0')).toContainText('Needed when the level escalates');
  await expect(dialog.getByTestId('level-0-response-hours')).toHaveAttribute('aria-invalid', 'true');
  await dialogShot(dialog, 'delegation-09-manual-refused-field');
  await choose('level-0-escalate-to', 'Nobody');

  // Verify level 1 needs all its holders.
  await choose('level-0-quorum', 'All holders');
  await noAxeFindings(page, 'the manual editor');
  await dialogShot(dialog, 'delegation-10-manual-all-holders');
  await dialog.getByTestId('manual-save').click();
  await expect(dialog).toBeHidden();
  await expect(manual).toContainText('Verify level 1 ≤ RM 10,000.00 (all holders)');
  await expect(page.getByTestId('authority-history')).toContainText('Manual changed');
  // Saved as the api keeps it: the quorum on level 1 only, the manual's roles as they were.
  const saved = (await aminah.call<Manual>('GET', '/api/authority-manuals/purchaseOrder')).json.manual;
  expect(saved.levels.map((l) => l.quorum ?? null)).toEqual(before.levels.map((l) => (l.level === 20 ? 'all' : (l.quorum ?? null))));
  expect([saved.roleType, saved.roles]).toEqual([before.roleType, before.roles]);
  await shot(page, 'delegation-10b-manual-saved');

  // On a phone in Chinese the editor is full screen and each level a group of its own.
  await page.setViewportSize(PHONE);
  await useLanguage(page, 'zh');
  dialog = await (async () => {
    await page.getByTestId('manual-purchaseOrder').getByRole('button', { name: '编辑' }).click();
    const opened = page.getByTestId('manual-dialog');
    await expect(opened).toBeVisible();
    return opened;
  })();
  await expect(dialog.getByRole('group', { name: '一级审核' })).toBeVisible();
  await noAxeFindings(page, 'the manual editor on a phone, in Chinese');
  await dialogShot(dialog, 'delegation-11-manual-phone-zh');
  await page.keyboard.press('Escape');
  await useLanguage(page, 'en');
  await page.setViewportSize(DESKTOP);

  // Back to any one holder: the table no longer says so.
  dialog = await edit();
  await choose('level-0-quorum', 'Any one holder');
  await dialog.getByTestId('manual-save').click();
  await expect(dialog).toBeHidden();
  await expect(manual).not.toContainText('all holders');
  const after = (await aminah.call<Manual>('GET', '/api/authority-manuals/purchaseOrder')).json.manual;
  expect(after.levels.map((l) => l.quorum ?? null)).toEqual(before.levels.map((l) => l.quorum ?? null));
});

test("the administrator lends a member's approvals on his behalf; refusals show on the fields they name", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto('/administration/authority');
  await page.getByTestId('authority-delegations-link').click();
  await expect(page).toHaveURL(/\/delegations$/);
  await expect(page.getByTestId('delegation-row').or(page.getByTestId('delegations-empty')).first()).toBeVisible();
  const shown = await page.getByTestId('delegation-row').count();
  await page.getByTestId('delegate-open').click();
  const dialog = page.getByRole('dialog', { name: 'Delegate my approvals' });
  const pick = async (field: string, typed: string) => {
    await dialog.getByTestId(`${field}-user`).fill(typed);
    await page.getByTestId('member-option').first().click();
  };
  // On behalf of Lim, until a time already past: the api's refusal shows under "Until".
  await pick('delegation-from', 'Lim');
  await expect(dialog.getByTestId('delegation-from-user')).toHaveValue('Lim Wei Ling');
  await pick('delegation-to', 'Farid');
  await dialog.getByTestId('delegation-ends').fill(malaysianText(new Date(Date.now() - 2 * HOUR)));
  await dialog.getByTestId('delegation-reason').fill('Lim is away');
  await dialog.getByTestId('delegation-submit').click();
  await expect(dialog).toContainText('After the start and in the future, at most 366 days on');
  await expect(dialog.getByTestId('delegation-ends')).toHaveAttribute('aria-invalid', 'true');
  // Farid to Farid: the refusal's own words, on the delegate.
  await dialog.getByTestId('delegation-ends').fill(malaysianText(new Date(Date.now() + 48 * HOUR)));
  await pick('delegation-from', 'Farid');
  await dialog.getByTestId('delegation-submit').click();
  await expect(dialog.getByTestId('delegation-to-problem')).toHaveText('Authority is delegated to someone else, not to oneself.');
  await noAxeFindings(page, 'the delegation form with refusals');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('delegation-row')).toHaveCount(shown);
});
