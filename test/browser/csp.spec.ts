// The Content-Security-Policy in the browser: a walk through the public area (landing,
// the human check of a registration, the certificate viewer with its PDF and QR upload, sign-in) and the
// signed-in area (a document, its history, the bell's websocket, the door's QR scanner with a fake camera,
// Swagger UI) fails on any violation Chromium reports: `securitypolicyviolation` events collected by an
// init script in every page, and the console's "Refused to ..." errors (which also cover workers).
import { expect, signIn, test } from './admin/fixtures.js';
import type { Page } from '@playwright/test';
import { TEGUH, imagesInPdf, signInThroughApi } from './support.js';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ?? jsQRModule) as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null;

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A camera for the QR scanner: Chromium's test pattern, allowed without a prompt.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
  permissions: ['camera'],
});

type Violation = { page: string; directive: string; blocked: string; source?: string };

/** Records every CSP violation of the page (and of the pages it navigates to). */
async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('__reportCspViolation', (v: Violation) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation({
        page: location.pathname,
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      violations.push({ page: page.url(), directive: 'console', blocked: message.text() });
    }
  });
  return violations;
}

test('the public area, the signed-in area and Swagger UI run under the policy without a violation', async ({ page, request, baseURL }) => {
  test.setTimeout(360_000);
  const violations = await watchViolations(page);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));

  // The landing and a public registration: the ALTCHA widget solves its proof of work in workers.
  const landing = await page.goto('/');
  expect(landing?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByTestId('open-verifier')).toBeVisible();
  const token = await signInThroughApi(request, 'aminah@teguhbina.my', TEGUH);
  await page.goto('/auth/forgot-password');
  await page.getByLabel('E-mail').fill('nobody@contoh.my');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?from=forgotpassword/, { timeout: 60_000 });

  // The certificate viewer: a QR image uploaded, the verdict, the PDF drawn by pdf.js's worker.
  const qrPng = await certificateQr(request, token);
  await page.goto('/');
  await page.getByTestId('open-verifier').click();
  const viewer = page.getByTestId('verify-dialog');
  await viewer.getByTestId('qr-upload').setInputFiles({ name: 'certificate-qr.png', mimeType: 'image/png', buffer: qrPng });
  await expect(viewer.getByTestId('verdict')).toHaveAttribute('data-genuine', 'true');
  await expect(viewer.getByTestId('certificate-pdf').locator('canvas')).toBeVisible();

  // Signed in: a purchase order and its history, with the bell's live channel open.
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true');
  expect(sockets.some((url) => url.includes('/api/ws/user'))).toBe(true);
  await page.goto('/purchaseOrder');
  await page.locator('[data-testid="document-row"], table tbody tr').first().click();
  await expect(page.getByTestId('document-number')).toBeVisible();

  // The door's scanner with the camera on (html5-qrcode reads the fake camera's frames).
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await page.goto('/organizer/events');
  await page.getByTestId('event-row').first().getByRole('link').click();
  await expect(page.getByTestId('scanner')).toBeVisible();
  await page
    .getByTestId('scanner')
    .getByRole('button', { name: /camera/i })
    .click();
  await expect(page.locator('#qr-reader video')).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1000);

  // Swagger UI, served by the API under the same policy.
  await page.goto(`${baseURL}/api/docs`);
  await expect(page.getByRole('heading', { name: /Binaan API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /POST \/api\/login/ }).first()).toBeVisible();

  expect(violations).toEqual([]);
});

test('a violation is seen by this test: an inline script is refused and reported', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/terms');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.body.appendChild(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.some((v) => /script-src/.test(`${v.directive} ${v.blocked}`))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});

/** An approved demo certificate's QR image, out of its PDF. */
async function certificateQr(request: import('@playwright/test').APIRequestContext, token: string): Promise<Buffer> {
  const headers = { authorization: `Bearer ${token}` };
  const events = (await (await request.get('/api/article/organizer-list', { headers })).json()).data as {
    id: string;
    certificates: number;
  }[];
  for (const event of events.filter((e) => e.certificates > 0)) {
    const attendance = await (await request.get(`/api/article/${event.id}/attendance`, { headers })).json();
    for (const participant of attendance.participants as {
      registration_id: string;
      certificate_no: string;
      approve_datetime: string;
      revoked_datetime: string;
    }[]) {
      if (
        participant.certificate_no === '-' ||
        participant.approve_datetime.startsWith('0001') ||
        !participant.revoked_datetime.startsWith('0001')
      )
        continue;
      const pdf = await (await request.get(`/api/event-participant/download-certificate/${participant.registration_id}`)).body();
      for (const png of await imagesInPdf(pdf)) {
        const image = PNG.sync.read(png);
        if (jsQR(new Uint8ClampedArray(image.data), image.width, image.height)) return png;
      }
    }
  }
  throw new Error('no approved demo certificate with a readable QR');
}
