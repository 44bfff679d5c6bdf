// `npm run store -- create-admin` on an empty store: the command run in this process (runStoreCli, as the
// built CLI runs it), then the API started on that store. On PGlite the set-password link is read from the
// outbox in DATA_DIR; on PostgreSQL from an SMTP server in this process. The administrator sets a password
// through the reset route the ui's reset page calls, which activates the account, and signs in as user
// type 2 with the admin module in a company they choose. Refused with exit 2: an address that is not
// valid, one that has an account, and a second administrator without --force. No token or password is
// ever in the command's output.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ADMIN_MODULE_RIGHTS, decodeAccessRights, encodeAccessRights } from '@binaan/contracts';
import type { EventStore } from '@binaan/event-store';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { outboxFile, readOutbox } from '../../../apps/api/src/messaging/outbox.js';
import { emailClaimStream, LookupKeys } from '../../../apps/api/src/personal-data/lookup-keys.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { Api, MINUTE, OTHER_STRONG_PASSWORD, STRONG_PASSWORD, uniqueEmail } from '../../support/identity.js';
import { TestClock } from '../../support/clock.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../support/smtp-server.js';
import { storeCliHere, type CliResult } from '../../support/store-cli.js';
import { pgliteConfig, postgresConfig, removeAppData, startApp } from '../support.js';
import { STORES } from './harness.js';

type SetPasswordLink = { url: URL; email: string; token: string };

describe.each(STORES)('create-admin on an empty %s store', (kind) => {
  let config: ApiConfig;
  let smtp: TestSmtpServer | null = null;
  let app: NestFastifyApplication | null = null;
  let api: Api;
  let store: EventStore;
  const clock = new TestClock();
  const outputs: string[] = [];
  const first = { email: uniqueEmail('first-admin'), name: 'Aminah Platform' };
  const second = uniqueEmail('second-admin');
  const third = uniqueEmail('third-admin');
  let firstId = '';
  let thirdId = '';
  let adminToken = '';

  const cli = async (...args: string[]): Promise<CliResult> => {
    const result = await storeCliHere(config, ...args);
    outputs.push(result.output);
    return result;
  };
  /** The set-password links e-mailed to an address, oldest first, with the mails' subjects (and purposes, kept by the outbox). */
  const linksTo = async (email: string) => {
    const mails: { subject: string; text: string; purpose?: string }[] = smtp
      ? smtp.messages.filter((mail) => mail.recipients.includes(email))
      : (await readOutbox(config.dataDir, 'email')).filter((mail) => mail.to === email);
    return mails.map(({ subject, text, purpose }) => {
      const url = new URL(text.match(/https?:\/\/\S+\/auth\/reset-password\?\S+/)![0]);
      const link: SetPasswordLink = { url, email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
      return { subject, purpose, link };
    });
  };
  const open = async () => {
    app = await startApp(config, { now: () => clock.now });
    api = new Api(app);
    store = app.get<EventStore>(EVENT_STORE);
  };
  const close = async () => {
    await app?.close();
    app = null;
  };
  /** What the ui's reset page sends (ui/src/public/auth/ResetPasswordPage.tsx). */
  const setPassword = (link: SetPasswordLink, password: string) =>
    api.post('users/reset-password', { email: link.email, token: link.token, password, confirmPassword: password });

  beforeAll(async () => {
    // Quiet as the tests' apps are (startApp: no logger): the outbox sender logs each mail the command writes.
    Logger.overrideLogger(false);
    smtp = kind === 'postgres' ? await startTestSmtpServer() : null;
    const env = { NODE_ENV: 'test', ...(smtp ? { SMTP_URL: smtp.url } : {}) };
    config = kind === 'pglite' ? await pgliteConfig(env) : postgresConfig(env);
  }, 120_000);
  afterAll(async () => {
    await close();
    await smtp?.close();
    await removeAppData(config);
  });

  it('given an address that is not valid, then exit 2 with a line saying so, and nothing is recorded', async () => {
    const refused = await cli('create-admin', 'not-an-email', '--name', 'Aminah Platform');
    expect(refused).toEqual({ status: 2, output: 'store: "not-an-email" is not a valid e-mail address\n' });
    expect((await cli('create-admin')).output).toContain('store: an e-mail address is needed');
    expect((await cli('stats')).output).toContain(': 0 events in 0 streams');
  }, 120_000);

  it('given an empty store, then the administrator is made, waiting for activation, and the link goes by the configured mail port', async () => {
    const made = await cli('create-admin', first.email, '--name', first.name);
    expect(made.status).toBe(0);
    firstId = made.output.match(/^Created platform administrator ([0-9a-f-]{36}) /)?.[1] ?? '';
    expect(made.output).toContain(
      `Created platform administrator ${firstId} (${first.email}, "${first.name}"), waiting for activation. No password is set.`,
    );
    expect(made.output).toContain(
      smtp
        ? `was e-mailed to ${first.email} through SMTP (${new URL(smtp.url).host})`
        : `went to the outbox ${outboxFile(config.dataDir, 'email')} (no SMTP_URL is set)`,
    );
    expect(made.output).toContain('expires in 30 minutes');
    const [mail, ...more] = await linksTo(first.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Activate your Binaan administrator account');
    if (!smtp) expect(mail!.purpose).toBe('administrator-activation');
    expect(`${mail!.link.url.origin}${mail!.link.url.pathname}`).toBe(`${config.publicUrl}/auth/reset-password`);
    expect(mail!.link).toMatchObject({ email: first.email, token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
  }, 120_000);

  it('given an administrator, then a second is refused with exit 2 unless --force, and the address that has the account is refused saying so', async () => {
    const another = await cli('create-admin', second);
    expect(another).toEqual({
      status: 2,
      output: `store: a platform administrator exists already (${firstId} pending); --force makes another\n`,
    });
    const again = await cli('create-admin', first.email.toUpperCase());
    expect(again.status).toBe(2);
    expect(again.output).toContain(
      `store: ${first.email} already has an account (${firstId}, pending): a platform administrator waiting for activation (--force sends a new set-password link)`,
    );
    expect(await linksTo(second)).toEqual([]);
    const forced = await cli('create-admin', third, '--name', 'Tan Wei Ling', '--force');
    expect(forced.status).toBe(0);
    thirdId = forced.output.match(/^Created platform administrator ([0-9a-f-]{36}) /)?.[1] ?? '';
    expect(thirdId).not.toBe('');
    // Its link unused: --force sends another, which replaces it.
    const resent = await cli('create-admin', third, '--force');
    expect(resent.status).toBe(0);
    expect(resent.output).toContain(
      `Platform administrator ${thirdId} (${third}) is still waiting for activation: a new set-password link replaces the earlier one.`,
    );
    expect(await linksTo(third)).toHaveLength(2);
  }, 120_000);

  it('then the store holds the events a sign-up records, as user type 2 with no mobile, each recorded by the store CLI', async () => {
    await open();
    const events = await store.readStream(`user-${firstId}`);
    expect(events.map((event) => [event.type, event.metadata.actorUserId])).toEqual([
      ['UserSignedUp', 'system:store-cli'],
      ['PasswordResetRequested', 'system:store-cli'],
    ]);
    expect(events[0]!.data).toEqual({
      userId: firstId,
      email: first.email,
      name: first.name,
      mobile: '',
      passwordHash: expect.stringMatching(/^\$argon2id\$/),
      userType: 2,
      forceChangePassword: false,
    });
    expect(events[1]!.data).toEqual({
      tokenHmac: expect.stringMatching(/^[0-9a-f]{64}$/),
      expiresAt: expect.any(String),
      activatesAccount: true,
    });
    expect(events[0]!.metadata).toMatchObject({ reason: 'create-admin: a platform administrator', correlationId: expect.any(String) });
    const claim = await store.readStream(emailClaimStream(app!.get(LookupKeys), first.email));
    expect(claim.map((event) => [event.type, event.data, event.metadata.actorUserId])).toEqual([
      ['EmailClaimed', { userId: firstId }, 'system:store-cli'],
    ]);
    // No mobile is known: no phone stream claims a number for the account.
    expect((await store.stats()).byStreamType.map((row) => row.streamType)).not.toContain('phone');
  }, 120_000);

  it('given the pending account, then no password signs in: it is waiting for a password nobody knows', async () => {
    const reply = await api.post('login', { email: first.email, password: STRONG_PASSWORD });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ errorCode: 'incorrectCredentials' });
  });

  it('when the password is set with the link, then the account is activated, the link works once, and the administrator signs in as user type 2', async () => {
    const link = (await linksTo(first.email))[0]!.link;
    expect((await setPassword(link, 'weak')).body).toMatchObject({ errorCode: 'weakPassword' });
    const set = await setPassword(link, STRONG_PASSWORD);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ success: true, msg: 'resetPassword.success' });
    const events = await store.readStream(`user-${firstId}`);
    expect(events.slice(2).map((event) => [event.type, event.data, event.metadata.actorUserId])).toEqual([
      ['PasswordChanged', { passwordHash: expect.stringMatching(/^\$argon2id\$/), via: 'reset' }, firstId],
      ['UserActivated', { via: 'setPasswordLink' }, firstId],
    ]);
    expect((await setPassword(link, OTHER_STRONG_PASSWORD)).body).toMatchObject({ errorCode: 'invalidToken' });
    const signIn = await api.post('login', { email: first.email, password: STRONG_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({
      success: true,
      loginIsAuthenticated: true,
      forceChangePassword: false,
      showEula: true,
      userRole: 'ADMIN',
      user: { email: first.email, name: first.name, user_mobile: '', userType: 2 },
    });
    adminToken = signIn.body.jwtToken as string;
    expect((await api.post('accept-eula', {}, { token: adminToken })).status).toBe(200);
  }, 120_000);

  it("then the administrator does a platform administrator's work: lists the accounts, and chooses a company with the admin module rights", async () => {
    const users = await api.get('personal-data/users', { token: adminToken });
    expect(users.status).toBe(200);
    expect(users.body.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: firstId, email: first.email, name: first.name, status: 'activated', userType: 2 }),
      ]),
    );
    const mine = await api.get('personal-data/mine', { token: adminToken });
    expect(mine.body.account).toEqual({ userId: firstId, email: first.email, name: first.name, mobile: '' });
    const companyId = randomUUID();
    await store.append({
      streamId: `company-${companyId}`,
      streamType: 'company',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'CompanyRegistered',
          data: {
            companyId,
            name: 'Nusantara Binaan Sdn Bhd',
            registrationNo: '202601000001',
            subscriptionType: 1,
            subscriptionDetailType: 'basic',
            isDemo: false,
          },
        },
      ],
    });
    const chosen = await api.get(`company/choose/${companyId}`, { token: adminToken });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({
      success: true,
      accessRights: encodeAccessRights(ADMIN_MODULE_RIGHTS),
      landing: '/article',
      selectedCompany: companyId,
    });
    expect(decodeAccessRights(chosen.body.accessRights as string)).toEqual(expect.arrayContaining([...ADMIN_MODULE_RIGHTS]));
  }, 120_000);

  it('given a link replaced by a newer one, then it is refused; and the newer one expires as a reset link does', async () => {
    const [replaced, newer] = await linksTo(third);
    expect((await setPassword(replaced!.link, STRONG_PASSWORD)).body).toMatchObject({ errorCode: 'invalidToken' });
    // The command stamps its link with the machine's time, not the app's test clock: past both, 31 minutes on.
    clock.advance(Math.max(0, Date.now() - clock.now.getTime()) + 31 * MINUTE);
    expect((await setPassword(newer!.link, STRONG_PASSWORD)).body).toMatchObject({ errorCode: 'invalidToken' });
    expect((await store.readStream(`user-${thirdId}`)).map((event) => event.type)).not.toContain('UserActivated');
    expect(api.problems()).toEqual([]);
    await close();
  }, 120_000);

  it("given the activated administrator's address, then refused with --force too; an expired link is replaced with --force", async () => {
    const taken = await cli('create-admin', first.email, '--force');
    expect(taken.status).toBe(2);
    expect(taken.output).toContain(`store: ${first.email} already has an account (${firstId}, activated)\n`);
    expect((await cli('create-admin', third, '--force')).status).toBe(0);
    expect(await linksTo(third)).toHaveLength(3);
    expect((await cli('verify')).output).toContain('every chain is intact');
  }, 120_000);

  it("then no token and no password was ever in the command's output", async () => {
    const tokens = [...(await linksTo(first.email)), ...(await linksTo(third))].map((mail) => mail.link.token);
    expect(tokens).toHaveLength(4);
    const printed = outputs.join('');
    for (const token of tokens) expect(printed).not.toContain(token);
    expect(printed).not.toMatch(/token=|password:|\$argon2/i);
  });
});
