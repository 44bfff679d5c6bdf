// Binaan from an empty store (DEMO_DATA=off, a new data folder), as a real company meets it: the store CLI makes
// the first platform administrator, who sets a password from the e-mailed link; a person signs up with their
// mobile code, registers a company and submits it; the administrator approves it from the review queue; the
// company's administrator makes a role with purchase orders only in the rights matrix and invites a colleague by
// e-mail; the colleague signs up from the link, joins, chooses the company and sees exactly that role's menus,
// drafts a purchase order and is refused the tenders; the founder, buying, reads the approved supplier's shared
// profile (its shared tabs, never its people) from a tender's invite picker, invites it into the business network
// and writes to it; the colleague, suspended, is refused
// their next call with its reason.
// The server is this spec's own (no demo data), started after the CLI ran on its folder (PGlite takes one process).
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// Playwright's own test, not the demo fixtures': this walk needs no demo server.
import { freshMobileDigits, shot, typePhone, waitForMessage } from '../support.js';
import { fillProfileAndSubmit } from './profile-steps.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const ADMIN = { email: 'operations@binaan-platform.my', name: 'Nur Aisyah binti Kamal', password: 'Platform#Ops2026' };
const FOUNDER = { email: 'hamid@bumimas-bina.my', name: 'Hamid bin Rashid', password: 'Bumimas#2026ok' };
const COLLEAGUE = { email: 'siew.ling@bumimas-bina.my', name: 'Ong Siew Ling', password: 'Perolehan#2026' };
const COMPANY = { name: 'Bumimas Bina Sdn Bhd', code: 'BMB', registrationNo: '1456789-T', registrationNoNew: '202201004567' };

type Server = { url: string; dataDir: string; stop(): Promise<void> };

async function startEmptyServer(port: number): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'binaan-from-nothing-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', PUBLIC_URL: `http://127.0.0.1:${port}` };
  // The first administrator, before the server opens the folder.
  const cli = spawnSync(process.execPath, ['apps/api/dist/cli/store-cli.js', 'create-admin', ADMIN.email, '--name', ADMIN.name], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (cli.status !== 0) throw new Error(`create-admin exited with ${cli.status}: ${cli.stdout}${cli.stderr}`);
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), DEMO_DATA: 'off', HUMAN_CHECK_MAX_NUMBER: '2000' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const until = Date.now() + 150_000; Date.now() < until;) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, dataDir, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('the empty server did not start');
}

/** The path and query of the first link in a message (the outbox writes the server's public address). */
const pathOf = (link: string) => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};

async function signIn(page: Page, person: { email: string; password: string }): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // A first sign-in asks for the licence agreement.
  const eula = page.getByTestId('eula-dialog');
  await expect(eula.or(page.getByTestId('select-company'))).toBeVisible({ timeout: 20_000 });
  if (await eula.isVisible()) await eula.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('select-company')).toBeVisible({ timeout: 20_000 });
}

/** The public sign-up (mobile code from the SMS outbox), then activation from the e-mailed link. */
async function signUp(
  page: Page,
  api: APIRequestContext,
  person: { email: string; name: string; password: string },
  from = '/auth/sign-up',
): Promise<void> {
  const digits = freshMobileDigits();
  await page.goto(from);
  await typePhone(page.getByTestId('mobile-input'), digits);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible({ timeout: 45_000 });
  await page.getByLabel('Verification code').fill((await waitForMessage(api, 'sms', `+60${digits}`, /code is (\d{6})/))[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('Full name').fill(person.name);
  const email = page.getByLabel('E-mail (you sign in with it)');
  if ((await email.inputValue()) === '') await email.fill(person.email);
  await expect(email).toHaveValue(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).last().click();
  await expect(page).toHaveURL(/\/auth\/activate/);
  await page.goto(pathOf((await waitForMessage(api, 'email', person.email, /(http\S+\/auth\/activate\?\S+)/))[1]!));
  await expect(page).toHaveURL(/\/auth\/sign-in\/?\?from=register/, { timeout: 20_000 });
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  return (await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })).newPage();
}

const field = (page: Page, name: string) => page.getByTestId(`field-${name}`);

test('from an empty store: the first administrator, a company registered and approved, a colleague invited with a role of purchase orders only, then suspended', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const server = await startEmptyServer(Number(process.env.FROM_NOTHING_PORT ?? 3280) + test.info().parallelIndex);
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    // 1. The administrator the CLI made chooses a password from the e-mailed link (that activates the account).
    const admin = await newPage(browser, server.url);
    await admin.goto(pathOf((await waitForMessage(api, 'email', ADMIN.email, /(http\S+\/auth\/reset-password\?\S+)/))[1]!));
    await admin.getByLabel('New password', { exact: true }).fill(ADMIN.password);
    await admin.getByLabel('Confirm new password').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Save password' }).click();
    await expect(admin).toHaveURL(/from=resetpassword/);
    await signIn(admin, ADMIN);
    await expect(admin.getByTestId('platform-registrations')).toBeVisible();

    // 2. A person signs up, has no company, registers one and submits it.
    const founder = await newPage(browser, server.url);
    await signUp(founder, api, FOUNDER);
    await signIn(founder, FOUNDER);
    await expect(founder.getByTestId('no-company')).toContainText('You are not a member of any company yet.');
    await founder.getByTestId('register-company').click();
    await field(founder, 'name').fill(COMPANY.name);
    await field(founder, 'displayName').fill('Bumimas Bina');
    await field(founder, 'companyType').selectOption('3');
    await field(founder, 'companyCode').fill(COMPANY.code);
    await field(founder, 'registrationNo').fill(COMPANY.registrationNo);
    await field(founder, 'registrationNoNew').fill(COMPANY.registrationNoNew);
    await field(founder, 'address.line1').fill('Lot 8, Jalan Perusahaan 2');
    await field(founder, 'address.postcode').fill('81700');
    await field(founder, 'address.city').fill('Pasir Gudang');
    await field(founder, 'address.state').selectOption({ label: 'Johor' });
    await field(founder, 'phone').fill('+60 7-251 8899');
    await field(founder, 'subscriptionType').selectOption('1');
    await founder.getByTestId('register-submit').click();
    // Registered, not yet submitted: its profile asks for a shareholder and a director first.
    await expect(founder).toHaveURL(/\/administration\/company$/, { timeout: 20_000 });
    await fillProfileAndSubmit(founder, { name: FOUNDER.name, idNumber: '800808015577' });
    await expect(founder.getByTestId('registration-status')).toHaveText('Submitted');
    await shot(founder, 'from-nothing-01-submitted');

    // 3. The administrator approves it from the review queue. (A supplier to order from is registered and
    //    approved through the api: the walk's colleague orders from it.)
    await admin.getByTestId('platform-registrations').click();
    await admin.getByTestId('queue-row').filter({ hasText: COMPANY.name }).getByTestId('queue-open').click();
    await expect(admin.getByTestId('registration-review')).toContainText(`${FOUNDER.name}, ${FOUNDER.email}`);
    await admin.getByTestId('review-approve').click();
    await admin.getByRole('dialog').getByTestId('action-confirm').click();
    await expect(admin).toHaveURL(/\/admin\/company-registrations$/);
    await expect(admin.getByTestId('queue-row').filter({ hasText: COMPANY.name })).toHaveCount(0);
    const adminToken = (
      (await (await api.post('/api/login', { data: { email: ADMIN.email, password: ADMIN.password } })).json()) as { jwtToken: string }
    ).jwtToken;
    const asAdmin = { authorization: `Bearer ${adminToken}` };
    const supplier = (
      (await (
        await api.post('/api/company/registrations', {
          headers: asAdmin,
          data: {
            name: 'Bekalan Keluli Selatan Sdn Bhd',
            displayName: 'Keluli Selatan',
            companyType: 3,
            registrationNo: '1567890-H',
            registrationNoNew: '202201005678',
            companyCode: 'KSEL',
            address: { line1: '3 Jalan Keluli', city: 'Johor Bahru', postcode: '81200', state: 5, country: 'MY' },
            phone: '+6072345678',
            subscriptionType: 2,
          },
        })
      ).json()) as { id: string }
    ).id;
    // Its profile as its legal form needs (one shareholder holding everything, one director), entered in the company.
    const inSupplier = {
      authorization: `Bearer ${((await (await api.get(`/api/company/choose/${supplier}`, { headers: asAdmin })).json()) as { jwtToken: string }).jwtToken}`,
    };
    const person = {
      name: 'Tan Keluli',
      idType: 'mykad',
      idNumber: '700101015555',
      address: '3 Jalan Keluli, Johor Bahru',
      designation: 'Managing Director',
    };
    expect(
      (await api.post('/api/company/profile/lists/shareholders', { headers: inSupplier, data: { ...person, sharePercent: 100 } })).status(),
    ).toBe(201);
    expect(
      (
        await api.post('/api/company/profile/lists/directors', { headers: inSupplier, data: { ...person, appointedDate: '2022-01-10' } })
      ).status(),
    ).toBe(201);
    expect(
      (
        await api.put('/api/company/profile/information', {
          headers: inSupplier,
          data: {
            description: 'Reinforcement steel and wire mesh stockist in Johor.',
            paidUpCapital: 500000,
            authorisedCapital: 1000000,
            dateIncorporated: '2022-01-10',
          },
        })
      ).status(),
    ).toBe(200);
    expect((await api.post(`/api/company/registrations/${supplier}/actions/Submit`, { headers: inSupplier, data: {} })).status()).toBe(200);
    expect((await api.post(`/api/company/registrations/${supplier}/actions/Approve`, { headers: inSupplier, data: {} })).status()).toBe(
      200,
    );

    // 4. The company's administrator, now approved: a role with purchase orders only, and a colleague invited with it.
    await signIn(founder, FOUNDER);
    await founder
      .getByTestId(/^company-/)
      .filter({ hasText: COMPANY.name })
      .first()
      .click();
    await expect(founder).toHaveURL(/\/article$/, { timeout: 20_000 });
    await expect(founder.getByTestId('home')).toContainText(COMPANY.name);
    await founder.goto('/administration/user-roles');
    await founder.getByTestId('role-create').click();
    const editor = founder.getByRole('dialog', { name: 'Create a role' });
    await editor.getByTestId('role-name').fill('PO clerk');
    await editor.getByRole('checkbox', { name: 'Procurement: view' }).check();
    await editor.getByRole('checkbox', { name: 'Procurement: update' }).check();
    await editor.getByTestId('role-save').click();
    await expect(founder.getByTestId('role-row').filter({ hasText: 'PO clerk' })).toBeVisible();
    await founder.goto('/administration/users');
    await founder.getByTestId('invite-open').click();
    const invite = founder.getByRole('dialog', { name: `Invite a person to ${COMPANY.name}` });
    await invite.getByTestId('invite-email').fill(COLLEAGUE.email);
    await invite.getByTestId('invite-name').fill(COLLEAGUE.name);
    await invite.getByTestId('invite-roles').fill('PO');
    await founder.getByRole('option', { name: 'PO clerk' }).click();
    await founder.keyboard.press('Escape');
    await invite.getByTestId('invite-send').click();
    await expect(invite.getByTestId('invite-result')).toHaveAttribute('data-linked', 'false');
    await invite.getByTestId('invite-done').click();
    await expect(founder.getByTestId('member-row').filter({ hasText: COLLEAGUE.email }).getByTestId('member-status')).toHaveText('Pending');

    // 5. The colleague signs up from the link (the page names the company), joins, and sees that role's menus only.
    const link = pathOf((await waitForMessage(api, 'email', COLLEAGUE.email, /(http\S+\/auth\/sign-up\?\S+)/))[1]!);
    const colleague = await newPage(browser, server.url);
    await colleague.goto(link);
    await expect(colleague.getByTestId('company-invitation')).toContainText(COMPANY.name);
    await signUp(colleague, api, COLLEAGUE, link);
    await signIn(colleague, COLLEAGUE);
    await colleague
      .getByTestId(/^company-/)
      .filter({ hasText: COMPANY.name })
      .first()
      .click();
    await expect(colleague.getByRole('menuitem', { name: 'Purchase orders', exact: true })).toBeVisible({ timeout: 20_000 });
    for (const hidden of ['Tenders', 'Users', 'User roles', 'Company profile', 'Authority']) {
      await expect(colleague.getByRole('menuitem', { name: hidden, exact: true }), hidden).toHaveCount(0);
    }
    await shot(colleague, 'from-nothing-02-colleague-menu');

    // The founder lets them propose purchase orders (the authority settings; the role gives the rights, the
    // authority the workflow level), and the colleague drafts one; the tenders say no access.
    const founderToken = await founder.evaluate(
      () => (JSON.parse(localStorage.getItem('binaan.session') ?? '{}') as { jwtToken?: string }).jwtToken ?? '',
    );
    const members = (await (await api.get('/api/company/users', { headers: { authorization: `Bearer ${founderToken}` } })).json()) as {
      email: string;
      userId: string;
    }[];
    const colleagueId = members.find((m) => m.email === COLLEAGUE.email)!.userId;
    expect(
      (
        await api.post('/api/company-workflow/assignments', {
          headers: { authorization: `Bearer ${founderToken}` },
          data: { code: 'purchaseOrder', user_id: colleagueId, workflow_level: 10 },
        })
      ).status(),
    ).toBe(200);
    await colleague.goto('/purchaseOrder/create');
    await colleague.locator('input[name="title"]').fill('Steel reinforcement bars, warehouse slab');
    await colleague.getByRole('combobox', { name: 'Counterparty' }).fill('keluli');
    await colleague.getByRole('option', { name: /Bekalan Keluli Selatan Sdn Bhd/ }).click();
    await colleague.locator('input[name="items.0.description"]').fill('Y16 bars');
    await colleague.locator('input[name="items.0.unit"]').fill('tonne');
    await colleague.locator('input[name="items.0.quantity"]').fill('12');
    await colleague.locator('input[name="items.0.rate"]').fill('3200.00');
    await colleague.getByRole('button', { name: 'Save' }).click();
    await expect(colleague.getByTestId('document-counterparty')).toHaveText('Bekalan Keluli Selatan Sdn Bhd', { timeout: 15_000 });
    await colleague.goto('/tender');
    await expect(colleague.getByTestId('no-access')).toBeVisible();

    // The founder, buying, drafts a tender and reads the approved supplier's profile from the invite picker: the
    // tabs the supplier shares by default (information, registration, machinery, track record), never its people.
    const asFounder = { authorization: `Bearer ${founderToken}` };
    const founderId = members.find((m) => m.email === FOUNDER.email)!.userId;
    expect(
      (
        await api.post('/api/company-workflow/assignments', {
          headers: asFounder,
          data: { code: 'tender', user_id: founderId, workflow_level: 10 },
        })
      ).status(),
    ).toBe(200);
    const day = 86_400_000;
    const tender = await api.post('/api/documents/tender', {
      headers: asFounder,
      data: {
        title: 'Warehouse slab reinforcement',
        openAt: new Date(Date.now() + 10 * 60_000).toISOString(),
        closeAt: new Date(Date.now() + 3 * day).toISOString(),
        expectedDeliveryStart: new Date(Date.now() + 10 * day).toISOString().slice(0, 10),
        items: [{ description: 'Y16 bars', unit: 'tonne', quantity: '12', rate: '3200.00' }],
      },
    });
    expect(tender.status(), await tender.text()).toBe(201);
    await founder.goto(`/tender/${((await tender.json()) as { id: string }).id}/show?tab=invitations`);
    await founder.getByTestId('invite-picker').fill('keluli');
    await founder.getByRole('option', { name: /Bekalan Keluli Selatan Sdn Bhd/ }).click();
    await founder.getByTestId('invite-view-profile').click();
    const shared = founder.getByTestId('shared-profile-dialog');
    await expect(shared.getByTestId('shared-tab-information')).toBeVisible({ timeout: 15_000 });
    await expect(shared).toContainText('Bekalan Keluli Selatan Sdn Bhd');
    await expect(shared).toContainText('Reinforcement steel and wire mesh stockist in Johor.');
    await shot(founder, 'from-nothing-03-shared-profile');
    await shared.getByTestId('shared-tab-registration').click();
    await expect(shared).toContainText('1567890-H');
    await expect(shared.getByTestId('shared-tab-shareholders')).toHaveCount(0);
    await expect(shared.getByTestId('shared-tab-directors')).toHaveCount(0);
    await expect(shared).not.toContainText('Tan Keluli');
    await founder.keyboard.press('Escape');

    // The founder brings the supplier into the company's business network: with the authority to propose company
    // relations, he finds it among the companies, invites it, and writes to it while the invitation waits.
    expect(
      (
        await api.post('/api/company-workflow/assignments', {
          headers: asFounder,
          data: { code: 'companyRelation', user_id: founderId, workflow_level: 10 },
        })
      ).status(),
    ).toBe(200);
    await founder.goto('/business-network/companies');
    await founder.getByTestId('network-search').fill('Keluli');
    await founder
      .getByTestId('network-company')
      .filter({ hasText: 'Bekalan Keluli Selatan Sdn Bhd' })
      .getByTestId('network-Invite')
      .click();
    await expect(founder.getByTestId('network-done')).toContainText('Bekalan Keluli Selatan Sdn Bhd');
    await founder.getByTestId('network-tab-requests-sent').click();
    const invited = founder.getByTestId('network-relation').filter({ hasText: 'Bekalan Keluli Selatan Sdn Bhd' });
    await invited.getByTestId('network-message').click();
    await founder.getByTestId('network-write').fill('Can you quote 12 tonnes of Y16 for the warehouse slab?');
    await founder.getByTestId('network-send').click();
    await expect(founder.getByTestId('network-message-item').filter({ hasText: '12 tonnes of Y16' })).toBeVisible();
    await shot(founder, 'from-nothing-04-business-network');

    // 6. Suspended by the founder: the colleague's next call is refused, and says why.
    await founder.goto('/administration/users/active');
    const row = founder.getByTestId('member-row').filter({ hasText: COLLEAGUE.email });
    await row.getByRole('button', { name: `Actions for ${COLLEAGUE.name}` }).click();
    await founder.getByRole('menuitem', { name: 'Suspend', exact: true }).click();
    const suspend = founder.getByRole('dialog', { name: `Suspend ${COLLEAGUE.name}?` });
    await suspend.getByTestId('people-remark').fill('Access paused while the purchase order audit runs.');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(founder.getByText(`${COLLEAGUE.name} is suspended.`)).toBeVisible();
    const refused = await colleague.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem('binaan.session') ?? '{}') as { jwtToken?: string }).jwtToken;
      const reply = await fetch('/api/documents/purchaseOrder', { headers: { authorization: `Bearer ${token}` } });
      return { status: reply.status, body: (await reply.json()) as { errorCode?: string } };
    });
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ errorCode: 'userSuspended' }) });
    // In the app: the next page they open signs them out and the sign-in page says why; signed in again, the
    // company is no longer offered.
    await colleague.goto('/purchaseOrder');
    await expect(colleague.getByTestId('access-ended-banner')).toContainText(
      'Your access to this company is suspended. Contact its administrator.',
      { timeout: 20_000 },
    );
    await shot(colleague, 'from-nothing-05-suspended');
    await signIn(colleague, COLLEAGUE);
    await expect(colleague.getByTestId('no-company')).toBeVisible();
  } finally {
    await api.dispose();
    await server.stop();
  }
});
