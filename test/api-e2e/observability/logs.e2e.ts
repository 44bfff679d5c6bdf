// Structured logs: the real application logs at LOG_LEVEL=debug in JSON into a buffer
// while a user signs up with a mobile code, activates by the mailed PIN, signs in (once with a wrong
// password), makes authenticated calls (a header token, the read-only token as ?t=, a cookie), and resets a
// forgotten password by the mailed link. Then every line is JSON, each request has a line with its id, that
// id is the X-Request-Id the reply carried (the caller's own when it sent a plain one, a new one when it sent
// junk), a Nest line written while serving a request carries the request's id, and not one of the secrets
// used on the way appears anywhere in the log: passwords, SMS code, PIN, human-check answer, code-request
// key, both tokens, the reset token and link, the cookie, the JWT and HMAC secrets.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore } from '@binaan/event-store';
import { createApp } from '../../../apps/api/src/create-app.js';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { createLogger } from '../../../apps/api/src/observability/logging.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { solveHumanCheck } from '../../support/human-check.js';
import { activationPin, Api, newPerson, OTHER_STRONG_PASSWORD, signUpBody, smsCode, type IdentityContext } from '../../support/identity.js';
import { TestClock } from '../../support/clock.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../support/smtp-server.js';
import { pgliteConfig, postgresConfig, removeAppData, TEST_DATABASE_URL } from '../support.js';

type Line = Record<string, unknown> & {
  msg?: string;
  reqId?: string;
  req?: { method: string; url: string; route: string };
  res?: { statusCode: number };
};

describe('logs of a sign-up, sign-in, reset and authenticated calls', () => {
  const written: string[] = [];
  const secrets = new Map<string, string>();
  let ctx: IdentityContext;
  let config: ApiConfig;
  let smtp: TestSmtpServer;
  let app: NestFastifyApplication;
  const keep = (name: string, value: unknown) => {
    expect(typeof value === 'string' && value.length >= 4).toBe(true);
    secrets.set(name, value as string);
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const jwtSecret = randomBytes(24).toString('hex');
    const codeKey = randomBytes(24).toString('hex');
    keep('JWT_SECRET', jwtSecret);
    keep('CODE_HMAC_KEY', codeKey);
    const env = { SMTP_URL: smtp.url, HUMAN_CHECK_MAX_NUMBER: '1000', NODE_ENV: 'test', JWT_SECRET: jwtSecret, CODE_HMAC_KEY: codeKey };
    config = TEST_DATABASE_URL ? postgresConfig(env) : await pgliteConfig(env);
    const clock = new TestClock();
    const logger = createLogger({ level: 'debug', format: 'json', destination: { write: (line: string) => void written.push(line) } });
    app = await createApp(config, { logger, now: () => clock.now });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    ctx = { app, api: new Api(app), store: app.get<EventStore>(EVENT_STORE), clock, dataDir: config.dataDir, smtp };
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    if (config) await removeAppData(config);
  });

  it('walks the flow', async () => {
    const person = newPerson('logs');
    keep('password', person.password);
    // Mobile code, with the human check's answer and the request's key kept as secrets.
    const answer = await solveHumanCheck(request(ctx.api.server));
    keep('human-check answer', answer);
    const asked = await ctx.api.post(
      'pin-code-request',
      { mobile_phone: person.mobile, response_token: answer },
      { headers: { 'x-request-id': 'sign-up-1' } },
    );
    expect(asked.status).toBe(200);
    expect(asked.headers['x-request-id']).toBe('sign-up-1');
    keep('code request key', asked.body.secretKey);
    const code = await smsCode(ctx, person.mobile);
    keep('SMS code', code);
    expect(
      (
        await ctx.api.post('pin-code-verification', {
          mobile_phone: person.mobile,
          code,
          secret_key: asked.body.secretKey,
          timestamp: asked.body.timestamp,
        })
      ).status,
    ).toBe(200);
    expect((await ctx.api.post('users/sign-up', signUpBody(person))).status).toBe(200);
    const pin = await activationPin(ctx, person.email);
    keep('activation PIN', pin);
    expect((await ctx.api.post('users/activate-by-pin', { email: person.email, pin })).status).toBe(200);

    // Sign-in: a wrong password first, then the right one.
    const wrong = `Wrong#${randomBytes(6).toString('hex')}`;
    keep('wrong password', wrong);
    expect((await ctx.api.post('login', { email: person.email, password: wrong })).status).toBe(401);
    const login = await ctx.api.post('login', { email: person.email, password: person.password });
    expect(login.status).toBe(200);
    keep('token', login.body.jwtToken);
    keep('read-only token', login.body.readOnlyJwtToken);
    if (login.body.showEula === true)
      expect((await ctx.api.post('accept-eula', {}, { token: login.body.jwtToken as string })).status).toBe(200);

    // Authenticated calls: the header, the read-only token in the query, a cookie; a junk request id is replaced.
    const cookie = `session=${randomBytes(12).toString('hex')}`;
    keep('cookie', cookie);
    const timestamp = await ctx.api.get('application/get-server-timestamp', {
      token: login.body.jwtToken as string,
      headers: { cookie, 'x-request-id': 'not an id: spaces, <angle brackets> and a 200-character tail ' + 'x'.repeat(200) },
    });
    expect(timestamp.status).toBe(200);
    expect(timestamp.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await ctx.api.get('company/list', { query: { t: login.body.readOnlyJwtToken as string } })).status).toBeLessThan(500);

    // Password reset by the mailed link.
    const forgot = await ctx.api.post('users/forgot-password', {
      email: person.email,
      domainGroup: 'binaan',
      response_token: await solveHumanCheck(request(ctx.api.server)),
    });
    expect(forgot.status).toBe(200);
    const mail = await smtp.waitFor(person.email);
    const link = /https?:\/\/\S*[?&]token=[^\s&]+\S*/.exec(mail.text)?.[0];
    keep('reset link', link);
    const token = decodeURIComponent(/[?&]token=([^\s&]+)/.exec(link!)![1]!);
    keep('reset token', token);
    expect(
      (
        await ctx.api.post('users/reset-password', {
          email: person.email,
          token,
          password: OTHER_STRONG_PASSWORD,
          confirmPassword: OTHER_STRONG_PASSWORD,
        })
      ).status,
    ).toBe(200);
    keep('new password', OTHER_STRONG_PASSWORD);
    expect((await ctx.api.post('login', { email: person.email, password: OTHER_STRONG_PASSWORD })).status).toBe(200);
  }, 120_000);

  it('wrote JSON lines, one per request with its id, and Nest lines tied to their request', () => {
    const lines = written.map((text) => JSON.parse(text) as Line);
    const requests = lines.filter((line) => line.msg === 'request completed');
    // Every call of the flow (about 15, human checks included) has its line with an id.
    expect(requests.length).toBeGreaterThanOrEqual(12);
    for (const line of requests)
      expect(line).toMatchObject({
        reqId: expect.any(String),
        req: { method: expect.any(String), url: expect.any(String), route: expect.any(String) },
        res: { statusCode: expect.any(Number) },
      });
    expect(requests.find((line) => line.reqId === 'sign-up-1')?.req).toMatchObject({ method: 'POST', url: '/api/pin-code-request' });
    // The SMS written to the outbox was logged while serving the code request, under its id.
    expect(lines.find((line) => line.context === 'messaging' && String(line.msg).startsWith('SMS'))).toMatchObject({ reqId: 'sign-up-1' });
    // Routes are patterns; the query's token is not in the logged URL.
    expect(requests.find((line) => line.req!.url.startsWith('/api/company/list'))?.req!.url).toBe('/api/company/list?t=[redacted]');
  });

  it('never logged a secret', () => {
    const log = written.join('');
    expect(log.length).toBeGreaterThan(2000);
    expect(secrets.size).toBe(14);
    const found = [...secrets].filter(([, value]) => log.includes(value)).map(([name]) => name);
    expect(found).toEqual([]);
  });
});
