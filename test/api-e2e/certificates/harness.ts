// The certificates suites' application: the real app on PGlite and on PostgreSQL, the demo accounts and
// companies seeded through their events (Teguh Bina organizes: Aminah administers, Farid is its site team),
// e-mail to the in-process SMTP server, a test clock, and a client that keeps every reply. Also: the QR
// read back out of a certificate PDF (the embedded image decoded with jsQR).
import { inflateSync } from 'node:zlib';
import { expect, it } from '@jest/globals';
import jsQRModule from 'jsqr';
import { PDFDocument, PDFName, PDFRawStream, PDFNumber } from 'pdf-lib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore, SqlDatabase } from '@binaan/event-store';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { READ_MODELS } from '../../../apps/api/src/common/principal.js';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { seedDemoData } from '../../../apps/api/src/demo/demo-seed.js';
import { LookupKeys } from '../../../apps/api/src/personal-data/lookup-keys.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { Client } from '../../support/client.js';
import { TestClock } from '../../support/clock.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../support/smtp-server.js';
import { pgliteConfig, postgresConfig, removeAppData, startApp, TEST_DATABASE_URL } from '../support.js';

// jsqr is CommonJS with `exports.default`: under Node's ESM the default import is the module object.
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ?? jsQRModule) as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null;

export type StoreKind = 'pglite' | 'postgres';
export const STORES: StoreKind[] = ['pglite'];
if (TEST_DATABASE_URL) STORES.push('postgres');
else console.log('certificates api e2e on PostgreSQL did not run: TEST_DATABASE_URL is not set (npm test sets it).');

/** The suite's clock starts here. */
const START = '2026-03-02T00:30:00.000Z';

export const TEGUH = 'teguh-bina';
export const MUTIARA = 'mutiara-supplies';

export type Running = {
  app: NestFastifyApplication;
  api: Client;
  store: EventStore;
  sql: SqlDatabase;
  clock: TestClock;
  kind: StoreKind;
  smtp: TestSmtpServer;
  config: ApiConfig;
  signIn(email: string, companyId: string): Promise<string>;
  stop(): Promise<void>;
};

export async function startCertificatesApp(kind: StoreKind): Promise<Running> {
  const smtp = await startTestSmtpServer();
  const env = { NODE_ENV: 'test', SMTP_URL: smtp.url, PUBLIC_URL: 'https://binaan.example' };
  const config: ApiConfig = kind === 'pglite' ? await pgliteConfig(env) : postgresConfig(env);
  const clock = new TestClock(START);
  const app = await startApp(config, { now: () => clock.now });
  const store = app.get<EventStore>(EVENT_STORE);
  await seedDemoData(store, app.get(LookupKeys));
  const api = new Client(app);
  return {
    app,
    api,
    store,
    clock,
    kind,
    smtp,
    config,
    sql: app.get<SqlDatabase>(READ_MODELS),
    async signIn(email, companyId) {
      const login = await api.call('post', '/api/login', { body: { email, password: DEMO_PASSWORD } });
      expect(login.status).toBe(200);
      const chosen = await api.call('get', `/api/company/choose/${companyId}`, { token: login.body.jwtToken });
      expect(chosen.status).toBe(200);
      return chosen.body.jwtToken as string;
    },
    async stop() {
      await app.close();
      await smtp.close();
      await removeAppData(config);
    },
  };
}

/** The ticket in a registration e-mail. */
export function ticketFrom(text: string): string {
  const match = /Ticket: (\S+)/.exec(text);
  if (!match) throw new Error(`no ticket in: ${text}`);
  return match[1]!;
}

/** Every image in the PDF decoded (pdf-lib stores a PNG as Flate-compressed RGB or gray pixels) and read with jsQR. */
export async function qrTextsFromPdf(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const pixels = inflateSync(Buffer.from(object.contents));
    const channels = pixels.length / (width * height);
    if (channels !== 1 && channels !== 3) continue;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = pixels[i * channels + (channels === 3 ? c : 0)]!;
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, width, height);
    if (code) texts.push(code.data);
  }
  return texts;
}

export function itAnsweredEveryCallWithoutAServerError(running: () => Running | undefined): void {
  it('then no reply was a 500, none showed a stack trace, and every refusal carried an error code', () => {
    const api = running()!.api;
    expect(api.replies.length).toBeGreaterThan(0);
    expect(api.problems()).toEqual([]);
  });
}
