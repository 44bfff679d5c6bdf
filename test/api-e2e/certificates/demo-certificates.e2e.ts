// Given the demo data seeded into an empty store (as npm start does), the landing page shows the demo
// events and counters, a genuine demo certificate verifies, the revoked one does not (with its reason),
// and the genuine one's PDF carries the same QR.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { certificateQrText } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../../../apps/api/src/common/principal.js';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { DEMO_EVENTS, DEMO_REVOKE_REASON } from '../../../apps/api/src/demo/demo-certificates.js';
import { seedDemo } from '../../../apps/api/src/demo/demo-seed.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { pgliteConfig, removeAppData, startApp } from '../support.js';
import { qrTextsFromPdf } from './harness.js';

describe('demo events and certificates on an empty store', () => {
  let app: NestExpressApplication;
  let config: ApiConfig;
  const qrOf = async (registrationId: string) => {
    const events = await app.get<EventStore>(EVENT_STORE).readStream(`eventRegistration-${registrationId}`);
    const c = events.find((e) => e.type === 'EventCertificateIssued')!.data as { registrationId: string; articleId: string; userId: string; certificateNo: string; signature: string };
    return certificateQrText({ id: c.registrationId, article_id: c.articleId, user_id: c.userId, certificate_no: c.certificateNo, signature: c.signature });
  };
  const rows = (sql: string) => app.get<SqlExecutor>(READ_MODELS).query<{ registration_id: string }>(sql);

  beforeAll(async () => {
    config = await pgliteConfig();
    app = await startApp(config);
    expect((await seedDemo(app)).seeded).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await removeAppData(config);
  });

  it('the landing page lists the published demo events and counts their certificates', async () => {
    const list = await request(app.getHttpServer()).get('/api/landing/event-list').expect(200);
    expect(list.body.data.map((e: { title: string }) => e.title).sort()).toEqual(DEMO_EVENTS.filter((e) => e.publish).map((e) => e.title).sort());
    const counters = await request(app.getHttpServer()).get('/api/landing/event-and-certificate-counter').expect(200);
    const approvedNotRevoked = DEMO_EVENTS.flatMap((e) => e.participants).filter((p) => p.certificate === 'approved' || p.certificate === 'emailed').length;
    expect(counters.body.data).toEqual({ event_count: DEMO_EVENTS.filter((e) => e.publish).length, certificate_count: approvedNotRevoked });
  });

  it('a genuine demo certificate verifies, and its PDF carries the same QR', async () => {
    const [genuine] = await rows('SELECT registration_id FROM cert_registrations WHERE approved_at IS NOT NULL AND revoked_at IS NULL ORDER BY registered_at LIMIT 1');
    const qr = await qrOf(genuine!.registration_id);
    const reply = await request(app.getHttpServer()).post('/api/event-participant/verified-certificate').send({ qr }).expect(200);
    expect(reply.body).toMatchObject({ success: true, genuine: true, id: genuine!.registration_id });
    const pdf = await request(app.getHttpServer()).get(`/api/event-participant/download-certificate/${genuine!.registration_id}`).buffer(true)
      .parse((res, done) => { const chunks: Buffer[] = []; res.on('data', (c: Buffer) => chunks.push(c)); res.on('end', () => done(null, Buffer.concat(chunks))); }).expect(200);
    expect(await qrTextsFromPdf(pdf.body as Buffer)).toEqual([qr]);
  });

  it('the revoked demo certificate verifies as not genuine, saying why', async () => {
    const [revoked] = await rows('SELECT registration_id FROM cert_registrations WHERE revoked_at IS NOT NULL');
    const reply = await request(app.getHttpServer()).post('/api/event-participant/verified-certificate').send({ qr: await qrOf(revoked!.registration_id) }).expect(200);
    expect(reply.body).toMatchObject({ success: false, genuine: false, id: -1 });
    expect(reply.body.reason).toContain(DEMO_REVOKE_REASON);
  });
});
