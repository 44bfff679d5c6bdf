// Certificate verification in the browser: the QR image taken out of a real certificate PDF is uploaded
// to the viewer (the camera's fallback) and shows genuine with every check, the PDF's first page and the
// detail cards; a QR whose certificate number was altered shows not genuine, says why, and opens the
// notice. Certificates come from the demo event (Teguh Bina's safety briefing), found through the
// organizer API as Aminah.

import { expect, test, type APIRequestContext } from '@playwright/test';
import QRCode from 'qrcode';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { axeFindings } from './admin/axe.js';
import { TEGUH, imagesInPdf, shot, signInThroughApi } from './support.js';

const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ?? jsQRModule) as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null;

type Participant = {
  registration_id: string;
  name: string;
  certificate_no: string;
  approve_datetime: string;
  revoked_datetime: string;
  check_in: string;
};

async function approvedCertificate(
  request: APIRequestContext,
): Promise<{ participant: Participant; pdf: Buffer; qrPng: Buffer; qrText: string }> {
  const token = await signInThroughApi(request, 'aminah@teguhbina.my', TEGUH);
  const headers = { authorization: `Bearer ${token}` };
  const events = (await (await request.get('/api/article/organizer-list', { headers })).json()).data as {
    id: string;
    certificates: number;
  }[];
  for (const event of events.filter((e) => e.certificates > 0)) {
    const attendance = await (await request.get(`/api/article/${event.id}/attendance`, { headers })).json();
    const participant = (attendance.participants as Participant[]).find(
      (p) => p.certificate_no !== '-' && !p.approve_datetime.startsWith('0001') && p.revoked_datetime.startsWith('0001'),
    );
    if (!participant) continue;
    const pdf = await (await request.get(`/api/event-participant/download-certificate/${participant.registration_id}`)).body();
    for (const png of await imagesInPdf(pdf)) {
      const image = PNG.sync.read(png);
      const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
      if (code) return { participant, pdf, qrPng: png, qrText: code.data };
    }
  }
  throw new Error('no approved, unrevoked demo certificate with a readable QR');
}

test('a certificate is verified by uploading the QR image from its PDF and shows genuine', async ({ page, request }) => {
  const { participant, qrPng, qrText } = await approvedCertificate(request);
  expect(qrText.startsWith(`${participant.registration_id},`)).toBe(true);
  await page.goto('/');
  await page.getByTestId('open-verifier').click();
  const viewer = page.getByTestId('verify-dialog');
  await viewer.getByTestId('qr-upload').setInputFiles({ name: 'certificate-qr.png', mimeType: 'image/png', buffer: qrPng });
  const verdict = viewer.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-genuine', 'true');
  await expect(viewer.getByTestId('verdict-title')).toHaveText('Genuine certificate');
  const checks = viewer.getByTestId('checks').locator('li');
  await expect(checks).toHaveCount(10);
  await expect(viewer.locator('li[data-result="failed"]')).toHaveCount(0);
  await expect(viewer.locator('li[data-check="signature"]')).toContainText('Passed');
  await expect(viewer.locator('li[data-check="chainVerifies"]')).toContainText('Passed');
  // The PDF's first page, 550 px wide on a desktop screen, beside the cards.
  await expect(viewer.getByTestId('certificate-pdf').locator('canvas')).toBeVisible();
  expect(Math.round((await viewer.getByTestId('certificate-pdf').locator('canvas').boundingBox())!.width)).toBeLessThanOrEqual(550);
  await expect(viewer.getByTestId('card-registration')).toContainText(participant.name);
  await expect(viewer.getByTestId('card-registration')).toContainText(/[0-9a-f]{64}/);
  await expect(viewer.getByTestId('card-issues-certificate').getByRole('heading')).toHaveText('Certificate issued');
  await expect(viewer.getByTestId('card-issues-certificate')).toContainText(participant.certificate_no);
  await expect(viewer.getByTestId('card-issues-certificate')).toContainText(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/);
  await expect(viewer.getByTestId('card-check-in')).toBeVisible();
  await expect(viewer.getByTestId('card-check-out')).toBeVisible();
  // Beside the PDF, the same certificate as a verifiable credential (Open Badges 3.0).
  const credentialLink = viewer.getByTestId('download-credential');
  await expect(credentialLink).toHaveText('Download the digital credential');
  const href = (await credentialLink.getAttribute('href'))!;
  expect(href).toBe(`/api/event-participant/download-credential/${participant.registration_id}`);
  const credential = await (await request.get(href)).json();
  expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  expect(credential.proof.cryptosuite).toBe('eddsa-rdfc-2022');
  await expect(viewer.getByTestId('download-pdf')).toHaveAttribute(
    'href',
    `/api/event-participant/download-certificate/${participant.registration_id}`,
  );
  await shot(page, 'certificate-genuine');
});

test('a tampered certificate (its number changed in the QR) shows not genuine, why, and the notice', async ({ page, request }) => {
  const { participant, qrText } = await approvedCertificate(request);
  const last = participant.certificate_no.at(-1)!;
  const forgedNo = participant.certificate_no.slice(0, -1) + (last === 'A' ? 'B' : 'A');
  const forged = qrText.replace(participant.certificate_no, forgedNo);
  expect(forged).not.toBe(qrText);
  const forgedPng = await QRCode.toBuffer(forged, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });

  await page.goto('/certificate');
  await page.getByTestId('qr-upload').setInputFiles({ name: 'forged-qr.png', mimeType: 'image/png', buffer: forgedPng });
  const notice = page.getByTestId('verify-notice');
  await expect(notice).toContainText('This certificate is not genuine. Do not rely on it.');
  await shot(page, 'certificate-not-genuine-notice');
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-genuine', 'false');
  await expect(page.getByTestId('verdict-title')).toHaveText('Not a genuine certificate');
  await expect(page.locator('li[data-check="signature"]')).toHaveAttribute('data-result', 'failed');
  await expect(page.getByTestId('verdict')).toContainText("The issuer's signature does not match the values in the QR code");
  await expect(page.getByTestId('certificate-pdf')).toHaveCount(0);
  await shot(page, 'certificate-not-genuine');

  // An image without a QR code is an error toast, and the scanner stays.
  const blank = new PNG({ width: 40, height: 40 });
  blank.data.fill(255);
  await page.getByTestId('scan-again').click();
  await page.getByTestId('qr-upload').setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: PNG.sync.write(blank) });
  await expect(page.getByRole('alert').filter({ hasText: 'No QR code was found in this image.' })).toBeVisible();
  // The scan left its hidden canvas in the camera's region: still nothing drawn above the buttons.
  await expect(page.getByTestId('scanner-region')).toBeHidden();
});

test('the certificate page and the verify dialog are headed for a visitor, with nothing drawn above the buttons', async ({ page }) => {
  await page.goto('/certificate');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify a certificate');
  await expect(page).toHaveTitle('Verify a certificate · Binaan');
  await expect(page.getByTestId('scanner-region')).toBeHidden();
  await page.goto('/');
  await page.getByTestId('open-verifier').click();
  const dialog = page.getByTestId('verify-dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Verify a certificate');
  await expect(dialog.getByTestId('scanner-region')).toBeHidden();
  // The intro, then the buttons: no box of the camera's between them.
  const intro = (await dialog.getByText(/^Scan the QR code on the certificate/).boundingBox())!;
  const camera = (await dialog.getByTestId('start-camera').boundingBox())!;
  expect(camera.y - (intro.y + intro.height)).toBeLessThan(32);
  await shot(page, 'verify-dialog');
});

test('on a 375 px phone the credential and PDF links fit, read in each language, and pass axe', async ({ page, request }) => {
  const { qrPng } = await approvedCertificate(request);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/certificate');
  await page.getByTestId('qr-upload').setInputFiles({ name: 'certificate-qr.png', mimeType: 'image/png', buffer: qrPng });
  const link = page.getByTestId('download-credential');
  for (const [language, text] of [
    ['ms', 'Muat turun kelayakan digital'],
    ['zh', '下载数字凭证'],
    ['en', 'Download the digital credential'],
  ] as const) {
    await page.getByTestId(`language-${language}`).click();
    await expect(link).toHaveText(text);
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await axeFindings(page, { include: '[data-testid="certificate-downloads"]' })).toEqual([]);
  await shot(page, 'certificate-downloads-mobile');
});

test('on a small screen the certificate page is 250 px wide', async ({ page, request }) => {
  const { qrPng } = await approvedCertificate(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/certificate');
  await page.getByTestId('qr-upload').setInputFiles({ name: 'certificate-qr.png', mimeType: 'image/png', buffer: qrPng });
  const canvas = page.getByTestId('certificate-pdf').locator('canvas');
  await expect(canvas).toBeVisible();
  expect(Math.round((await canvas.boundingBox())!.width)).toBe(250);
  await shot(page, 'certificate-mobile');
});
