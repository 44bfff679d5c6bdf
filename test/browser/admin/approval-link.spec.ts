// Approving from e-mail in the browser, against the demo server: Kumar asks for approval of a small purchase
// order (level 20 only under Teguh Bina's manual), Lim's approval e-mail lands in the server's outbox, and its
// links open the public approval page without signing in. On a phone in Malay she approves by keyboard; on a
// desktop in Chinese the reject form wants a remark, then rejects. axe finds nothing in either state.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiSession, expect, test, askedForApproval } from './fixtures.js';
import { noAxeFindings } from './axe.js';
import { layoutProblems } from './layout-fit.js';

type Mail = { to: string; subject: string; text: string; purpose: string };
const LIM = 'lim@teguhbina.my';

/** Kumar's purchase order (RM 1,308.57: level 20 only), asked for approval: its id and number. */
async function orderAwaitingApproval(baseURL: string, title: string) {
  const order = await askedForApproval(baseURL, {
    title,
    description: 'Approval from e-mail',
    counterpartyCompanyId: 'mutiara-supplies',
    startDate: '2026-03-10',
    endDate: '2026-03-20',
    items: [
      { description: 'Concrete G30', unit: 'm3', quantity: '10.5', rate: '110.00' },
      { description: 'Pump hire', unit: 'day', quantity: '1', rate: '79.50' },
    ],
  });
  return { ...order, kumar: await apiSession(baseURL, 'kumar@teguhbina.my', 'teguh-bina') };
}

/** The approval e-mail to `to` about a document, from the server's outbox (the e-mail goes after the bell). */
async function approvalMail(dataDir: string, to: string, documentNo: string): Promise<Mail> {
  for (let attempt = 0; attempt < 80; attempt++) {
    let lines: string[] = [];
    try {
      lines = readFileSync(join(dataDir, 'outbox', 'email.jsonl'), 'utf8')
        .trim()
        .split('\n');
    } catch {
      /* no mail yet */
    }
    const mail = lines
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Mail)
      .find((m) => m.to === to && m.purpose === 'approval-request' && m.subject.includes(documentNo));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no approval e-mail to ${to} about ${documentNo}`);
}

/** The path of the mail's approve or reject link (the first and second /approval/ link of its text). */
const linkPath = (mail: Mail, action: 'approve' | 'reject') => {
  const links = [...mail.text.matchAll(/https?:\/\/[^\s/]+(\/approval\/\S+)/g)].map((m) => m[1]!);
  expect(links).toHaveLength(2);
  return links[action === 'approve' ? 0 : 1]!;
};

test('Lim approves from the e-mail on a phone in Malay, by keyboard: the page says what it is for, acts once, and axe finds nothing', async ({
  page,
  baseURL,
  demo,
  shot,
}) => {
  const order = await orderAwaitingApproval(baseURL!, 'Ready-mix concrete, e-mail approval');
  const mail = await approvalMail(demo.dataDir, LIM, order.documentNo);
  expect(mail.text).toContain('Amount: RM 1,308.57');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/auth/sign-in');
  await page.evaluate(() => localStorage.setItem('binaan.language', 'ms'));
  await page.goto(linkPath(mail, 'approve'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Luluskan Pesanan belian ${order.documentNo}`);
  const facts = page.getByTestId('approval-link');
  await expect(facts).toContainText('RM 1,308.57');
  await expect(facts).toContainText('Teguh Bina Sdn Bhd');
  await expect(facts).toContainText('Lim Wei Ling, tahap pengesahan 20');
  await noAxeFindings(page, 'approve link, ms, 375 px');
  await shot(page, 'approval-link-approve-ms-375');
  expect(await layoutProblems(page, { phone: true })).toEqual([]);
  const submit = page.getByTestId('approval-link-submit');
  await expect(submit).toHaveText(`Luluskan ${order.documentNo}`);
  // By keyboard: focus moves through the page to the button, and Enter approves.
  for (let tab = 0; tab < 30 && !(await submit.evaluate((el) => el === document.activeElement)); tab++) await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('approval-link-done')).toHaveText(`${order.documentNo} telah diluluskan. Terima kasih.`);
  await noAxeFindings(page, 'approved, ms, 375 px');
  await shot(page, 'approval-link-approved-ms-375');
  const seen = await order.kumar.call<{ status: string }>('GET', `/api/documents/purchaseOrder/${order.id}`);
  expect(seen.json.status).toBe('pendingConfirmation');
  const history = await order.kumar.call<{ approvalLevel: number | null; actor: { name: string } }[]>(
    'GET',
    `/api/documents/purchaseOrder/${order.id}/history`,
  );
  expect(history.json.at(-1)).toMatchObject({ approvalLevel: 20, actor: { name: 'Lim Wei Ling' } });
  // The same link again: used, said plainly, with no button.
  await page.reload();
  await expect(page.getByTestId('approval-link-unusable')).toHaveText('Pautan kelulusan ini telah digunakan.');
  await expect(submit).toHaveCount(0);
  await noAxeFindings(page, 'used link, ms, 375 px');
});

test('the reject form in Chinese on a desktop wants a remark, then rejects the order', async ({ page, baseURL, demo, shot }) => {
  const order = await orderAwaitingApproval(baseURL!, 'Formwork, e-mail rejection');
  const mail = await approvalMail(demo.dataDir, LIM, order.documentNo);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/auth/sign-in');
  await page.evaluate(() => localStorage.setItem('binaan.language', 'zh'));
  await page.goto(linkPath(mail, 'reject'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`拒绝采购订单 ${order.documentNo}`);
  const submit = page.getByTestId('approval-link-submit');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('请写明拒绝的原因。');
  await noAxeFindings(page, 'reject form with its error, zh, desktop');
  await shot(page, 'approval-link-reject-zh-desktop');
  await page.getByLabel('拒绝的原因是什么？').fill('供应商报价有误');
  await submit.click();
  await expect(page.getByTestId('approval-link-done')).toHaveText(`${order.documentNo} 已被拒绝，申请人会收到通知。`);
  await noAxeFindings(page, 'rejected, zh, desktop');
  const seen = await order.kumar.call<{ status: string }>('GET', `/api/documents/purchaseOrder/${order.id}`);
  expect(seen.json.status).toBe('rejected');
  // The approve link of the same e-mail: the order has moved on.
  await page.goto(linkPath(mail, 'approve'));
  await expect(page.getByTestId('approval-link-unusable')).toHaveText('自发送此链接以来，该文件已有变动：它不再等待此项审批。');
});
