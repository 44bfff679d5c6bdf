// Helpers of the browser suites: screenshots under test/browser/screenshots, the developer outbox (SMS
// codes, activation and reset e-mails), demo sign-ins through the API, and the QR image taken out of a
// certificate PDF (pdf-lib stores the PNG as Flate-compressed pixels; re-encoded as a PNG with pngjs).

import { inflateSync } from 'node:zlib';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { PNG } from 'pngjs';

export const DEMO_PASSWORD = 'Demo@Binaan2026';
export const TEGUH = 'teguh-bina';
const SHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A unique suffix per run, so a test never meets its own earlier data. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A Malaysian mobile number no one has used: +60 12 and 7 random digits. */
export function freshMobileDigits(): string {
  return `12${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

type OutboxItem = { to: string; purpose: string; text: string };

const decode = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The developer outbox, newest first, per channel. */
export async function readOutbox(request: APIRequestContext): Promise<{ email: OutboxItem[]; sms: OutboxItem[] }> {
  const html = await (await request.get('/api/dev/outbox')).text();
  const channel = (title: string) => {
    const section = new RegExp(`<section><h2>${title}</h2>(.*?)</section>`, 's').exec(html)?.[1] ?? '';
    return [...section.matchAll(/<li><p><time>[^<]*<\/time> to <b>([^<]*)<\/b> \(([^)]*)\)[^<]*<\/p><pre>(.*?)<\/pre>/gs)].map((m) => ({
      to: decode(m[1]!),
      purpose: decode(m[2]!),
      text: decode(m[3]!),
    }));
  };
  return { email: channel('E-mail'), sms: channel('SMS') };
}

/** Waits for the newest message to an address (or number) matching a pattern, and returns the match. */
export async function waitForMessage(
  request: APIRequestContext,
  channel: 'email' | 'sms',
  to: string,
  pattern: RegExp,
): Promise<RegExpExecArray> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const outbox = await readOutbox(request);
    for (const item of outbox[channel]) {
      const match = item.to === to ? pattern.exec(item.text) : null;
      if (match) return match;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${channel} to ${to} matching ${pattern}`);
}

/** A demo user's session token in a company, through the API. */
export async function signInThroughApi(request: APIRequestContext, email: string, companyId?: string): Promise<string> {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  if (!login.ok()) throw new Error(`login ${email}: ${login.status()} ${await login.text()}`);
  const token = (await login.json()).jwtToken as string;
  if (!companyId) return token;
  const chosen = await request.get(`/api/company/choose/${companyId}`, { headers: { authorization: `Bearer ${token}` } });
  if (!chosen.ok()) throw new Error(`choose ${companyId}: ${chosen.status()} ${await chosen.text()}`);
  return (await chosen.json()).jwtToken as string;
}

/** Every image embedded in a PDF, as PNG files. */
export async function imagesInPdf(bytes: Uint8Array): Promise<Buffer[]> {
  const pdf = await PDFDocument.load(bytes);
  const images: Buffer[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const pixels = inflateSync(Buffer.from(object.contents));
    const channels = pixels.length / (width * height);
    if (channels !== 1 && channels !== 3) continue;
    const png = new PNG({ width, height });
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) png.data[i * 4 + c] = pixels[i * channels + (channels === 3 ? c : 0)]!;
      png.data[i * 4 + 3] = 255;
    }
    images.push(PNG.sync.write(png));
  }
  return images;
}

/** Types national digits into a phone field the way a person does: click, cursor to the end (after the fixed dial code), then key by key. */
export async function typePhone(input: import('@playwright/test').Locator, digits: string): Promise<void> {
  await input.click();
  await input.press('End');
  await input.pressSequentially(digits, { delay: 30 });
}
