// The pages every user opens, each checked in Chromium at 375 px and on a desktop. One
// test per sub-point (the bell, the approval-round status and the amounts are tested beside their own
// change): the audit page's document field, the certificate page's pasted text and uploaded QR image, the
// confirmation of irreversible actions, no call with an empty id, Register only while registration is
// open, the company choice (roles, initials, a page-high panel), and one name for one thing.
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { resolve } from 'node:path';
import QRCode from 'qrcode';
import { PDFDocument, PDFName, PDFRawStream, type PDFArray, type PDFRef } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { apiSession, expect, signIn, test } from './fixtures.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** The genuine demo certificate's QR text, as the README gives it to newcomers. */
function readmeQrText(): string {
  const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
  const text = /genuine demo certificate \([^)]*\): `([^`]+)`/.exec(readme)?.[1];
  if (!text) throw new Error('README.md names no genuine demo certificate QR text');
  return text;
}

async function orderAwaitingApproval(baseURL: string, title: string): Promise<{ id: string; documentNo: string }> {
  const kumar = await apiSession(baseURL, 'kumar@teguhbina.my', 'teguh-bina');
  const order = await kumar.call<{ id: string; documentNo: string }>('POST', '/api/documents/purchaseOrder', {
    title,
    counterpartyCompanyId: 'mutiara-supplies',
    items: [{ description: 'Cement 50 kg', unit: 'bag', quantity: '10', rate: '21.50' }],
  });
  expect(order.status).toBe(201);
  expect(
    (await kumar.call('POST', `/api/documents/purchaseOrder/${order.json.id}/actions/Request_Approve`, {}, { 'If-Match': '"1"' })).status,
  ).toBe(200);
  return order.json;
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`audit page (${size}): the document id field is wide enough to type an id`, async ({ page, shot }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
    await page.goto('/audit');
    const field = page.getByTestId('audit-id');
    await expect(field).toBeVisible();
    const box = (await field.boundingBox())!;
    // A document id (36 characters) must fit without scrolling: at least 250 px, on a phone too.
    expect(box.width).toBeGreaterThanOrEqual(250);
    await field.fill('PO-DEMO-0001');
    await expect(page.getByTestId('audit-verify')).toBeEnabled();
    await shot(page, `i27-audit-${size}`);
  });
}

test('certificate page: the README QR text pasted, and a 400x400 PNG of that QR uploaded, both verify as genuine', async ({
  page,
  shot,
}) => {
  const qrText = readmeQrText();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/certificate');
    await page.getByTestId('qr-text').fill(qrText);
    await page.getByTestId('qr-text-verify').click();
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-genuine', 'true');
    await shot(page, `i27-certificate-pasted-${viewport.width}`);
  }
  // The image a phone's screenshot gives: the QR drawn 400 px wide by the qrcode package.
  const png = await QRCode.toBuffer(qrText, { type: 'png', width: 400 });
  await page.goto('/certificate');
  await expect(page.getByTestId('start-camera')).toBeVisible(); // the camera stays
  await page.getByTestId('qr-upload').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-genuine', 'true');
  await expect(page.getByTestId('verdict-title')).toHaveText('Genuine certificate');
  // Malay and Chinese name the text field too.
  await page.getByTestId('scan-again').click();
  await page.evaluate(() => localStorage.setItem('binaan.language', 'ms'));
  await page.reload();
  await expect(page.getByText('Atau tampal atau taip teks QR')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('binaan.language', 'zh'));
  await page.reload();
  await expect(page.getByText('或粘贴或输入二维码文本')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
});

test('irreversible actions ask first: approve names the order and its effect, Escape sends nothing; reject asks for the remark there', async ({
  page,
  baseURL,
  shot,
}) => {
  const approved = await orderAwaitingApproval(baseURL!, 'Confirm-first order');
  const rejected = await orderAwaitingApproval(baseURL!, 'Reject-with-remark order');
  const lim = await apiSession(baseURL!, 'lim@teguhbina.my', 'teguh-bina');
  const revisionOf = async (id: string) =>
    (await lim.call<{ revision: number }>('GET', `/api/documents/purchaseOrder/${id}`)).json.revision;
  await page.setViewportSize(PHONE);
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');

  await page.goto(`/purchaseOrder/${approved.id}/show`);
  const before = await revisionOf(approved.id);
  await page.getByTestId('action-Approve').click();
  const dialog = page.getByRole('dialog', { name: `Approve ${approved.documentNo}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('confirm-documents')).toContainText(approved.documentNo);
  await expect(dialog.getByTestId('confirm-effect')).toContainText('cannot be withdrawn');
  await shot(page, 'i27-confirm-approve-phone');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await revisionOf(approved.id)).toBe(before); // nothing was sent
  await page.getByTestId('action-Approve').click();
  await page.getByTestId('action-confirm').click();
  await expect(page.getByText('Approve: done.')).toBeVisible();
  expect(await revisionOf(approved.id)).toBeGreaterThan(before);

  await page.setViewportSize(DESKTOP);
  await page.goto(`/purchaseOrder/${rejected.id}/show`);
  await page.getByTestId('action-Reject').click();
  const reject = page.getByRole('dialog', { name: `Reject ${rejected.documentNo}?` });
  await expect(reject.getByTestId('confirm-effect')).toContainText('goes back to its owner');
  await expect(reject.getByTestId('action-confirm')).toBeDisabled();
  await reject.getByTestId('remark-input').fill('Wrong cement grade');
  await shot(page, 'i27-confirm-reject-desktop');
  await reject.getByTestId('action-confirm').click();
  await expect(page.getByTestId('status-chip').first()).toHaveText('Rejected');
  const history = await lim.call<{ remark: string | null }[]>('GET', `/api/documents/purchaseOrder/${rejected.id}/history`);
  expect(history.json.some((row) => row.remark === 'Wrong cement grade')).toBe(true);
});

test('cancel asks first too, naming the order, with the remark in the same dialog', async ({ page, baseURL, shot }) => {
  const order = await orderAwaitingApproval(baseURL!, 'Cancel-with-remark order');
  await page.setViewportSize(PHONE);
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto(`/purchaseOrder/${order.id}/show`);
  await page.getByTestId('action-Cancel').click();
  const cancel = page.getByRole('dialog', { name: `Cancel ${order.documentNo}?` });
  await expect(cancel.getByTestId('confirm-documents')).toContainText(order.documentNo);
  await expect(cancel.getByTestId('confirm-effect')).not.toBeEmpty();
  await expect(cancel.getByTestId('action-confirm')).toBeDisabled();
  await cancel.getByTestId('remark-input').fill('Ordered twice');
  await shot(page, 'i27-confirm-cancel-phone');
  await cancel.getByTestId('action-confirm').click();
  await expect(page.getByTestId('status-chip').first()).toHaveText('Cancelled');
});

test('a document page sends no request with an empty id, opened directly or from the list', async ({ page, baseURL }) => {
  const order = await orderAwaitingApproval(baseURL!, 'No-empty-id order');
  const bad: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') && (path.includes('//') || path.endsWith('/'))) bad.push(`${request.method()} ${request.url()}`);
  });
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await page.goto(`/purchaseOrder/${order.id}/show`);
  await expect(page.getByTestId('document-number')).toHaveText(order.documentNo);
  await page.getByTestId('tab-history').click();
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  expect(bad, 'opened directly').toEqual([]);
  await page.goto('/purchaseOrder');
  await page.getByTestId('tab-new').click();
  await page
    .getByRole('row', { name: new RegExp(order.documentNo) })
    .getByText(order.documentNo)
    .click();
  await expect(page.getByTestId('document-number')).toHaveText(order.documentNo);
  await page.getByTestId('tab-replay').click();
  await expect(page.getByTestId('replay-position')).toBeVisible();
  expect(bad).toEqual([]);
});

// The demo past event by its whole title: the organizer spec publishes an upcoming "Scaffolding safety talk"
// into the same app, and hasText matches without case.
test('a past event offers no Register (the list and its detail), an upcoming one does', async ({ page, shot }) => {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/events');
    const past = page.getByTestId('event-card').filter({ hasText: 'Site Safety Briefing 2026' }).first();
    await expect(past).toBeVisible();
    await expect(past.getByTestId('event-register')).toHaveCount(0);
    await expect(past.getByTestId('registration-closed')).toHaveText('Registration closed');
    await expect(page.getByTestId('event-card').getByTestId('event-register').first()).toBeVisible();
    await shot(page, `i27-events-${viewport.width}`);
  }
  await page
    .getByTestId('event-card')
    .filter({ hasText: 'Site Safety Briefing 2026' })
    .first()
    .getByRole('button', { name: 'Details' })
    .click();
  const detail = page.getByTestId('event-detail');
  await expect(detail.getByTestId('registration-closed')).toBeVisible();
  await expect(detail.getByTestId('event-register')).toHaveCount(0);
});

test('the company choice shows the role in each company and initials, on a white page from top to bottom', async ({ page, shot }) => {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/auth/sign-in');
    await page.locator('input[name="loginEmail"]').fill('aminah@teguhbina.my');
    await page.locator('input[name="loginPassword"]').fill('Demo@Binaan2026');
    await page.locator('button[type="submit"]').click();
    const teguh = page.getByTestId('company-teguh-bina');
    await expect(teguh).toBeVisible({ timeout: 20_000 });
    await expect(teguh.getByTestId('company-roles')).toContainText(/Your role: \S/);
    await expect(teguh.getByTestId('company-initials')).toHaveText('TB');
    await expect(page.getByText('No logo')).toHaveCount(0);
    // The bottom of the window is the page's white, not the grey behind it.
    const bottom = await page.evaluate(
      ({ x, y }) => {
        let element: Element | null = document.elementFromPoint(x, y);
        while (element) {
          const colour = getComputedStyle(element).backgroundColor;
          if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
          element = element.parentElement;
        }
        return 'none';
      },
      { x: Math.floor(viewport.width / 2), y: viewport.height - 4 },
    );
    expect(bottom).toBe('rgb(255, 255, 255)');
    await shot(page, `i27-select-company-${viewport.width}`);
    await page.evaluate(() => localStorage.clear());
  }
});

/** The texts drawn on a PDF's first page (pdf-lib writes Helvetica text as hex strings). */
async function pdfTexts(bytes: Buffer): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(0).node.get(PDFName.of('Contents'));
  const refs = (contents && 'asArray' in contents ? (contents as PDFArray).asArray() : [contents]) as PDFRef[];
  const texts: string[] = [];
  for (const ref of refs) {
    const stream = pdf.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const raw = inflateSync(Buffer.from(stream.contents)).toString('latin1');
    for (const m of raw.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) texts.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
  }
  return texts;
}

/** The support e-mail in the public top bar is shown whole: nothing covers any part of it, nothing cuts it. */
async function supportEmailWhole(page: Page): Promise<void> {
  const hidden = await page.evaluate(() => {
    const link = document.querySelector('.top-bar a[href^="mailto"]') as HTMLElement;
    const box = link.getBoundingClientRect();
    const problems: string[] = [];
    if (box.left < 0 || box.right > innerWidth || link.scrollWidth > link.clientWidth + 1) problems.push('cut');
    for (const [x, y] of [
      [box.left + 2, box.top + 2],
      [box.right - 2, box.bottom - 2],
      [(box.left + box.right) / 2, box.bottom - 2],
    ] as const) {
      const top = document.elementFromPoint(x, y);
      if (!top || !link.contains(top)) problems.push(`covered at ${Math.round(x)},${Math.round(y)} by ${top?.className}`);
    }
    return problems;
  });
  expect(hidden).toEqual([]);
}

test('one name for one thing: the landing names companies as the app does, "Sign in" everywhere, no "Click here"', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The landing's partner names are the companies' names in the app.
  await page.goto('/');
  const partners = (await page.getByTestId('partner').allTextContents()).filter((name) => !name.startsWith('Persatuan'));
  expect(partners.length).toBeGreaterThan(0);
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  const directory = await aminah.call<{ name: string }[]>('GET', '/api/company/directory');
  const own = await aminah.call<{ data: { company_name: string }[] }>('GET', '/api/company/list');
  const names = new Set([...directory.json.map((c) => c.name), ...own.json.data.map((c) => c.company_name)]);
  for (const name of partners) expect(names.has(name), name).toBe(true);
  // "Sign in", never "Login"; no "Click here", in any language.
  for (const language of ['en', 'ms', 'zh']) {
    await page.evaluate((lang) => localStorage.setItem('binaan.language', lang), language);
    for (const path of ['/', '/auth/sign-in', '/auth/forgot-password']) {
      await page.goto(path);
      await expect(page.locator('h1, h2').first()).toBeVisible();
      const text = await page.locator('body').innerText();
      expect(text, `${language} ${path}`).not.toMatch(/\blog ?in\b|click here|klik di sini|点击此处/i);
    }
  }
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
  await page.goto('/auth/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});

test('the replay names a revision as the history does', async ({ page, baseURL }) => {
  const order = await orderAwaitingApproval(baseURL!, 'Revision-label order');
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await page.goto(`/purchaseOrder/${order.id}/show`);
  await page.getByTestId('tab-history').click();
  const last = page.getByTestId('history-row').last(); // the newest, where the replay opens
  const revision = await last.getAttribute('data-revision');
  await expect(last).toContainText(`Revision ${revision}`);
  await page.getByTestId('tab-replay').click();
  await expect(page.getByTestId('replay-position')).toContainText(`Revision ${revision} of `);
});

test('on a phone the top bar shows the support e-mail address whole, in every language', async ({ page, shot }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  for (const language of ['en', 'ms', 'zh']) {
    await page.evaluate((lang) => localStorage.setItem('binaan.language', lang), language);
    await page.goto('/');
    await expect(page.locator('.top-bar a[href^="mailto"]')).toBeVisible();
    await supportEmailWhole(page);
    await shot(page, `i27-top-bar-phone-${language}`);
  }
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
});

test('on a phone the signed-in app bar stays one line high and names the page and the company, each cut there and whole in its title, in every language', async ({
  page,
  shot,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await page.goto('/purchaseOrder');
  await page.getByTestId('document-link').first().click();
  const number = (await page.getByTestId('document-number').textContent())!;
  const orderPage = page.url();
  for (const language of ['en', 'ms', 'zh'] as const) {
    await page.evaluate((lang) => localStorage.setItem('binaan.language', lang), language);
    await page.goto('/audit');
    await expect(page.getByTestId('audit-page')).toBeVisible();
    // Wrapped over four lines the bar grew to 110 px and covered the page's first line.
    const bar = (await page.locator('header').first().boundingBox())!;
    expect(bar.height, language).toBeLessThanOrEqual(64);
    const page_ = (await page.getByTestId('audit-page').boundingBox())!;
    expect(page_.y, language).toBeGreaterThanOrEqual(bar.y + bar.height);
    await expect(page.getByTestId('company-switcher')).toHaveAttribute('title', 'Teguh Bina Sdn Bhd');
    // The language button names the page's language (it said "English" over a page in Chinese).
    const name = { en: 'English', ms: 'Bahasa Melayu', zh: '简体中文' }[language];
    await expect(page.locator('header button[aria-haspopup="true"]').filter({ hasText: new RegExp(name, 'i') })).toBeVisible();
    await shot(page, `i27-app-bar-phone-${language}`);

    // An order's page: its name is longer than the bar has room for beside its buttons.
    await page.goto(orderPage);
    await expect(page.getByTestId('document-number')).toHaveText(number);
    const pageName = { en: `Purchase orders: ${number}`, ms: `Pesanan belian: ${number}`, zh: `采购订单：${number}` }[language];
    const title = page.locator('header #react-admin-title');
    await expect(title).toHaveAttribute('title', pageName);
    await expect(title).toHaveText(pageName);
    // Shown, not squeezed away by the buttons: room for a few words (it had none), and every part of the bar on the screen.
    expect((await title.boundingBox())!.width, language).toBeGreaterThanOrEqual(100);
    expect((await page.locator('header').first().boundingBox())!.height, language).toBeLessThanOrEqual(64);
    const pastEdge = await page
      .locator('header .MuiToolbar-root > *')
      .evaluateAll((parts) =>
        parts.filter((part) => part.getBoundingClientRect().right > window.innerWidth).map((part) => part.outerHTML.slice(0, 80)),
      );
    expect(pastEdge, language).toEqual([]);
    await expect(page.getByTestId('company-switcher')).toHaveAttribute('title', 'Teguh Bina Sdn Bhd');
    await shot(page, `app-bar-page-name-phone-${language}`);
  }
  await page.evaluate(() => localStorage.setItem('binaan.language', 'en'));
});

test('on a phone a list row shows its status, awaiting approval included, without scrolling sideways', async ({ page, baseURL, shot }) => {
  const order = await orderAwaitingApproval(baseURL!, 'Phone-row order');
  await page.setViewportSize(PHONE);
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await page.goto(`/purchaseOrder?filter=${encodeURIComponent(JSON.stringify({ q: order.documentNo }))}`);
  const chip = page.getByRole('row').filter({ hasText: order.documentNo }).getByTestId('status-chip');
  await expect(chip).toHaveText('New, awaiting verify level 1');
  // Wholly inside the phone's width: before, the status came after the title and sat past the right edge.
  const box = (await chip.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'i27-list-status-phone');
});

test('the certificate PDF gives its times in Malaysian time with the zone', async ({ request }) => {
  const lookup = await request.post('/api/event-participant/verified-certificate', { data: { qr: readmeQrText() } });
  const registrationId = ((await lookup.json()) as { id: string }).id;
  const pdf = await (await request.get(`/api/event-participant/download-certificate/${registrationId}`)).body();
  const lines = (await pdfTexts(pdf)).filter((line) => /^(Issued|Approved|Check in|Check out):/.test(line));
  expect(lines.length).toBe(4);
  for (const line of lines) expect(line).toMatch(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM) MYT \(UTC\+8\)$/);
});

test("a printed receipt gives Malaysian time with the zone, whatever the viewer's zone", async ({ browser, baseURL, shot }) => {
  const context = await browser.newContext({ baseURL, timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await signIn(page, 'wong@kukuhcontractor.my', 'kukuh-jaya');
  const wong = await apiSession(baseURL!, 'wong@kukuhcontractor.my', 'kukuh-jaya');
  const [certificate] = (
    await wong.call<{ id: string; documentNo: string }[]>(
      'GET',
      `/api/documents/paymentCertificate?filter=${encodeURIComponent('{"direction":"received"}')}`,
    )
  ).json;
  expect(certificate, 'a demo payment certificate certified to Kukuh Jaya').toBeDefined();
  await page.goto('/business-opportunity/receipt-generator');
  await page.getByTestId('contractor-receipt-generator').getByRole('row').filter({ hasText: certificate!.documentNo }).click();
  await expect(page.getByTestId('print-receipt')).toBeVisible();
  const time = page.getByTestId('print-time');
  await expect(time).toContainText('MYT (UTC+8)');
  const hourInKl =
    Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kuala_Lumpur', hour: 'numeric', hour12: false }).format(new Date())) % 12 ||
    12;
  await expect(time).toContainText(new RegExp(`\\b${hourInKl}:\\d{2} (AM|PM) MYT`));
  await shot(page, 'i27-receipt-time');
  await context.close();
});
