// Given the messaging and human-check adapters on real counterparts (an SMTP server and an HTTP gateway
// in this process, files in a temp DATA_DIR, altcha-lib's own solver), when Binaan sends or checks,
// then the message arrives readable, the outbox keeps it, and a human-check token passes once only.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { AuthenticationGuard } from '../../apps/api/src/common/authentication.guard.js';
import { ErrorReplyFilter } from '../../apps/api/src/common/error-reply.filter.js';
import { loadSecrets } from '../../apps/api/src/common/secrets.js';
import { loadConfig, type ApiConfig } from '../../apps/api/src/config.js';
import { AltchaHumanCheck } from '../../apps/api/src/human-check/altcha-human-check.js';
import { HumanCheckModule } from '../../apps/api/src/human-check/human-check.module.js';
import { LimitsModule } from '../../apps/api/src/limits/limits.module.js';
import { HUMAN_CHECK, type HumanCheck } from '../../apps/api/src/human-check/human-check.port.js';
import { HttpSmsSender, SmsDeliveryFailed } from '../../apps/api/src/messaging/http-sms.sender.js';
import { MessagingModule } from '../../apps/api/src/messaging/messaging.module.js';
import { EMAIL_SENDER, SMS_SENDER, type EmailSender, type SmsSender } from '../../apps/api/src/messaging/messaging.ports.js';
import { readOutbox } from '../../apps/api/src/messaging/outbox.js';
import { SmtpEmailSender } from '../../apps/api/src/messaging/smtp-email.sender.js';
import { fetchChallenge, solveChallengeToken, solveHumanCheck } from '../support/human-check.js';
import { startTestSmsGateway, type TestSmsGateway } from '../support/sms-gateway.js';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';

const folders: string[] = [];
const apps: INestApplication[] = [];

async function configWith(env: NodeJS.ProcessEnv = {}): Promise<ApiConfig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'binaan-messaging-'));
  folders.push(dataDir);
  return loadConfig({ DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test', HUMAN_CHECK_MAX_NUMBER: '1000', ...env });
}

/** The two modules with the app's real guard, error replies and /api prefix, until app.module imports them. */
async function startApp(config: ApiConfig): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [MessagingModule.forRoot(config), LimitsModule.forRoot(), HumanCheckModule.forRoot(config, loadSecrets(config))],
    providers: [
      { provide: APP_GUARD, useClass: AuthenticationGuard },
      { provide: APP_FILTER, useClass: ErrorReplyFilter },
    ],
  }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  app.setGlobalPrefix('api');
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  apps.push(app);
  return app;
}

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('e-mail by SMTP', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());

  it.each([
    [
      'quoted-printable, long lines',
      'siti@example.com',
      'Pengaktifan akaun — Binaan',
      `Kod pengaktifan anda: 482913. Terima kasih — ${'panjang '.repeat(20)}tamat.`,
    ],
    [
      'base64, mostly non-Latin',
      'kumar@example.com',
      'உங்கள் குறியீடு — 您的验证码 — a subject long enough to be folded over several encoded words',
      'உங்கள் குறியீடு 482913 — 您的验证码是 482913',
    ],
    ['7bit, plain ASCII over several lines', 'tan@example.com', 'Your code', 'Your code is 482913.\nIt expires in 10 minutes.'],
  ])('delivers to the SMTP server with subject, recipient and a readable body (%s)', async (_encoding, to, subject, text) => {
    const sender = new SmtpEmailSender(smtp.url, 'Binaan <no-reply@binaan.test>');
    await sender.send({ to, subject, text, html: `<p>${text}</p>`, purpose: 'activation-pin' });
    sender.close();
    const mail = await smtp.waitFor(to);
    expect(mail).toMatchObject({ to, subject, text, html: `<p>${text}</p>`, from: 'Binaan <no-reply@binaan.test>' });
    expect(mail.raw).not.toContain('activation-pin');
  });

  it('delivers a text-only mail as it was written', async () => {
    const sender = new SmtpEmailSender(smtp.url, 'Binaan <no-reply@binaan.test>');
    await sender.send({ to: 'plain@example.com', subject: 'Plain', text: 'Just text.\nTwo lines.', purpose: 'test' });
    sender.close();
    const mail = await smtp.waitFor('plain@example.com');
    expect(mail.text).toBe('Just text.\nTwo lines.');
    expect(mail.html).toBeUndefined();
  });

  it('is the e-mail sender the app gets when SMTP_URL is set, and the outbox page then shows SMS only', async () => {
    const app = await startApp(await configWith({ SMTP_URL: `${smtp.url}/?user=binaan&pass=secret` }));
    await app
      .get<EmailSender>(EMAIL_SENDER)
      .send({ to: 'ali@example.com', subject: 'Reset', text: 'Your link', purpose: 'password-reset' });
    expect(app.get(EMAIL_SENDER)).toBeInstanceOf(SmtpEmailSender);
    expect((await smtp.waitFor('ali@example.com')).subject).toBe('Reset');
    const page = await request(app.getHttpServer()).get('/api/dev/outbox').expect(200);
    expect(page.text).toContain('<h2>SMS</h2>');
    expect(page.text).not.toContain('<h2>E-mail</h2>');
  });
});

describe('the outbox (no provider configured) and its developer page', () => {
  let config: ApiConfig;
  let app: INestApplication;
  beforeAll(async () => {
    config = await configWith();
    app = await startApp(config);
  });

  it('records the time of the clock it is given', async () => {
    const clockConfig = await configWith();
    const moduleRef = await Test.createTestingModule({
      imports: [MessagingModule.forRoot(clockConfig, () => new Date('2026-03-01T08:00:00.000Z'))],
    }).compile();
    await moduleRef.get<SmsSender>(SMS_SENDER).send({ to: '+60123456789', text: 'code', purpose: 'mobile-code' });
    expect((await readOutbox(clockConfig.dataDir, 'sms'))[0]?.at).toBe('2026-03-01T08:00:00.000Z');
  });

  it('appends each message as one JSON line, e-mail and SMS apart', async () => {
    await app.get<EmailSender>(EMAIL_SENDER).send({ to: 'a@example.com', subject: 'First', text: 'one', purpose: 'activation-pin' });
    await app.get<EmailSender>(EMAIL_SENDER).send({
      to: 'b@example.com',
      subject: '<script>alert("x")</script>',
      text: 'two & <b>',
      html: '<h1>Hello</h1>',
      purpose: 'password-reset',
    });
    await app.get<SmsSender>(SMS_SENDER).send({ to: '+60123456789', text: 'Binaan code 123456', purpose: 'mobile-code' });
    const email = await readOutbox(config.dataDir, 'email');
    expect(email).toEqual([
      { at: expect.any(String), to: 'a@example.com', subject: 'First', text: 'one', purpose: 'activation-pin' },
      {
        at: expect.any(String),
        to: 'b@example.com',
        subject: '<script>alert("x")</script>',
        text: 'two & <b>',
        html: '<h1>Hello</h1>',
        purpose: 'password-reset',
      },
    ]);
    expect(new Date(email[0]!.at).toISOString()).toBe(email[0]!.at);
    expect(await readOutbox(config.dataDir, 'sms')).toEqual([
      { at: expect.any(String), to: '+60123456789', text: 'Binaan code 123456', purpose: 'mobile-code' },
    ]);
  });

  it('lists them newest first at GET /api/dev/outbox, without signing in, every value escaped', async () => {
    const page = await request(app.getHttpServer())
      .get('/api/dev/outbox')
      .expect(200)
      .expect('content-type', /text\/html/);
    expect(page.text).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('&#60;h1&#62;Hello&#60;/h1&#62;');
    expect(page.text).not.toContain('<h1>Hello');
    expect(page.text).toContain('Binaan code 123456');
    expect(page.text.indexOf('b@example.com')).toBeLessThan(page.text.indexOf('a@example.com'));
  });

  it('shows at most the latest 50 of an outbox', async () => {
    const sms = app.get<SmsSender>(SMS_SENDER);
    for (let n = 1; n <= 55; n++) await sms.send({ to: '+60111111111', text: `bulk ${n} end`, purpose: 'mobile-code' });
    const page = await request(app.getHttpServer()).get('/api/dev/outbox').expect(200);
    expect(page.text).toContain('bulk 55 end');
    expect(page.text).toContain('bulk 6 end');
    expect(page.text).not.toContain('bulk 5 end');
  });
});

describe('the developer page does not exist', () => {
  it('in production', async () => {
    const app = await startApp(await configWith({ NODE_ENV: 'production' }));
    const reply = await request(app.getHttpServer()).get('/api/dev/outbox').expect(404);
    expect(reply.body).toMatchObject({ success: false, errorCode: 'notFound' });
  });

  it('when both channels have a real provider', async () => {
    const app = await startApp(await configWith({ SMTP_URL: 'smtp://127.0.0.1:1', SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms' }));
    await request(app.getHttpServer()).get('/api/dev/outbox').expect(404);
  });
});

describe('SMS by the HTTP gateway', () => {
  let gateway: TestSmsGateway;
  beforeAll(async () => {
    gateway = await startTestSmsGateway();
  });
  afterAll(() => gateway.close());

  it('POSTs { to, text } as JSON with the bearer token, through the module when SMS_GATEWAY_URL is set', async () => {
    const app = await startApp(await configWith({ SMS_GATEWAY_URL: `${gateway.url}/send`, SMS_GATEWAY_TOKEN: 'gateway-token-1' }));
    await app.get<SmsSender>(SMS_SENDER).send({ to: '+60123456789', text: 'Binaan code 654321', purpose: 'mobile-code' });
    expect(gateway.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/send',
      headers: { authorization: 'Bearer gateway-token-1', 'content-type': 'application/json' },
    });
    expect(JSON.parse(gateway.requests.at(-1)!.body)).toEqual({ to: '+60123456789', text: 'Binaan code 654321' });
  });

  it('sends no Authorization header when no token is configured', async () => {
    await new HttpSmsSender({ url: `${gateway.url}/send` }).send({ to: '+60100000000', text: 'hi', purpose: 'test' });
    expect(gateway.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('turns a 500 from the gateway into SmsDeliveryFailed that names neither token nor address', async () => {
    gateway.answerWith(500);
    const failure = await new HttpSmsSender({ url: `${gateway.url}/send?key=query-secret`, token: 'gateway-token-1' })
      .send({ to: '+60100000000', text: 'hi', purpose: 'test' })
      .catch((error: unknown) => error);
    gateway.answerWith(200);
    expect(failure).toBeInstanceOf(SmsDeliveryFailed);
    expect(failure).toMatchObject({ code: 'smsDeliveryFailed', status: 500, message: 'SMS gateway answered 500' });
    expect(String((failure as Error).message)).not.toMatch(/gateway-token-1|query-secret|127\.0\.0\.1/);
  });

  it('gives up after the timeout with SmsDeliveryFailed', async () => {
    const failure = await new HttpSmsSender({ url: `${gateway.url}/hang`, timeoutMs: 300 })
      .send({ to: '+60100000000', text: 'hi', purpose: 'test' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SmsDeliveryFailed);
    expect((failure as Error).message).toBe('SMS gateway no answer within 300 ms');
  });
});

describe('the human check (self-hosted ALTCHA proof of work)', () => {
  let app: INestApplication;
  let humanCheck: HumanCheck;
  beforeAll(async () => {
    app = await startApp(await configWith());
    humanCheck = app.get<HumanCheck>(HUMAN_CHECK);
  });
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

  it('serves a signed, expiring challenge at GET /api/human-check/challenge without signing in', async () => {
    const reply = await request(app.getHttpServer()).get('/api/human-check/challenge').expect(200).expect('cache-control', 'no-store');
    expect(reply.body).toMatchObject({
      parameters: {
        algorithm: 'SHA-256',
        nonce: expect.any(String),
        salt: expect.any(String),
        keyPrefix: expect.any(String),
        expiresAt: expect.any(Number),
      },
      signature: expect.any(String),
    });
    const minutesLeft = (reply.body.parameters.expiresAt * 1000 - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10);
  });

  it('accepts a solved token once and refuses it the second time', async () => {
    const token = await solveHumanCheck(request(app.getHttpServer()));
    expect(await humanCheck.verify(token)).toBe(true);
    expect(await humanCheck.verify(token)).toBe(false);
  });

  it('accepts only one of two simultaneous uses of a token', async () => {
    const token = await solveHumanCheck(request(app.getHttpServer()));
    expect((await Promise.all([humanCheck.verify(token), humanCheck.verify(token)])).sort()).toEqual([false, true]);
  });

  it('refuses a forged solution, a changed challenge and a challenge signed with another key', async () => {
    const challenge = await fetchChallenge(request(app.getHttpServer()));
    const solved = JSON.parse(Buffer.from(await solveChallengeToken(challenge), 'base64').toString()) as {
      challenge: typeof challenge;
      solution: { counter: number; derivedKey: string };
    };
    expect(await humanCheck.verify(encode({ ...solved, solution: { ...solved.solution, derivedKey: 'ab'.repeat(32) } }))).toBe(false);
    expect(
      await humanCheck.verify(
        encode({ ...solved, challenge: { ...challenge, parameters: { ...challenge.parameters, expiresAt: 9_999_999_999 } } }),
      ),
    ).toBe(false);
    const stranger = new AltchaHumanCheck({ hmacKey: 'another-key-another-key-another-key', maxNumber: 1000 });
    expect(await humanCheck.verify(await solveChallengeToken(await stranger.createChallenge()))).toBe(false);
    // The untouched token is still good: the forgeries did not use it up.
    expect(await humanCheck.verify(encode(solved))).toBe(true);
  });

  it.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['not base64 at all', '%%%not-base64%%%'],
    ['base64 of something not JSON', Buffer.from('hello').toString('base64')],
    ['JSON of another shape', Buffer.from('{"challenge":1,"solution":[]}').toString('base64')],
    [
      'odd hex in the parameters',
      Buffer.from(
        JSON.stringify({
          challenge: {
            parameters: { algorithm: 'SHA-256', nonce: 'abc', salt: 'z', keyPrefix: '00', expiresAt: 9_999_999_999 },
            signature: 'x',
          },
          solution: { counter: 1, derivedKey: '00' },
        }),
      ).toString('base64'),
    ],
    ['a huge token', 'A'.repeat(100_000)],
  ])('refuses %s without throwing', async (_case, token) => {
    await expect(humanCheck.verify(token)).resolves.toBe(false);
  });

  it('refuses a token whose challenge has expired', async () => {
    const shortLived = new AltchaHumanCheck({ hmacKey: 'short-lived-key-short-lived-key-0', maxNumber: 1000, expiresInMs: 3_000 });
    const [fresh, late] = await Promise.all([
      shortLived.createChallenge().then(solveChallengeToken),
      shortLived.createChallenge().then(solveChallengeToken),
    ]);
    expect(await shortLived.verify(fresh)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    expect(await shortLived.verify(late)).toBe(false);
  });
});
