// A level that needs all its holders, seen on the document page: Teguh Bina's rental-order manual asks every
// holder of verify level 1 to approve (rental orders are used by no other browser spec, so changing their
// manual disturbs none). Lim approves from My approvals; the route says the level needs both holders, that
// Lim approved and that Farid is still awaited; after Farid the order goes to the seller. The route is read on
// a phone in Malay and Chinese with axe.
import { apiSession, askedForApproval, expect, signIn, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

test('a level that needs all its holders: the route shows who approved and who is awaited, on a desktop and a phone', async ({
  page,
  baseURL,
  shot,
}) => {
  test.setTimeout(240_000);
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const farid = await apiSession(baseURL!, 'farid@teguhbina.my', 'teguh-bina');
  // Kumar makes rental orders; Lim and Farid hold verify level 1 on them (a level already held answers 409).
  for (const [userId, level] of [
    [kumar.userId, 10],
    [(await apiSession(baseURL!, 'lim@teguhbina.my', 'teguh-bina')).userId, 20],
    [farid.userId, 20],
  ] as const) {
    const given = await aminah.call('POST', '/api/company-workflow/assignments', {
      code: 'rentalOrder',
      user_id: userId,
      workflow_level: level,
    });
    expect([200, 409]).toContain(given.status);
  }
  const manual = await aminah.call('PUT', '/api/authority-manuals/rentalOrder', {
    label: 'Rental orders',
    levels: [{ level: 20, limit: null, quorum: 'all' }],
  });
  expect(manual.status).toBe(200);
  const { id, documentNo } = await askedForApproval(
    baseURL!,
    {
      title: 'Scaffolding hire, Block B',
      counterpartyCompanyId: 'mutiara-supplies',
      startDate: '2026-12-10',
      endDate: '2026-12-31',
      items: [{ description: 'Frame scaffolding', unit: 'month', quantity: '1', rate: '4200.00' }],
    },
    'rentalOrder',
  );

  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await page.goto('/my-approvals');
  await page.locator(`[data-testid="approval-row"][data-document="${documentNo}"]`).click();
  const route = page.getByTestId('approval-route');
  await expect(route.getByTestId('route-level-20')).toContainText('all 2 holders must approve');
  // Why it is routed so: the level's holders by name.
  await expect(route.getByTestId('route-holders-20')).toContainText('Farid bin Hassan');
  await expect(route.getByTestId('route-holders-20')).toContainText('Lim Wei Ling');
  await page.getByTestId('action-Approve').click();
  await page.getByTestId('action-confirm').click();
  await expect(page.getByText('Approve: done.')).toBeVisible();
  // Still `new`: the level has one of its two approvals.
  await expect(page.getByTestId('status-chip').first()).toHaveText('New, awaiting verify level 1');
  await expect(route.getByTestId('route-level-20')).toContainText('Lim Wei Ling');
  await expect(route.getByTestId('route-awaited-20')).toHaveText('Still awaited: Farid bin Hassan');
  await expect(route.getByTestId('route-waiting')).toContainText('Farid bin Hassan');
  await shot(page, 'approval-quorum-01-awaited-desktop');

  for (const [language, awaited] of [
    ['ms', 'Masih dinanti: Farid bin Hassan'],
    ['zh', '仍待：Farid bin Hassan'],
  ] as const) {
    await page.evaluate((chosen) => localStorage.setItem('binaan.language', chosen), language);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/rentalOrder/${id}/show`);
    await expect(page.getByTestId('route-awaited-20')).toHaveText(awaited);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await noAxeFindings(page, `approval route ${language} 375`);
    await shot(page, `approval-quorum-02-awaited-${language}-phone`);
  }
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));

  const second = await farid.call<{ status: string }>('POST', `/api/documents/rentalOrder/${id}/actions/Approve`, {}, { 'If-Match': '3' });
  expect(second.json.status).toBe('pendingConfirmation');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/rentalOrder/${id}/show`);
  await expect(page.getByTestId('status-chip').first()).toHaveText('Pending confirmation');
  await expect(page.getByTestId('route-level-20')).toContainText('Farid bin Hassan');
  await expect(page.getByTestId('route-awaited-20')).toHaveCount(0);
  await shot(page, 'approval-quorum-03-complete');

  // The manual as it was: any one holder.
  expect(
    (await aminah.call('PUT', '/api/authority-manuals/rentalOrder', { label: 'Rental orders', levels: [{ level: 20, limit: null }] }))
      .status,
  ).toBe(200);
});
