// When the mail server is down, e-mailing a certificate answers 503 mailDeliveryFailed (never a 500) and
// records nothing, so the organizer can send again later; a registration still stands (its confirmation
// is best effort). The SMTP server is really stopped: nodemailer meets a closed port. And the public
// lookups' limit per address comes from PUBLIC_RATE_LIMIT_PER_MINUTE (set low here).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startCertificatesApp, TEGUH, type Running } from './harness.js';
import { registerVisitor } from './walk.specs.js';

const EMPTY = '0001-01-01T00:00:00.000Z';
const LOOKUPS = 5;

describe('certificates when the mail server is down (PGlite)', () => {
  let running: Running;
  let aminah: string;
  let registrationId = '';
  let articleId = '';

  beforeAll(async () => {
    process.env.PUBLIC_RATE_LIMIT_PER_MINUTE = String(LOOKUPS);
    try {
      running = await startCertificatesApp('pglite');
    } finally {
      delete process.env.PUBLIC_RATE_LIMIT_PER_MINUTE;
    }
    aminah = await running.signIn('aminah@teguhbina.my', TEGUH);
    const farid = await running.signIn('farid@teguhbina.my', TEGUH);
    const created = await running.api.call('post', '/api/article', {
      token: aminah,
      body: { title: 'Crane Safety Talk', location: 'Shah Alam', date: '2026-03-02T01:00:00Z' },
    });
    articleId = created.body.data.id;
    await running.api.call('post', `/api/article/${articleId}/publish`, { token: aminah });
    const ticket = await registerVisitor(running, articleId, 'lee@example.my', 'Lee Chong Wei');
    registrationId = (await running.api.call('post', `/api/article/${articleId}/check-in`, { token: farid, body: { code: ticket } })).body
      .registration_id;
    await running.api.call('post', `/api/article/${articleId}/check-out`, { token: farid, body: { code: ticket } });
    expect((await running.api.call('post', `/api/event-participant/${registrationId}/certificate/issue`, { token: aminah })).status).toBe(
      200,
    );
    expect((await running.api.call('post', `/api/event-participant/${registrationId}/certificate/approve`, { token: aminah })).status).toBe(
      200,
    );
    const close = running.smtp.close;
    await close();
    running.smtp.close = async () => undefined;
  }, 300_000);
  afterAll(async () => running?.stop());

  it('e-mailing the certificate answers 503 mailDeliveryFailed and records no event', async () => {
    const before = await running.store.readStream(`eventRegistration-${registrationId}`);
    const reply = await running.api.call('post', `/api/event-participant/${registrationId}/certificate/send-email`, { token: aminah });
    expect([reply.status, reply.body.success, reply.body.errorCode]).toEqual([503, false, 'mailDeliveryFailed']);
    expect(reply.body.errorMessage).toMatch(/nothing was recorded/);
    expect(reply.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|lee@example/);
    const after = await running.store.readStream(`eventRegistration-${registrationId}`);
    expect(after.map((e) => e.type)).toEqual(before.map((e) => e.type));
    expect(after.map((e) => e.type)).not.toContain('EventCertificateEmailed');
    const attendance = await running.api.call('get', `/api/article/${articleId}/attendance`, { token: aminah });
    expect(attendance.body.participants[0].send_email_datetime).toBe(EMPTY);
  });

  it('a registration still stands when its confirmation cannot be sent', async () => {
    const reply = await running.api.call('post', '/api/article/register', {
      body: { article_id: articleId, name: 'Nur Aina', email: 'aina@example.my', contact: '0123456789' },
    });
    expect([reply.status, reply.body]).toEqual([200, { success: true, msg: 'eventRegistered', article_id: articleId }]);
    const attendance = await running.api.call('get', `/api/article/${articleId}/attendance`, { token: aminah });
    expect(attendance.body.participants.map((p: { email: string }) => p.email).sort()).toEqual(['aina@example.my', 'lee@example.my']);
  });

  it('public lookups stop at PUBLIC_RATE_LIMIT_PER_MINUTE per address with 429 and Retry-After, and resume in the next minute', async () => {
    const lookup = () => running.api.call('get', '/api/test-get-transaction/no-such-transaction');
    for (let i = 0; i < LOOKUPS; i++) expect((await lookup()).status).toBe(200);
    const refused = await lookup();
    expect([refused.status, refused.body.errorCode, refused.headers['retry-after']]).toEqual([429, 'tooManyRequests', '60']);
    const verify = await running.api.call('post', '/api/event-participant/verified-certificate', { body: { qr: 'a,b,c,d' } });
    expect(verify.status).toBe(429);
    // Registrations have a budget of their own (30 a minute by default).
    expect(
      (
        await running.api.call('post', '/api/article/register', {
          body: { article_id: articleId, name: 'Late Comer', email: 'late@example.my', contact: '0123456789' },
        })
      ).status,
    ).toBe(200);
    running.clock.advance(60_000);
    expect((await lookup()).status).toBe(200);
  });
});
