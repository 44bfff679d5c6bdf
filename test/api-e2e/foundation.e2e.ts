// Given the real application on a real store, when a browser or a client calls it, then it answers
// as the foundation promises: health with the store and its position, JSON errors, the ui at /.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore } from '@binaan/event-store';
import { EVENT_STORE } from '../../apps/api/src/store/store.tokens.js';
import { pgliteConfig, postgresConfig, startApp, TEST_DATABASE_URL } from './support.js';

const stores: [string, () => Promise<Parameters<typeof startApp>[0]>][] = [['pglite', pgliteConfig]];
if (TEST_DATABASE_URL) stores.push(['postgres', async () => postgresConfig()]);
else console.log('api e2e on PostgreSQL did not run: TEST_DATABASE_URL is not set (npm test sets it).');

describe.each(stores)('the api on %s', (kind, config) => {
  let app: NestFastifyApplication;
  let store: EventStore;

  beforeAll(async () => {
    app = await startApp(await config());
    store = app.get<EventStore>(EVENT_STORE);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('answers GET /api/health with the store and the last global position', async () => {
    const empty = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(empty.body).toEqual({ status: 'ok', store: kind, position: 0 });
    const result = await store.append({
      streamId: 'tender-e2e',
      streamType: 'tender',
      expectedRevision: 'no_stream',
      events: [
        { type: 'TenderCreated', data: { title: 'Bridge' } },
        { type: 'TenderActivated', data: {} },
      ],
    });
    const after = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(after.body.position).toBe(result.events[1]!.globalPosition);
    expect(after.body.position).toBeGreaterThan(0);
  });

  it('feeds the audit trail in the append transaction', async () => {
    await store.append({
      streamId: 'order-e2e',
      streamType: 'order',
      expectedRevision: 'no_stream',
      events: [{ type: 'OrderCreated', data: {}, metadata: { actorUserId: 'u-7', actorCompanyId: 'c-3' } }],
    });
    const db = (store as unknown as { db: { query(text: string): Promise<Record<string, unknown>[]> } }).db;
    const rows = await db.query(
      `SELECT stream_id, event_type, actor_user_id, actor_company_id FROM audit_trail WHERE stream_id = 'order-e2e'`,
    );
    expect(rows).toEqual([{ stream_id: 'order-e2e', event_type: 'OrderCreated', actor_user_id: 'u-7', actor_company_id: 'c-3' }]);
  });

  it("marks API replies private and varying by Authorization, so no cache hands one user another user's reply", async () => {
    for (const path of ['/api/health', '/api/audit/store-stats', '/api/no-such-thing']) {
      const reply = await request(app.getHttpServer()).get(path);
      expect(reply.headers['cache-control']).toBe('private, no-cache');
      expect(reply.headers.vary).toMatch(/Authorization/);
    }
    // A public reply that may be shared says so itself.
    const counters = await request(app.getHttpServer()).get('/api/landing/event-and-certificate-counter').expect(200);
    expect(counters.headers['cache-control']).toBe('public, max-age=30');
  });

  it('takes requests as browsers and clients send them: a trailing slash, an empty JSON body, a body that is not JSON', async () => {
    const slash = await request(app.getHttpServer()).get('/api/health/').expect(200);
    expect(slash.body.status).toBe('ok');
    // A POST with Content-Type application/json and no body at all is no body, not a parse error.
    const empty = await request(app.getHttpServer()).post('/api/users/logout').set('content-type', 'application/json').expect(200);
    expect(empty.body.success).toBe(true);
    const broken = await request(app.getHttpServer())
      .post('/api/login')
      .set('content-type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(broken.body).toMatchObject({ success: false, errorCode: 'validationFailed' });
  });

  it("answers an If-None-Match that names the reply's ETag with 304 and no body, and serves the ui's files with their own ETag", async () => {
    const page = await request(app.getHttpServer()).get('/');
    if (page.status === 503) return void console.log('ui not built: the ui part of this test did not run (npm test builds it first)');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await request(app.getHttpServer()).get('/').set('if-none-match', etag).expect(304);
    expect(again.text ?? '').toBe('');
    const outside = await request(app.getHttpServer()).get('/..%2f..%2fetc%2fpasswd');
    expect(outside.text).not.toMatch(/root:/);
  });

  it('keeps every route closed unless it is public: 401 with an error code', async () => {
    const refused = await request(app.getHttpServer()).get('/api/audit/store-stats').expect(401);
    expect(refused.body).toEqual({ success: false, errorCode: 'unauthorized', errorMessage: 'Sign in first.' });
    const unknown = await request(app.getHttpServer()).get('/api/no-such-thing').expect(404);
    expect(unknown.body).toMatchObject({ success: false, errorCode: 'notFound' });
    expect(JSON.stringify(unknown.body)).not.toMatch(/at .*\.js/);
  });

  it('serves the built ui at / and for the browser routes, not for /api', async () => {
    const page = await request(app.getHttpServer()).get('/').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<div id="root">');
    const deep = await request(app.getHttpServer()).get('/certificate/verify').expect(200);
    expect(deep.text).toContain('<div id="root">');
    const asset = page.text.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeDefined();
    await request(app.getHttpServer())
      .get(asset!)
      .expect(200)
      .expect('content-type', /javascript/);
  });
});
