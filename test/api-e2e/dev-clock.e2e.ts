// The development clock (DEV_CLOCK=on, apps/api/src/dev-clock/): outside production it moves the clock every
// context reads (CLOCK) and the store stamps events with, forward only; under NODE_ENV=production, or without
// DEV_CLOCK=on, the route does not exist (404) and the clock is the machine's, whatever DEV_CLOCK says.
// PGlite only: the clock is the same whichever store records the events.
import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { EventStore } from '@binaan/event-store';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CLOCK, type Clock } from '../../apps/api/src/common/principal.js';
import type { ApiConfig } from '../../apps/api/src/config.js';
import { EVENT_STORE } from '../../apps/api/src/store/store.tokens.js';
import { pgliteConfig, removeAppData, startApp } from './support.js';

const started: { app: NestFastifyApplication; config: ApiConfig }[] = [];

async function appWith(env: NodeJS.ProcessEnv): Promise<NestFastifyApplication> {
  const config = await pgliteConfig(env);
  const app = await startApp(config);
  started.push({ app, config });
  return app;
}

afterAll(async () => {
  for (const { app, config } of started) {
    await app.close();
    await removeAppData(config);
  }
});

const MINUTE = 60_000;

describe('DEV_CLOCK=on in development', () => {
  it('moves the clock of every context and of the store forward, never back', async () => {
    const app = await appWith({ NODE_ENV: 'development', DEV_CLOCK: 'on', BINAAN_REACTORS: 'off' });
    const server = app.getHttpServer();
    const before = (await request(server).get('/api/dev/clock').expect(200)).body as { now: string; offsetMs: number };
    expect(before.offsetMs).toBe(0);
    expect(Math.abs(Date.parse(before.now) - Date.now())).toBeLessThan(5_000);

    const moved = (
      await request(server)
        .post('/api/dev/clock')
        .send({ advanceMs: 6 * MINUTE })
        .expect(200)
    ).body as { now: string; offsetMs: number };
    expect(moved.offsetMs).toBe(6 * MINUTE);
    const target = new Date(Date.now() + 20 * MINUTE).toISOString();
    const reached = (await request(server).post('/api/dev/clock').send({ to: target }).expect(200)).body as {
      now: string;
      offsetMs: number;
    };
    expect(Date.parse(reached.now)).toBeGreaterThanOrEqual(Date.parse(target));
    expect(reached.offsetMs).toBeGreaterThanOrEqual(20 * MINUTE - 5_000);

    // What the contexts decide with, and the time the store records an event at.
    const clock = app.get<Clock>(CLOCK, { strict: false });
    expect(clock().getTime() - Date.now()).toBeGreaterThanOrEqual(20 * MINUTE - 5_000);
    const store = app.get<EventStore>(EVENT_STORE, { strict: false });
    await store.append({
      streamId: 'devClockProbe-1',
      streamType: 'devClockProbe',
      expectedRevision: 'no_stream',
      events: [{ type: 'Probed', data: {}, metadata: { actorUserId: 'system:test' } }],
    });
    const [probe] = await store.readStream('devClockProbe-1');
    expect(Date.parse(String(probe!.metadata.recordedAt)) - Date.now()).toBeGreaterThanOrEqual(20 * MINUTE - 5_000);

    // Never back, not by nothing, not by a year; each refusal moves nothing.
    const back = await request(server).post('/api/dev/clock').send({ to: new Date().toISOString() }).expect(400);
    expect(back.body).toMatchObject({ success: false, errorCode: 'validationFailed', fields: { to: ['notForward'] } });
    await request(server).post('/api/dev/clock').send({ advanceMs: 0 }).expect(400);
    await request(server)
      .post('/api/dev/clock')
      .send({ advanceMs: 365 * 24 * 60 * MINUTE })
      .expect(400);
    await request(server).post('/api/dev/clock').send({ advanceMs: MINUTE, by: 'x' }).expect(400);
    expect((await request(server).get('/api/dev/clock').expect(200)).body.offsetMs).toBe(reached.offsetMs);
  });
});

describe('the development clock does not exist', () => {
  for (const [name, env] of [
    ['under NODE_ENV=production, even with DEV_CLOCK=on', { NODE_ENV: 'production', DEV_CLOCK: 'on', BINAAN_REACTORS: 'off' }],
    ['in development without DEV_CLOCK=on', { NODE_ENV: 'development', BINAAN_REACTORS: 'off' }],
  ] as const) {
    it(name, async () => {
      const app = await appWith(env);
      const server = app.getHttpServer();
      const reply = await request(server)
        .post('/api/dev/clock')
        .send({ advanceMs: 10 * MINUTE })
        .expect(404);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'notFound' });
      await request(server).get('/api/dev/clock').expect(404);
      // Not in the API's description either, and the clock is the machine's.
      const described = (await request(server).get('/api/docs-json').expect(200)).body as { paths: Record<string, unknown> };
      expect(Object.keys(described.paths)).not.toContain('/api/dev/clock');
      expect(Math.abs(app.get<Clock>(CLOCK, { strict: false })().getTime() - Date.now())).toBeLessThan(5_000);
    });
  }
});
