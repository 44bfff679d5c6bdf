// §9's storage per package where files are stored, on PostgreSQL with the files in an S3 bucket (s3rver) and
// on PGlite with the files on disk. A company's documents count on its package's storage as a running total
// (GET /api/subscriptions/usage shows it with the 80% warning); an upload past the storage is refused with
// 409 subscriptionLimit naming the storage cap, by its declared length or while it streams, and nothing is
// recorded or kept; a new version counts in place of the old one and a removed document gives its space back.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { API_CONFIG } from '../../../apps/api/src/store/store.tokens.js';
import { startS3Server, type TestS3Server } from '../../support/s3-server.js';
import { FEATURE_STORES, itAnsweredEveryCallWithoutAServerError, startDocumentsApp, TEGUH, type Running } from '../documents/harness.js';

const BASE = `/api/company-files/${TEGUH}`;
const S3_PORT = Number(process.env.FILES_S3_TEST_PORT ?? 0);
const GB = 1024 ** 3;
const pdf = (bytes: number) => {
  const head = Buffer.from(`%PDF-1.7\n% ${randomBytes(8).toString('hex')}\n`);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 0x20)]);
};
type Storage = { limit: number; used: number; warning: boolean };

describe.each(FEATURE_STORES)('the storage cap on %s', (kind) => {
  const files = kind === 'pglite' ? 'disk' : 's3';
  let s3: TestS3Server | undefined;
  let running: Running | undefined;
  const r = () => running!;
  let aminah = '',
    admin = '';

  const upload = (bytes: Buffer, name: string, path = `${BASE}?category=auditedAccounts`) =>
    r().api.call('post', path, {
      token: aminah,
      body: bytes,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': name, 'x-file-type': 'application/pdf' },
    });
  const storage = async (): Promise<Storage> => {
    const reply = await r().api.call('get', '/api/subscriptions/usage', { token: aminah });
    expect(reply.status).toBe(200);
    return reply.body.storage as Storage;
  };
  /** What the company stores, set as if its files took it (the package's gigabytes are too many to upload in a test). */
  const storing = (bytes: number) => r().sql.query('UPDATE company_storage SET used_bytes = $2 WHERE company_id = $1', [TEGUH, bytes]);
  const fileEvents = async () =>
    (await r().sql.query<{ type: string }>("SELECT type FROM events WHERE stream_type = 'companyFiles' ORDER BY global_position")).map(
      (row) => row.type,
    );
  const keptOnDisk = async () =>
    files === 'disk'
      ? (await readdir(join(r().app.get<ApiConfig>(API_CONFIG).dataDir, 'files')).catch(() => []))
          .filter((name) => name !== 'incoming')
          .sort()
      : null;
  /** A PDF of `size` bytes sent without a declared length (chunked). */
  const streamed = async (size: number) => {
    const whole = pdf(size);
    const reply = await r()
      .app.getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: `${BASE}?category=auditedAccounts`,
        payload: Readable.from([whole.subarray(0, 64), whole.subarray(64)]),
        headers: {
          authorization: `Bearer ${aminah}`,
          'content-type': 'application/octet-stream',
          'x-file-name': 'streamed.pdf',
          'x-file-type': 'application/pdf',
        },
      });
    r().api.replies.push({ call: `POST ${BASE}`, status: reply.statusCode, text: reply.body });
    return { status: reply.statusCode, body: JSON.parse(reply.body) as Record<string, unknown> };
  };

  beforeAll(async () => {
    if (files === 's3') s3 = await startS3Server(S3_PORT);
    running = await startDocumentsApp(kind, s3?.env ?? {});
    [aminah, admin] = await Promise.all([r().signIn('aminah@teguhbina.my', TEGUH), r().signIn('admin@binaan.my', TEGUH)]);
  }, 300_000);
  afterAll(async () => {
    await running?.stop();
    await s3?.close();
  });

  it("shows the company its package's storage, as configured, and counts each document it uploads", async () => {
    const before = await storage();
    expect(before).toEqual({ limit: 1_000 * GB, used: 0, warning: false });
    // The elite package's storage lowered: the figure is read when asked.
    expect(
      (
        await r().api.call('put', '/api/platform-configuration/package.subcontractor-elite.storageGb', {
          token: admin,
          body: { value: 500, reason: 'Storage as sold this year' },
        })
      ).status,
    ).toBe(200);
    const first = await upload(pdf(3_000), 'first.pdf');
    const second = await upload(pdf(5_000), 'second.pdf');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await storage()).toEqual({ limit: 500 * GB, used: 8_000, warning: false });
  });

  it('refuses an upload past the storage with 409 subscriptionLimit naming the cap, by its declared length, and records and keeps nothing', async () => {
    const limit = 500 * GB;
    await storing(limit - 1_000);
    const events = await fileEvents();
    const kept = await keptOnDisk();
    const refused = await upload(pdf(1_001), 'one-too-many.pdf');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      errorCode: 'subscriptionLimit',
      cap: 'storage',
      limit,
      used: limit - 1_000,
      adding: 1_001,
    });
    expect(await fileEvents()).toEqual(events);
    expect(await keptOnDisk()).toEqual(kept);
    // What still fits is taken, to the last byte; the storage warns past 80%.
    expect((await upload(pdf(1_000), 'just-fits.pdf')).status).toBe(201);
    expect(await storage()).toEqual({ limit, used: limit, warning: true });
  });

  it('stops a file sent without a declared length where it passes the storage, and keeps nothing of it', async () => {
    const limit = 500 * GB;
    await storing(limit - 2_000);
    const events = await fileEvents();
    const kept = await keptOnDisk();
    const refused = await streamed(5_000);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'subscriptionLimit', cap: 'storage', limit, used: limit - 2_000 });
    // It was stopped one byte past the room: at least that much more was coming.
    expect(refused.body.adding).toBe(2_001);
    expect(await fileEvents()).toEqual(events);
    expect(await keptOnDisk()).toEqual(kept);
  });

  it("counts a new version in place of the old one, and gives a removed document's space back", async () => {
    await storing(10_000);
    const uploaded = await upload(pdf(4_000), 'accounts-2025.pdf');
    expect(uploaded.status).toBe(201);
    const documentId = uploaded.body.documentId as string;
    expect((await storage()).used).toBe(14_000);
    expect((await upload(pdf(1_500), 'accounts-2025-restated.pdf', `${BASE}/${documentId}/versions`)).status).toBe(201);
    expect((await storage()).used).toBe(11_500);
    const removed = await r().api.call('post', `${BASE}/${documentId}/actions/Remove`, { token: aminah, body: { reason: 'Filed twice' } });
    expect(removed.status).toBe(200);
    expect((await storage()).used).toBe(10_000);
    // With the room a removal gave back, a new version that would pass the storage is refused, and the old one stays current.
    const limit = 500 * GB;
    const again = await upload(pdf(2_000), 'statement.pdf');
    expect(again.status).toBe(201);
    await storing(limit - 100);
    const larger = await upload(pdf(2_101), 'statement-full.pdf', `${BASE}/${again.body.documentId as string}/versions`);
    expect(larger.status).toBe(409);
    expect(larger.body).toMatchObject({ errorCode: 'subscriptionLimit', cap: 'storage', limit, used: limit - 100, adding: 101 });
    expect((await upload(pdf(2_100), 'statement-same-room.pdf', `${BASE}/${again.body.documentId as string}/versions`)).status).toBe(201);
  });

  itAnsweredEveryCallWithoutAServerError(() => r());
});
