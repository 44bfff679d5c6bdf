// Account access in the browser against the real API: a company signs up (code from the SMS outbox,
// through the invisible ALTCHA check), activates (PIN from the e-mail outbox), signs in, accepts the
// licence; the platform admin forces a password reset; the user signs in with the temporary password
// (from the e-mail outbox), is made to change it, signs out; forgot and reset password.

import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, freshMobileDigits, signInThroughApi, shot, TEGUH, typePhone, unique, waitForMessage } from './support.js';

test('a company signs up, activates, signs in, accepts the EULA, is forced to change its password, and signs out', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const mobileDigits = freshMobileDigits();
  const mobile = `+60${mobileDigits}`;
  const email = `owner-${unique()}@syarikat-baru.my`;
  const password = 'Mula#Bina2026';
  const newPassword = 'Baru#Bina2027';

  // Step mobile: the rule runs on submit; then the human check and the code request.
  await page.goto('/auth/sign-up');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await typePhone(page.getByTestId('mobile-input'), mobileDigits);
  await shot(page, 'sign-up-mobile');
  await page.getByRole('button', { name: 'Send code' }).click();

  // Step code: resend waits for the countdown; the code comes from the SMS outbox. (The first human check
  // after the server starts can be slow on a busy machine; a refusal would show its banner instead.)
  await expect(page.getByLabel('Verification code').or(page.getByTestId('sign-up-error'))).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('sign-up-error')).toHaveCount(0);
  await expect(page.getByTestId('resend')).toBeDisabled();
  await expect(page.getByTestId('resend')).toHaveText(/Resend \((60|59|58)\)/);
  const code = (await waitForMessage(request, 'sms', mobile, /code is (\d{6})/))[1]!;
  await page.getByLabel('Verification code').fill('000000' === code ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('sign-up-error')).toHaveText('The verification code does not match.');
  await page.getByLabel('Verification code').fill(code);
  await shot(page, 'sign-up-code');
  await page.getByRole('button', { name: 'Verify' }).click();

  // Step info: the mobile is locked; rules on submit; the terms link goes to /terms.
  await expect(page.getByLabel('Full name')).toBeVisible();
  // As people read it: the international format of the number the SMS went to.
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue(
    `+60 ${mobileDigits.slice(0, 2)} ${mobileDigits.slice(2, 5)} ${mobileDigits.slice(5)}`,
  );
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
  await page.getByLabel('Full name').fill('Ali B');
  await page.getByLabel('E-mail (you sign in with it)').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weakpass');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Sign up' }).last().click();
  await expect(page.getByText('Full name must be longer than 5 characters.')).toBeVisible();
  await expect(page.getByText(/Password must be at least 9 characters/)).toBeVisible();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByLabel('Full name').fill('Ahmad Zulkifli bin Hassan');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox').check();
  await shot(page, 'sign-up-info');
  await page.getByRole('button', { name: 'Sign up' }).last().click();

  // Activation with the PIN e-mailed (typed in, as a user who copies it would).
  await expect(page).toHaveURL(new RegExp(`/auth/activate/\\?email=${encodeURIComponent(email).replace(/[.+]/g, '\\$&')}`));
  const pin = (await waitForMessage(request, 'email', email, /activation code is: (\S+)/))[1]!;
  await page.getByLabel('Activation code').fill(`${pin}x`);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('activate-error')).toHaveText('The activation code is not valid.');
  await page.getByLabel('Activation code').fill(pin);
  await shot(page, 'activate');
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\/?\?from=register/);
  await expect(page.getByTestId('from-banner')).toHaveText('Your account is activated. Please sign in.');

  // Sign-in: a wrong password is a red banner; the right one asks for the licence agreement.
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('Incorrect e-mail or password.');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Reject first: back to / without a session; then sign in again and accept.
  await page.getByTestId('eula-dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('binaan.session'))).toBeNull();
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const eula = page.getByTestId('eula-dialog');
  await expect(eula.getByRole('heading', { name: 'Licence agreement', exact: true })).toBeVisible();
  await expect(eula.getByRole('button', { name: 'Accept' })).toBeEnabled();
  await expect(eula.locator('.eula-text')).not.toBeEmpty();
  await shot(page, 'eula');
  await eula.getByRole('button', { name: 'Accept' }).click();
  // Into the signed-in area (/article); a user with no company yet is sent on to choose one (the URL only
  // passes through /article, so the page it rests on is what is checked).
  await expect(page).toHaveURL(/\/select-company$/);
  await expect(page.getByText('You are not a member of any company yet.')).toBeVisible();
  const firstToken = await page.evaluate(() => JSON.parse(localStorage.getItem('binaan.session') ?? '{}').jwtToken as string);
  const userId = JSON.parse(Buffer.from(firstToken.split('.')[1]!, 'base64url').toString()).sub as string;

  // Setup through the API: the platform admin forces a password reset; the user's session ends at once
  // and the temporary password arrives by e-mail.
  const adminToken = await signInThroughApi(request, 'admin@binaan.my');
  const forced = await request.post(`/api/users/${userId}/force-password-reset`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { reason: 'Browser e2e: forced change' },
  });
  expect(forced.status()).toBe(200);
  expect(
    (await request.get('/api/application/get-server-timestamp', { headers: { authorization: `Bearer ${firstToken}` } })).status(),
  ).toBe(401);
  const temporary = (await waitForMessage(request, 'email', email, /temporary password is: (\S+)/))[1]!;
  expect((await request.post('/api/login', { data: { email, password } })).status()).toBe(401);

  // Signed out, the user signs in with the temporary password and is sent to change it.
  await page.goto('/auth/sign-in?from=logout');
  await expect(page.getByTestId('from-banner')).toHaveText('You have been logged out.');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Forced change: old password, new one (rules first), then back to / signed out by the server.
  await expect(page).toHaveURL(/\/auth\/change-password$/);
  await page.getByLabel('Old password').fill(temporary);
  await page.getByLabel('New password', { exact: true }).fill(temporary);
  await page.getByLabel('Confirm new password').fill(temporary);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The new password must differ from the old one.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await shot(page, 'change-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('binaan.session'))).toBeNull();

  // Neither the first nor the temporary password works any more; the new one does, without the licence prompt.
  expect((await request.post('/api/login', { data: { email, password } })).status()).toBe(401);
  expect((await request.post('/api/login', { data: { email, password: temporary } })).status()).toBe(401);
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Into the signed-in area (/article); a user with no company yet is sent on to choose one (the URL only
  // passes through /article, so the page it rests on is what is checked).
  await expect(page).toHaveURL(/\/select-company$/);
  await expect(page.getByText('You are not a member of any company yet.')).toBeVisible();
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('binaan.session') ?? '{}').jwtToken as string);
  expect(token).toBeTruthy();
  expect((await request.get('/api/application/get-server-timestamp', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
    200,
  );

  // Sign out (the catch-all's sign-out link): the server ends the session and the local data is gone.
  await page.goto('/auth/sign-in?from=logout');
  await expect(page.getByTestId('from-banner')).toHaveText('You have been logged out.');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('binaan.session'))).toBeNull();
  await expect
    .poll(async () =>
      (await request.get('/api/application/get-server-timestamp', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);
  await shot(page, 'signed-out');
  expect(errors).toEqual([]);
});

test('the mobile typed in its full form after the fixed +60 reaches the code screen as the SMS went to it; asking again too soon counts down', async ({
  page,
  request,
}) => {
  // The page's timers run on a clock the test can move on, so the wait is not sat through.
  await page.clock.install();
  const digits = freshMobileDigits(); // 12 and 7 digits
  const e164 = `+60${digits}`;
  const full = `+60 ${digits.slice(0, 2)}-${digits.slice(2, 5)} ${digits.slice(5)}`;
  const local = `0${digits.slice(0, 2)}-${digits.slice(2, 5)} ${digits.slice(5)}`;
  const shown = `+60 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
  const sendCode = page.getByTestId('send-code');
  const waitOver = page.getByTestId('code-wait-over');

  await page.goto('/auth/sign-up');
  const input = page.getByTestId('mobile-input');
  // The fixed +60 is in sight, not under the flag button.
  const flag = (await page.locator('.phone-field .flag-dropdown').boundingBox())!;
  const textStart = await input.evaluate((el) => el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft));
  expect(textStart).toBeGreaterThanOrEqual(flag.x + flag.width);
  await typePhone(input, full);
  // Every digit typed stays in the field (the country code typed again included).
  expect((await input.inputValue()).replace(/\D/g, '')).toBe(`60${full.replace(/\D/g, '')}`);
  await sendCode.click();
  await expect(page.getByLabel('Verification code').or(page.getByTestId('sign-up-error'))).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('sign-up-error')).toHaveCount(0);
  await expect(page.getByTestId('code-sent-to')).toHaveText(`Enter the 6-digit code sent to ${shown}.`);
  // The SMS went to that same number.
  expect((await waitForMessage(request, 'sms', e164, /code is (\d{6})/))[1]).toMatch(/^\d{6}$/);
  await expect(page.getByTestId('resend')).toBeDisabled();

  // Back at the mobile step the same number waits out the countdown.
  await page.getByRole('button', { name: 'Change number' }).click();
  await expect(sendCode).toBeDisabled();
  await expect(sendCode).toHaveText(/^Send code \(\d+\)$/);

  // A fresh page knows of no code: the server refuses, and the seconds it says are left count down.
  await page.reload();
  await typePhone(page.getByTestId('mobile-input'), local);
  await sendCode.click();
  await expect(page.getByTestId('sign-up-error')).toHaveText('Please wait before asking for another code.', { timeout: 45_000 });
  await expect(sendCode).toBeDisabled();
  await expect(sendCode).toHaveText(/^Send code \((\d+)\)$/);
  const left = Number(/\((\d+)\)/.exec((await sendCode.textContent()) ?? '')![1]);
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThanOrEqual(60);
  await expect(waitOver).toHaveText('');
  await expect(waitOver).toHaveAttribute('aria-live', 'polite');
  await page.clock.runFor(2_000);
  const later = Number(/\((\d+)\)/.exec((await sendCode.textContent()) ?? '')![1]);
  expect(later).toBeLessThanOrEqual(left - 2);
  expect(later).toBeGreaterThan(0);
  await expect(waitOver).toHaveText('');
  await page.clock.runFor((later + 1) * 1_000);
  await expect(sendCode).toBeEnabled();
  await expect(sendCode).toHaveText('Send code');
  await expect(page.getByTestId('sign-up-error')).toHaveCount(0);
  await expect(waitOver).toHaveText('You can ask for a new code now.');
  await shot(page, 'sign-up-wait-over');
});

test('forgot and reset password: the human check, the e-mailed link, the new password signs in', async ({ page, request }) => {
  const email = 'kumar@teguhbina.my';
  const newPassword = `Reset#${unique()}A1`;
  await page.goto('/auth/forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await shot(page, 'forgot-password');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?from=forgotpassword/);
  await expect(page.getByTestId('from-banner')).toContainText('we have sent a link to reset the password');

  const link = (await waitForMessage(request, 'email', email, /(\/auth\/reset-password\?\S+)/))[1]!;
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm new password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('reset-error')).toHaveText('The new password must differ from the old one.');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await shot(page, 'reset-password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?from=resetpassword/);
  await expect(page.getByTestId('from-banner')).toHaveText('Your password has been reset. Please sign in with your new password.');

  // The link works once; the new password signs in.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(`${newPassword}B`);
  await page.getByLabel('Confirm new password').fill(`${newPassword}B`);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('reset-error')).toHaveText('This link is not valid or has expired.');
  expect((await request.post('/api/login', { data: { email, password: newPassword } })).status()).toBe(200);
  expect((await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } })).status()).toBe(401);
});

test('sign-in prefill and from= banners, activation straight from a link, the legal pages', async ({ page }) => {
  await page.goto('/auth/sign-in?from=resetpassword&email=a%40b.my&pass=Secret%231x');
  await expect(page.getByLabel('E-mail')).toHaveValue('a@b.my');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Secret#1x');
  await expect(page.getByTestId('from-banner')).toHaveText('Your password has been reset. Please sign in with your new password.');
  await page.goto('/auth/sign-in');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('This field is required.')).toHaveCount(2);
  // A code in the activation link is submitted at once.
  await page.goto('/auth/activate?email=nobody%40contoh.my&activation_code=not-a-code');
  await expect(page.getByLabel('Activation code')).toHaveValue('not-a-code');
  await expect(page.getByTestId('activate-error')).toHaveText('The activation code is not valid.');
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(page.locator('.legal h2')).toHaveCount(6);
  await page.goto('/privacy-policy');
  await expect(page.locator('.legal h2')).toHaveCount(9);
  await page.goto('/terms-of-use');
  await expect(page.locator('.legal')).toContainText('8% per month');
  await expect(page.locator('.legal')).toContainText('RM10,000');
  await shot(page, 'terms-of-use');
});

test('sign-up with a number that already has an account: the banner links to sign-in', async ({ page, request }) => {
  const login = await (await request.post('/api/login', { data: { email: 'hafiz@serihartanah.my', password: DEMO_PASSWORD } })).json();
  const mobile = login.user.user_mobile as string;
  expect(mobile).toMatch(/^\+60\d+$/);
  await page.goto('/auth/sign-up');
  await typePhone(page.getByTestId('mobile-input'), mobile.slice(3));
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = (await waitForMessage(request, 'sms', mobile, /code is (\d{6})/))[1]!;
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  const banner = page.getByTestId('sign-up-error');
  await expect(banner).toContainText('This mobile number is already registered.');
  await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in');
  await shot(page, 'sign-up-mobile-exists');
});

test('the contractor variant of the password change: mobile number and terms, submit disabled until ticked', async ({ page, request }) => {
  const email = 'wong@kukuhcontractor.my';
  const newPassword = `Kontraktor#${unique()}9`;
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth\/sign-in/);
  await page.goto('/auth/cidb-change-password');
  const submit = page.getByRole('button', { name: 'Change password' });
  await expect(submit).toBeDisabled();
  await expect(page.getByTestId('phoneNumber-input')).not.toHaveValue('');
  await page.getByRole('button', { name: 'terms and conditions' }).click();
  await expect(page.getByTestId('terms-dialog')).toContainText('Binaan end-user licence agreement');
  await page.getByTestId('terms-dialog').getByRole('button', { name: 'Close' }).last().click();
  await page.getByLabel('Old password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('checkbox').check();
  await expect(submit).toBeEnabled();
  await shot(page, 'cidb-change-password');
  await submit.click();
  await expect(page).toHaveURL(/\/$/);
  expect((await request.post('/api/login', { data: { email, password: newPassword } })).status()).toBe(200);
});

test('an invitation_id on the sign-up page accepts the invitation on load, once', async ({ page }) => {
  await page.goto('/auth/sign-up?invitation_id=demo-call-for-interest-2026');
  await expect(page.getByRole('status').filter({ hasText: 'The invitation has been accepted.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'You have already responded to this invitation.' })).toBeVisible();
});

test("a tender's e-mail invitation link: the sign-up page names the tender and the buyer, and the sign-up carries the id", async ({
  page,
  request,
}) => {
  // Aminah (Teguh Bina's administrator, level 10 on tenders) makes a tender and invites a company not on the
  // platform by e-mail, through the api. Not Kumar: the reset-password test above gives him a new password
  // on this same server.
  const buyer = { authorization: `Bearer ${await signInThroughApi(request, 'aminah@teguhbina.my', TEGUH)}` };
  const day = 24 * 60 * 60_000;
  const tender = await (
    await request.post('/api/documents/tender', {
      headers: buyer,
      data: {
        title: 'Roof trusses, Block G (e-mail invitation)',
        openAt: new Date(Date.now() + 6 * 60_000).toISOString(),
        closeAt: new Date(Date.now() + 3 * day).toISOString(),
        expectedDeliveryStart: new Date(Date.now() + 10 * day).toISOString().slice(0, 10),
        items: [{ description: 'Steel roof truss', unit: 'no', quantity: '12', rate: '450.00' }],
      },
    })
  ).json();
  const sent = await request.post(`/api/tendering/tenders/${tender.id}/email-invitations`, {
    headers: buyer,
    data: { companyName: 'Syarikat Bumbung', email: `bumbung-${unique()}@example.my` },
  });
  expect(sent.status()).toBe(201);
  const { invitationId } = await sent.json();

  // A link that names nothing is said so; the sign-up still works.
  await page.goto(`/auth/sign-up?invitation_id=${'Z'.repeat(22)}`);
  await expect(page.getByTestId('tender-invitation')).toHaveText('This invitation link is not valid. You can still sign up.');

  // The real link: the tender's number and the buyer, and the sign-up sends the id with it.
  await page.goto(`/auth/sign-up?invitation_id=${invitationId}`);
  await expect(page.getByTestId('tender-invitation')).toContainText(`Invitation to tender ${tender.documentNo} from Teguh Bina Sdn Bhd.`);
  await shot(page, 'sign-up-tender-invitation');
  const mobileDigits = freshMobileDigits();
  await typePhone(page.getByTestId('mobile-input'), mobileDigits);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Verification code').or(page.getByTestId('sign-up-error'))).toBeVisible({ timeout: 45_000 });
  await page.getByLabel('Verification code').fill((await waitForMessage(request, 'sms', `+60${mobileDigits}`, /code is (\d{6})/))[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('Full name').fill('Rosnah binti Ahmad');
  await page.getByLabel('E-mail (you sign in with it)').fill(`rosnah-${unique()}@bumbung.my`);
  await page.getByLabel('Password', { exact: true }).fill('Mula#Bina2026');
  await page.getByLabel('Confirm password').fill('Mula#Bina2026');
  await page.getByRole('checkbox').check();
  const signUp = page.waitForRequest((req) => req.url().endsWith('/api/users/sign-up') && req.method() === 'POST');
  await page.getByRole('button', { name: 'Sign up' }).last().click();
  expect((await signUp).postDataJSON()).toEqual(expect.objectContaining({ invitation_id: invitationId }));
  await expect(page).toHaveURL(/\/auth\/activate\//);
});
