// The admin module's e-mail log: every e-mail the app tries to send through the real SMTP server is listed
// for platform administrators, newest first, with its purpose and outcome; a mail the server refuses (550 at
// RCPT TO) is listed as failed with the server's reason. Only platform administrators read it; a bad filter
// is a 400; forgetting the person erases the address and subject in the log.

import { beforeAll, describe, expect, it } from '@jest/globals';
import { type MailLogRow } from '@binaan/contracts';
import { EMAIL_SENDER, type EmailSender } from '../../../apps/api/src/messaging/messaging.ports.js';
import { newPerson, registerActivatedUser, seedUser, signIn, userIdOf, type Person, type SeededUser } from '../../support/identity.js';
import type { RunningApp } from './harness.js';

export function mailLogSpecs(app: () => RunningApp): void {
  describe('the e-mail log of the admin module', () => {
    let ctx: RunningApp;
    const user: Person = newPerson('mail-log');
    let userId = '';
    let admin: SeededUser;
    let adminToken = '';
    const log = (filter: object, token = adminToken, range = '[0,24]') =>
      ctx.api.get('admin/email-log', { token, query: { filter: JSON.stringify(filter), range } });

    beforeAll(async () => {
      ctx = app();
      await registerActivatedUser(ctx, user);
      userId = await userIdOf(ctx.store, user.email);
      admin = await seedUser(ctx, newPerson('platform-admin-mail-log'), { userType: 2 });
      adminToken = (await signIn(ctx, admin)).jwtToken;
    });

    it('given a user who is not a platform admin, then 403 noAccessRight; with no session, 401', async () => {
      const reply = await log({}, (await signIn(ctx, user)).jwtToken);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'noAccessRight' });
      expect((await ctx.api.get('admin/email-log')).status).toBe(401);
    });

    it('given the e-mails of a sign-up and a forced reset, then each is listed as sent through SMTP with its purpose, newest first', async () => {
      expect(
        (await ctx.api.post(`users/${userId}/force-password-reset`, { reason: 'For the e-mail log' }, { token: adminToken })).status,
      ).toBe(200);
      await ctx.smtp.waitFor(user.email);
      const reply = await log({ q: user.email });
      expect(reply.status).toBe(200);
      const rows = reply.body as MailLogRow[];
      expect(rows[0]).toMatchObject({
        status: 'sent',
        channel: 'smtp',
        to: user.email.toLowerCase(),
        subject: 'Your Binaan password was reset',
        purpose: 'temporary-password',
        error: null,
      });
      // The sign-up's activation PIN came first, so it is listed after.
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.slice(1).map((row) => row.purpose)).toContain('activation-pin');
      expect(rows.map((row) => row.sentAt)).toEqual([...rows.map((row) => row.sentAt)].sort().reverse());
      expect(reply.headers['content-range']).toMatch(new RegExp(`^email-log 0-${rows.length - 1}/${rows.length}$`));
    });

    it("given a mailbox the SMTP server refuses, then the sender still throws, and the log lists it as failed with the server's reason", async () => {
      const refused = 'nobody+refused@example.my';
      await expect(
        ctx.app
          .get<EmailSender>(EMAIL_SENDER)
          .send({ to: refused, subject: 'Invitation to tender', text: 'Hello', purpose: 'tender-invitation' }),
      ).rejects.toThrow(/550|Mailbox unavailable/);
      const failed = (await log({ status: 'failed', q: refused })).body as MailLogRow[];
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ status: 'failed', to: refused, subject: 'Invitation to tender', purpose: 'tender-invitation' });
      expect(failed[0]!.error).toMatch(/550|Mailbox unavailable/);
      // The status filter keeps to its status.
      const sent = (await log({ status: 'sent' }, adminToken, '[0,49]')).body as MailLogRow[];
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((row) => row.status === 'sent')).toBe(true);
    });

    it.each([
      ['a status that is not one', JSON.stringify({ status: 'bounced' }), 'filter.status'],
      ['a filter that is not an object', '[]', 'filter'],
    ])('given %s, then 400 validationFailed naming it', async (_case, filter, field) => {
      const reply = await ctx.api.get('admin/email-log', { token: adminToken, query: { filter } });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'validationFailed' });
      expect(Object.keys(reply.body.fields as object)).toContain(field);
    });

    it('given the person forgotten, then their address and the subjects of their e-mails read erased in the log', async () => {
      const before = ((await log({ q: user.email })).body as MailLogRow[]).map((row) => row.id);
      expect(before.length).toBeGreaterThan(0);
      expect(
        (await ctx.api.post(`personal-data/users/${userId}/forget`, { reason: 'Asked to be forgotten' }, { token: adminToken })).status,
      ).toBe(200);
      expect((await log({ q: user.email })).body).toEqual([]);
      const theirs = (await log({ id: before })).body as MailLogRow[];
      expect(theirs.length).toBe(before.length);
      for (const row of theirs) {
        expect(row.to).not.toContain('@');
        expect(row.subject).not.toBe('Your Binaan password was reset');
      }
    });
  });
}
