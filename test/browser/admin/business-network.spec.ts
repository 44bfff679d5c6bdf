// The business network in two browsers: Aminah (Teguh Bina) finds Mutiara Supplies among the companies and
// invites it; Mei (Mutiara) opens the request from her notification's target, accepts it, and Teguh Bina is
// her client while Mutiara is Teguh Bina's partner. They write to each other: each message shows on the other
// side without a reload (the user channel's push), and the unread count shows until the conversation is open.
// Aminah then reads Mutiara's shared profile and evaluates it with a checklist of her company's (the walk's own),
// and the evaluation is listed under it. Mei's page is a phone's (375 px), used by keyboard; the words in
// Malay come from the locale file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { noAxeFindings } from './axe.js';
import { apiSession, expect, newSession, signIn, test } from './fixtures.js';

const LOCALES = resolve(import.meta.dirname, '../../../ui/src/shared/i18n/locales');
const network = (language: string) =>
  (JSON.parse(readFileSync(resolve(LOCALES, language, 'network.json'), 'utf8')) as { network: { tabs: Record<string, string> } }).network;

test('two companies become partners and exchange messages live', async ({ page, browser, baseURL, shot }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);

  // Aminah invites Mutiara Supplies from the companies tab.
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto('/business-network/companies');
  await page.getByTestId('network-search').fill('Mutiara');
  const mutiara = page.getByTestId('network-company').filter({ hasText: 'Mutiara Supplies Sdn Bhd' });
  await mutiara.getByTestId('network-Invite').click();
  await expect(page.getByTestId('network-done')).toContainText('Mutiara Supplies Sdn Bhd');
  await page.getByTestId('network-tab-requests-sent').click();
  await expect(page.getByTestId('network-relation').filter({ hasText: 'Mutiara Supplies Sdn Bhd' })).toBeVisible();

  // Mei, on a phone, opens the §2.6 target of her notification (requests received) and accepts by keyboard.
  const mei = await newSession(browser, baseURL!, 'mei@mutiarasupplies.my', 'mutiara-supplies');
  await mei.setViewportSize({ width: 375, height: 740 });
  await mei.goto('/business-network/request-received-partner');
  const request = mei.getByTestId('network-relation').filter({ hasText: 'Teguh Bina Sdn Bhd' });
  await expect(request).toBeVisible();
  await request.getByTestId('network-Accept').focus();
  await mei.keyboard.press('Enter');
  await expect(mei.getByTestId('network-done')).toContainText('Teguh Bina Sdn Bhd');
  await mei.goto('/business-network/seller/approved-client2');
  await expect(mei.getByTestId('network-relation').filter({ hasText: 'Teguh Bina Sdn Bhd' })).toBeVisible();
  expect(await mei.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(mei, 'business-network-01-clients-375');

  // Aminah's partners show Mutiara; she opens the conversation from the row.
  await page.getByTestId('network-tab-partners').click();
  const partner = page.getByTestId('network-relation').filter({ hasText: 'Mutiara Supplies Sdn Bhd' });
  await partner.getByTestId('network-message').click();
  await expect(page).toHaveURL(/\/business-network\/conversations\?viewid=/);
  const conversationId = new URL(page.url()).searchParams.get('viewid')!;
  await expect(page.getByTestId('network-thread')).toBeVisible();

  // Mei opens the conversations list before any message: nothing unread yet.
  await mei.goto('/business-network/conversations');
  const row = mei.getByTestId('network-conversation').and(mei.locator(`[data-id="${conversationId}"]`));
  await expect(row).toBeVisible();
  await expect(row.getByTestId('network-unread')).toHaveCount(0);

  // Aminah writes; Mei's list shows one unread without a reload; opening it shows the message and reads it.
  const hello = `Can you quote 200 bags of cement? ${stamp}`;
  await page.getByTestId('network-write').fill(hello);
  await page.getByTestId('network-send').click();
  await expect(page.getByTestId('network-message-item').filter({ hasText: hello })).toBeVisible();
  await expect(row.getByTestId('network-unread')).toBeVisible({ timeout: 5_000 });
  await row.click();
  await expect(mei.getByTestId('network-message-item').filter({ hasText: hello })).toBeVisible();
  await expect(row.getByTestId('network-unread')).toHaveCount(0);

  // Mei answers; it shows on Aminah's open conversation without a reload, and again the other way.
  const answer = `Yes, RM 21.50 a bag, delivered Tuesday. ${stamp}`;
  await mei.getByTestId('network-write').fill(answer);
  await mei.keyboard.press('Enter');
  await expect(page.getByTestId('network-message-item').filter({ hasText: answer })).toBeVisible({ timeout: 5_000 });
  const thanks = `Thank you, please send the quotation. ${stamp}`;
  await page.getByTestId('network-write').fill(thanks);
  await page.getByTestId('network-send').click();
  await expect(mei.getByTestId('network-message-item').filter({ hasText: thanks })).toBeVisible({ timeout: 5_000 });
  await shot(page, 'business-network-02-conversation');
  await shot(mei, 'business-network-03-conversation-375');

  // Aminah reads Mutiara's shared profile from the partners tab, then evaluates it with her company's checklist.
  const checklist = `Supplier checklist ${stamp}`;
  const teguh = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  const made = await teguh.call('POST', '/api/company-setups/questionnaires', {
    name: checklist,
    description: 'After each delivery',
    type: 'vendorAppraisal',
    minScore: 1,
    maxScore: 5,
    questions: [
      { text: 'Delivers on the day agreed', weight: 60 },
      { text: 'Goods as ordered', weight: 40 },
    ],
  });
  expect(made.status).toBe(201);
  await page.getByTestId('network-tab-partners').click();
  await partner.getByTestId('network-profile').click();
  await expect(page.getByTestId('shared-profile-dialog')).toContainText('Mutiara Supplies Sdn Bhd');
  await page.getByTestId('shared-profile-close').click();
  await partner.getByTestId('network-evaluate').click();
  const evaluation = page.getByTestId('partner-evaluation');
  await expect(evaluation).toContainText('Not evaluated yet.');
  await evaluation.getByRole('combobox', { name: 'Checklist' }).click();
  await page.getByRole('option', { name: checklist, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  // 5 of 1..5 on weight 60 and 3 of 1..5 on weight 40: 60 + 40 x 0.5 = 80 of 100.
  await evaluation.getByRole('textbox', { name: 'Delivers on the day agreed' }).fill('5');
  await evaluation.getByRole('textbox', { name: 'Goods as ordered' }).fill('3');
  await expect(evaluation.getByTestId('partner-evaluation-preview')).toHaveText('Score: 80.00 of 100');
  await evaluation.getByTestId('partner-evaluation-save').click();
  await expect(evaluation.getByTestId('partner-evaluation-saved')).toContainText('80.00');
  await expect(evaluation.getByTestId('partner-evaluation-row')).toHaveCount(1);
  await expect(evaluation.getByTestId('partner-evaluation-row')).toContainText(checklist);
  await noAxeFindings(page, 'partner evaluation');
  await shot(page, 'business-network-04-evaluation');
  await evaluation.getByTestId('partner-evaluation-close').click();

  // The tabs speak Malay when Mei switches language.
  await mei.evaluate(() => localStorage.setItem('binaan.language', 'ms'));
  await mei.reload();
  await expect(mei.getByTestId('network-tab-conversations')).toHaveText(network('ms').tabs.conversations!);
  await mei.context().close();
});
