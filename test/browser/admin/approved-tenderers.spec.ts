// The approved list of tenderers and the e-mail invitation in Chromium: kumar (procurement, en)
// proposes Mutiara Supplies from the directory by keyboard; lim (approver, zh) rejects it with a remark
// from the pending tab; the rejected tab shows it with the remark. The Invitations tab's e-mail form sends
// an invitation. Screenshots at 1280 and 375 px.
import { apiSession, expect, signIn, test } from './fixtures.js';

test('approved tenderers: propose (en), reject with a remark (zh), at 1280 and 375 px; e-mail invitation', async ({
  browser,
  baseURL,
  shot,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto('/tendering/tenderers');
  await expect(page.getByTestId('tenderers-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Approved tenderers' })).toBeVisible();
  const picker = page.getByTestId('tenderer-picker');
  await picker.focus();
  await page.keyboard.type('Mutiara');
  await expect(page.getByRole('option', { name: /Mutiara Supplies/ })).toBeVisible();
  // The search answers after a short pause: wait until only the match is offered.
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Reliable on Block A');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  // Proposed: the list turns to the pending tab, where the company waits with who proposed it.
  const row = page.getByTestId('tenderer-row').filter({ hasText: 'Mutiara Supplies' });
  await expect(row).toContainText('Kumar a/l Rajan');
  await expect(row).toContainText('Reliable on Block A');
  await shot(page, 'tenderers-pending-en-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'tenderers-pending-en-375');

  // The Invitations tab of a tender: the e-mail form.
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const tenders = (await kumar.call<{ id: string; status: string }[]>('GET', `/api/documents/tender?range=${encodeURIComponent('[0,49]')}`))
    .json;
  // A tender that still takes invitations (the tab's form shows only then).
  const tender = tenders.find((t) => ['new', 'pendingActivation', 'active', 'rejected'].includes(t.status));
  expect(tender).toBeDefined();
  {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/tender/${encodeURIComponent(tender!.id)}/show?tab=invitations`);
    await expect(page.getByTestId('email-invitation')).toBeVisible();
    {
      await page.getByTestId('email-invitation-name').fill('Syarikat Baharu');
      await page.getByTestId('email-invitation-email').fill('tenders@baharu.example');
      await page.getByTestId('email-invitation-send').click();
      await expect(page.getByText('Invitation e-mailed to tenders@baharu.example')).toBeVisible();
      await shot(page, 'tender-invitations-email-en-1280');
      await page.setViewportSize({ width: 375, height: 800 });
      await shot(page, 'tender-invitations-email-en-375');
    }
  }
  await context.close();

  const zh = await browser.newContext({ baseURL: baseURL!, viewport: { width: 375, height: 800 } });
  await zh.addInitScript(() => localStorage.setItem('binaan.language', 'zh'));
  const lim = await zh.newPage();
  await signIn(lim, 'lim@teguhbina.my', 'teguh-bina');
  await lim.goto('/tendering/tenderers');
  await expect(lim.getByRole('heading', { level: 1, name: '核准投标人' })).toBeVisible();
  await lim.getByTestId('tenderers-tab-pending').click();
  const pending = lim.getByTestId('tenderer-row').filter({ hasText: 'Mutiara Supplies' });
  await pending.getByTestId('tenderer-reject').click();
  // The reject button waits for a remark.
  await expect(lim.getByTestId('tenderer-decide-send')).toBeDisabled();
  await lim.keyboard.type('资质不足');
  await lim.getByTestId('tenderer-decide-send').click();
  await expect(lim.getByTestId('tenderers-empty')).toBeVisible();
  await lim.getByTestId('tenderers-tab-rejected').click();
  await expect(lim.getByTestId('tenderer-row').filter({ hasText: 'Mutiara Supplies' })).toContainText('资质不足');
  await shot(lim, 'tenderers-rejected-zh-375');
  await lim.setViewportSize({ width: 1280, height: 800 });
  await shot(lim, 'tenderers-rejected-zh-1280');
  await zh.close();
});
