// Prometheus metrics at /metrics, on the real application: refused without the token
// (401 with a code), and with it requests counted by route pattern and status with latency histograms, event
// appends counted as a real call makes them, user-channel sockets counted as they open and close, the
// subscriptions' lag, and prom-client's process metrics. METRICS_TOKEN unset: metrics-route.spec.ts.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore } from '@binaan/event-store';
import { createApp } from '../../../apps/api/src/create-app.js';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { NotificationReactor } from '../../../apps/api/src/notifications/notification-reactor.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { solveHumanCheck } from '../../support/human-check.js';
import { Api, newPerson, seedUser, type IdentityContext } from '../../support/identity.js';
import { TestClock } from '../../support/clock.js';
import { channelUrl, connect } from '../notifications/channel.js';
import { pgliteConfig, postgresConfig, removeAppData, TEST_DATABASE_URL } from '../support.js';

/** The value of one series in the text format (labels as written, in prom-client's order), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  const token = randomBytes(16).toString('hex');
  let config: ApiConfig;
  let app: NestFastifyApplication;
  let port: number;
  const scrape = async () => {
    const reply = await request(app.getHttpServer()).get('/metrics').set('Authorization', `Bearer ${token}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    return reply.text;
  };

  beforeAll(async () => {
    const env = { METRICS_TOKEN: token, HUMAN_CHECK_MAX_NUMBER: '1000', NODE_ENV: 'test' };
    config = TEST_DATABASE_URL ? postgresConfig(env) : await pgliteConfig(env);
    app = await createApp(config, { logger: false });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as { port: number }).port;
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    if (config) await removeAppData(config);
  });

  it('refuses a scrape without the token or with another, with a code', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, token, 'Bearer ']) {
      const call = request(app.getHttpServer()).get('/metrics');
      const reply = await (authorization === undefined ? call : call.set('Authorization', authorization));
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'unauthorized' });
      expect(reply.text).not.toContain('binaan_');
    }
  });

  it('counts requests by route pattern and status, with a latency histogram', async () => {
    const before = await scrape();
    const series = 'binaan_http_requests_total{method="GET",route="/api/documents/:resource/:id",status="401"}';
    const ids = [randomBytes(6).toString('hex'), randomBytes(6).toString('hex'), randomBytes(6).toString('hex')];
    for (const id of ids) expect((await request(app.getHttpServer()).get(`/api/documents/purchaseOrder/${id}`)).status).toBe(401);
    const after = await scrape();
    expect((sample(after, series) ?? 0) - (sample(before, series) ?? 0)).toBe(3);
    for (const id of ids) expect(after).not.toContain(id);
    const histogram = 'binaan_http_request_duration_seconds_count{method="GET",route="/api/documents/:resource/:id",status="401"}';
    expect((sample(after, histogram) ?? 0) - (sample(before, histogram) ?? 0)).toBe(3);
    expect(
      sample(
        after,
        'binaan_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/documents/:resource/:id",status="401"}',
      ),
    ).toBe(sample(after, histogram));
    // A URL no route takes is one series, not one per URL.
    await request(app.getHttpServer()).post(`/nowhere/${ids[0]}`);
    expect(await scrape()).toContain('route="unmatched"');
  });

  it('counts the appends a call makes, and the events by stream type', async () => {
    const before = await scrape();
    const answer = await solveHumanCheck(request(app.getHttpServer()));
    const asked = await request(app.getHttpServer())
      .post('/api/pin-code-request')
      .send({ mobile_phone: newPerson('metrics').mobile, response_token: answer });
    expect(asked.status).toBe(200);
    const after = await scrape();
    expect(sample(after, 'binaan_event_appends_total')!).toBeGreaterThan(sample(before, 'binaan_event_appends_total') ?? 0);
    expect(after).toMatch(/^binaan_events_appended_total\{stream_type="[^"]+"\} \d+$/m);
  });

  it("counts the user-channel sockets open, reports each subscription's lag, and the process metrics", async () => {
    const store = app.get<EventStore>(EVENT_STORE);
    const ctx = { app, store, api: new Api(app), clock: new TestClock(), dataDir: config.dataDir } as unknown as IdentityContext;
    const user = await seedUser(ctx, newPerson('sockets'));
    const login = await request(app.getHttpServer()).post('/api/login').send({ email: user.email, password: user.password });
    expect(login.status).toBe(200);
    const channels = [
      await connect(channelUrl(port, login.body.readOnlyJwtToken as string)),
      await connect(channelUrl(port, login.body.readOnlyJwtToken as string)),
    ];
    expect(sample(await scrape(), 'binaan_websocket_connections')).toBe(2);
    channels[0]!.socket.close();
    await channels[0]!.closed;
    let text = await scrape();
    for (let i = 0; i < 50 && sample(text, 'binaan_websocket_connections') !== 1; i++) text = await scrape();
    expect(sample(text, 'binaan_websocket_connections')).toBe(1);
    channels[1]!.socket.close();

    await app.get(NotificationReactor).settled();
    const settled = await scrape();
    expect(sample(settled, 'binaan_subscription_lag_events{subscription="notifications"}')).toBe(0);
    expect(sample(settled, 'binaan_subscription_lag_events{subscription="live-feed"}')).toBeGreaterThanOrEqual(0);
    // The approval queue reports its lag too (every subscription does).
    expect(sample(settled, 'binaan_subscription_lag_events{subscription="approval-queue"}')).toBeGreaterThanOrEqual(0);
    expect(sample(settled, 'binaan_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(settled).toContain('binaan_nodejs_eventloop_lag_seconds');
  });
});
