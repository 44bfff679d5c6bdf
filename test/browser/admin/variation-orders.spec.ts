// Variation orders in Chromium: Teguh Bina's purchase order to Mutiara Supplies is awarded (set up through the
// api). Kumar drafts an addition of RM 5,000.00 on it, chosen by the order's number, and asks for approval;
// the company's variation-order manual sends RM 5,000.00 to verify levels 1 and 2 (by amount), and Lim approves
// at level 1 and Aminah at level 2, which issues it. The order's contract sum is then the original plus the variation, and the next
// progressive claim on the order (10%), made in the form at 375 px, is given 10% of the adjusted sum. Mutiara's instruction page (a §2.6 target) and an
// instruction's comparison tab. At 1280 and 375 px, axe WCAG 2.2 AA clean, in en, ms and zh.
import { apiSession, expect, signIn, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

type Doc = { id: string; revision: number; status: string; documentNo: string };

test('a variation order approved by amount changes the contract sum the next claim uses, at 1280 and 375 px', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(180_000);
  const unique = Date.now().toString(36);
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const lim = await apiSession(baseURL!, 'lim@teguhbina.my', 'teguh-bina');
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  const mei = await apiSession(baseURL!, 'mei@mutiarasupplies.my', 'mutiara-supplies');
  const act = async (who: typeof kumar, resource: string, doc: { id: string; revision: number }, event: string) => {
    const reply = await who.call<Doc>(
      'POST',
      `/api/documents/${resource}/${doc.id}/actions/${event}`,
      {},
      { 'If-Match': String(doc.revision) },
    );
    expect(reply.status, `${event} on ${resource}`).toBe(200);
    return reply.json;
  };
  // The awarded contract: subtotal RM 9,000.00.
  const order = (
    await kumar.call<Doc>('POST', '/api/documents/purchaseOrder', {
      title: `Structural steel ${unique}`,
      counterpartyCompanyId: 'mutiara-supplies',
      sstApplicable: false,
      items: [{ description: 'Steel beams', unit: 'lot', quantity: '1', rate: '9000.00' }],
    })
  ).json;
  // Lim approves (verify level 1 is enough for RM 9,000.00 in the demo's purchase order manual): sent to Mutiara.
  const sent = await act(lim, 'purchaseOrder', await act(kumar, 'purchaseOrder', order, 'Request_Approve'), 'Approve');
  const confirmed = await act(mei, 'purchaseOrder', sent, 'Confirm');
  expect(confirmed.status).toBe('accepted');
  // Approval by amount: up to RM 1,000 verify level 1 (Lim), above it verify level 2 (Aminah) after it.
  const manual = await aminah.call('PUT', '/api/authority-manuals/variationOrder', {
    label: 'Variation order approval',
    levels: [
      { level: 20, limit: '1000.00' },
      { level: 21, limit: null },
    ],
  });
  expect(manual.status).toBe(200);
  // Aminah holds verify level 2 for variation orders for this walk (Lim approves at level 1: one level per person).
  const aminahLevel = { code: 'variationOrder', user_id: aminah.userId, workflow_level: 21 };
  expect((await aminah.call('POST', '/api/company-workflow/assignments', aminahLevel)).status).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto('/variationOrder/create');
  await page.locator('input[name="title"]').fill(`Extra bracing ${unique}`);
  await page.getByRole('combobox', { name: 'Contract' }).click();
  await page.getByRole('option', { name: `${order.documentNo} Structural steel ${unique}` }).click();
  await page.getByRole('combobox', { name: 'Variation type' }).click();
  await page.getByRole('option', { name: 'Addition' }).click();
  await page.locator('input[name="items.0.description"]').fill('Cross bracing, grid C');
  await page.locator('input[name="items.0.unit"]').fill('lot');
  await page.locator('input[name="items.0.quantity"]').fill('1');
  await page.locator('input[name="items.0.rate"]').fill('5000.00');
  await noAxeFindings(page, 'variation order form 1280');
  await shot(page, 'variation-orders-01-create-1280');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('status-chip').first()).toHaveText('New', { timeout: 15_000 });
  const voId = page.url().split('/').at(-2)!;
  await expect(page.getByTestId('contract-adjusted')).toHaveText('RM 9,000.00');
  await page.getByTestId('action-Request_Approve').click();
  await expect(page.getByTestId('status-chip').first()).toHaveText('Pending approval, awaiting verify level 1');

  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await page.goto(`/variationOrder/${voId}/show`);
  await page.getByTestId('action-Approve').click();
  await page.getByTestId('action-confirm').click();
  // RM 5,000.00 is above level 1's limit: the round waits for level 2 before it is issued.
  await expect(page.getByTestId('status-chip').first()).toHaveText('Pending approval, awaiting verify level 2');
  await expect(page.getByTestId('contract-adjusted')).toHaveText('RM 9,000.00');
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto(`/variationOrder/${voId}/show`);
  await page.getByTestId('action-Approve').click();
  await page.getByTestId('action-confirm').click();
  await expect(page.getByTestId('status-chip').first()).toHaveText('Issued');
  await expect(page.getByTestId('contract-variations')).toHaveText('RM 5,000.00');
  await expect(page.getByTestId('contract-adjusted')).toHaveText('RM 14,000.00');
  await noAxeFindings(page, 'variation order issued 1280');
  await shot(page, 'variation-orders-02-issued-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('contract-adjusted')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await noAxeFindings(page, 'variation order issued 375');
  await shot(page, 'variation-orders-03-issued-375');
  expect((await aminah.call('POST', '/api/company-workflow/assignments/unassign', aminahLevel)).status).toBe(200);
  await page.getByTestId('tab-history').click();
  await expect(page.getByText('Lim Wei Ling').first()).toBeVisible();

  // The next claim on the order (Mutiara's, 10%) reads the adjusted sum: RM 1,400.00.
  const level = { code: 'progressiveClaim', user_id: mei.userId, workflow_level: 10 };
  expect((await mei.call('POST', '/api/company-workflow/assignments', level)).status).toBe(200);
  try {
    // Mei makes the claim in the form on a phone: she picks the order, types 10%, and the form shows 10% of the
    // adjusted sum, which she claims as the claim's line.
    await signIn(page, 'mei@mutiarasupplies.my', 'mutiara-supplies');
    await page.goto('/progressiveClaim/create');
    await page.locator('input[name="title"]').fill(`Claim 1 ${unique}`);
    await page.getByRole('combobox', { name: 'Contract claimed on' }).click();
    await page.getByRole('option', { name: `${order.documentNo} Structural steel ${unique}` }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.locator('input[name="claimPercentage"]').fill('10');
    await expect(page.getByTestId('claim-value-preview')).toContainText('RM 14,000.00');
    await expect(page.getByTestId('claim-value')).toHaveText('10% of it: RM 1,400.00');
    await page.getByTestId('claim-use-value').click();
    await expect(page.locator('input[name="items.0.rate"]')).toHaveValue('1400.00');
    await noAxeFindings(page, 'claim form on the varied order 375');
    await shot(page, 'variation-orders-04-claim-form-375');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('status-chip').first()).toHaveText('New', { timeout: 15_000 });
    await expect(page.getByTestId('contract-adjusted')).toHaveText('RM 14,000.00', { timeout: 15_000 });
    await expect(page.getByTestId('contract-claim-value')).toHaveText('RM 1,400.00');
    await noAxeFindings(page, 'claim on the varied order 375');
    await shot(page, 'variation-orders-04-claim-375');
    // The contractor acknowledges the variation; its own words in Malay and Chinese.
    await page.goto(`/variationOrder/${voId}/show`);
    await expect(page.getByTestId('action-Confirm')).toHaveText('Acknowledge');
    for (const [language, word] of [
      ['ms', 'Akui'],
      ['zh', '确认收悉'],
    ] as const) {
      await page.evaluate((chosen) => localStorage.setItem('binaan.language', chosen), language);
      await page.reload();
      await expect(page.getByTestId('action-Confirm')).toHaveText(word, { timeout: 15_000 });
      await noAxeFindings(page, `variation order received ${language}`);
      await shot(page, `variation-orders-05-received-${language}`);
    }
    await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
  } finally {
    expect((await mei.call('POST', '/api/company-workflow/assignments/unassign', level)).status).toBe(200);
  }

  // An instruction to Mutiara on the order, accepted and submitted, and a variation order linked to it: the
  // comparison tab lists it; the sub-contractor's §2.6 page lists the instruction it submitted.
  const instruction = (
    await kumar.call<Doc>('POST', '/api/documents/instruction', {
      title: `Site instruction ${unique}`,
      sourceDocumentId: order.id,
      items: [{ description: 'Add bracing at grid C', unit: 'lot', quantity: '1', rate: '0', includeZeroRate: true }],
    })
  ).json;
  await act(mei, 'instruction', await act(mei, 'instruction', await act(lim, 'instruction', instruction, 'Issue'), 'Accept'), 'Submit');
  const linked = await kumar.call<Doc>('POST', '/api/documents/variationOrder', {
    title: `Bracing from instruction ${unique}`,
    sourceDocumentId: order.id,
    variationType: 'addition',
    instructionId: instruction.id,
    items: [{ description: 'Bracing', unit: 'lot', quantity: '1', rate: '800.00' }],
  });
  expect(linked.status).toBe(201);
  await page.goto(`/receivedInstruction/all/submitted`);
  await expect(page).toHaveURL(/\/instruction\?filter=/);
  await expect(page.getByText(`Site instruction ${unique}`)).toBeVisible({ timeout: 15_000 });
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto(`/instruction/${instruction.id}/show?tab=comparison`);
  await expect(page.getByTestId('instruction-comparison')).toContainText(linked.json.documentNo, { timeout: 15_000 });
  await noAxeFindings(page, 'instruction comparison 375');
  await shot(page, 'variation-orders-06-comparison-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await noAxeFindings(page, 'instruction comparison 1280');
  await shot(page, 'variation-orders-07-comparison-1280');
});
