// A platform administrator forces a password reset (public-area.md §2 screen 8, signed-in-area.md §2.1):
// the user gets a temporary password by e-mail (read from the real SMTP server), every session of theirs
// ends, the old password stops working, the temporary one signs in with forceChangePassword, and the
// user's own change clears it. Only platform admins may; unknown users and bad bodies are refused.

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { isStrongPassword } from '@binaan/contracts';
import {
  login,
  newPerson,
  OTHER_STRONG_PASSWORD,
  registerActivatedUser,
  seedUser,
  signIn,
  userIdOf,
  type Person,
  type SeededUser,
} from '../../support/identity.js';
import type { RunningApp } from './harness.js';

// Crockford's base32 (no I, L, O, U) in seven groups of four, lower and upper case by turns: 28 symbols
// of 5 bits, 140 bits ≥ 128.
const TEMPORARY_PASSWORD = /temporary password is: ((?:[0-9a-hjkmnp-tv-z]{4}-[0-9A-HJKMNP-TV-Z]{4}-){3}[0-9a-hjkmnp-tv-z]{4})(?=\s)/;

export function forcedResetSpecs(app: () => RunningApp): void {
  describe('password reset forced by a platform administrator', () => {
    let ctx: RunningApp;
    const user: Person = newPerson('forgotten');
    let userId = '';
    let admin: SeededUser;
    let adminToken = '';
    let userSessions: string[] = [];
    let temporary = '';
    const force = (targetId: string, body: object, token = adminToken) =>
      ctx.api.post(`users/${encodeURIComponent(targetId)}/force-password-reset`, body, { token });
    const mailsTo = (email: string) => ctx.smtp.messages.filter((mail) => mail.recipients.includes(email)).length;
    const lastUserEvent = async () => (await ctx.store.readStream(`user-${userId}`)).at(-1)!;

    beforeAll(async () => {
      ctx = app();
      await registerActivatedUser(ctx, user);
      userId = await userIdOf(ctx.store, user.email);
      userSessions = [(await signIn(ctx, user)).jwtToken, (await signIn(ctx, user)).jwtToken];
      admin = await seedUser(ctx, newPerson('platform-admin'), { userType: 2 });
      adminToken = (await signIn(ctx, admin)).jwtToken;
    });

    it('given a signed-in user who is not a platform admin, then 403 noAccessRight, and nothing changes for the target', async () => {
      const colleague = await seedUser(ctx, newPerson('colleague'));
      const mailsBefore = mailsTo(user.email);
      const reply = await force(userId, { reason: 'I am not allowed' }, (await signIn(ctx, colleague)).jwtToken);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'noAccessRight' });
      expect((await lastUserEvent()).type).not.toBe('PasswordResetForced');
      expect((await ctx.api.get('company/list', { token: userSessions[0] })).status).toBe(200);
      expect(mailsTo(user.email)).toBe(mailsBefore);
    });

    it('given no session, then 401', async () => {
      const reply = await ctx.api.post(`users/${userId}/force-password-reset`, {});
      expect(reply.status).toBe(401);
    });

    it('given an id no user has, then 404 notFound', async () => {
      const reply = await force(randomUUID(), {});
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'notFound' });
    });

    it.each([
      ['a reason that is not text', { reason: 42 }],
      ['a reason longer than 500 characters', { reason: 'x'.repeat(501) }],
    ])('given %s, then 400 validationFailed naming the field', async (_case, body) => {
      const reply = await force(userId, body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'validationFailed', fields: { reason: expect.any(Array) } });
      expect((await lastUserEvent()).type).not.toBe('PasswordResetForced');
    });

    it('given the platform admin and a reason, then the user is e-mailed a temporary password, recorded as a hash with who and why, and every session of theirs ends', async () => {
      const reply = await force(userId, { reason: 'Locked out after changing phones' });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ success: true });

      const mail = await ctx.smtp.waitFor(user.email);
      expect(mail.subject).toBe('Your Binaan password was reset');
      temporary = TEMPORARY_PASSWORD.exec(mail.text)?.[1] ?? '';
      expect(temporary).not.toBe('');
      expect(isStrongPassword(temporary)).toBe(true);

      const event = await lastUserEvent();
      expect(event.type).toBe('PasswordResetForced');
      expect(event.metadata.actorUserId).toBe(admin.userId);
      expect(event.data).toMatchObject({
        reason: 'Locked out after changing phones',
        passwordHash: expect.stringMatching(/^\$argon2id\$/),
      });
      expect(JSON.stringify(event)).not.toContain(temporary);

      for (const token of userSessions) {
        const ended = await ctx.api.get('company/list', { token });
        expect(ended.status).toBe(401);
        expect(ended.body).toMatchObject({ errorCode: 'sessionExpired' });
      }
      expect((await ctx.api.get('company/list', { token: adminToken })).status).toBe(200);
    });

    it('then the old password is refused, and the temporary one signs in with forceChangePassword and nothing else allowed', async () => {
      const old = await login(ctx, user.email, user.password);
      expect(old.status).toBe(401);
      expect(old.body).toMatchObject({ errorCode: 'incorrectCredentials' });
      const reply = await login(ctx, user.email, temporary);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ loginIsAuthenticated: true, forceChangePassword: true, showEula: false });
      const restricted = await ctx.api.get('company/list', { token: reply.body.jwtToken as string });
      expect(restricted.status).toBe(403);
      expect(restricted.body).toMatchObject({ errorCode: 'passwordChangeRequired' });
    });

    it("then the user's change of password clears the flag (PasswordChanged), and only the new password signs in", async () => {
      const token = (await login(ctx, user.email, temporary)).body.jwtToken as string;
      const changed = await ctx.api.post(
        'users/change-password',
        { oldPassword: temporary, newPassword: OTHER_STRONG_PASSWORD, confirmPassword: OTHER_STRONG_PASSWORD },
        { token },
      );
      expect(changed.status).toBe(200);
      const event = await lastUserEvent();
      expect(event.type).toBe('PasswordChanged');
      expect(event.metadata.actorUserId).toBe(userId);
      expect((await login(ctx, user.email, temporary)).status).toBe(401);
      const again = await login(ctx, user.email, OTHER_STRONG_PASSWORD);
      expect(again.body).toMatchObject({ loginIsAuthenticated: true, forceChangePassword: false, showEula: false });
      expect((await ctx.api.get('company/list', { token: again.body.jwtToken as string })).status).toBe(200);
    });

    it('given a second forced reset, then a different temporary password is mailed and only it works', async () => {
      expect((await force(userId, {})).status).toBe(200);
      const second = TEMPORARY_PASSWORD.exec((await ctx.smtp.waitFor(user.email)).text)?.[1] ?? '';
      expect(second).not.toBe('');
      expect(second).not.toBe(temporary);
      expect((await lastUserEvent()).data).toMatchObject({ reason: null });
      expect((await login(ctx, user.email, OTHER_STRONG_PASSWORD)).status).toBe(401);
      expect((await login(ctx, user.email, second)).body).toMatchObject({ forceChangePassword: true });
    });
  });
}
