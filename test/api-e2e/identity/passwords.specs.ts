// Forgotten, reset and changed passwords (public-area.md §5, signed-in-area.md §5.1): the same
// reply for any address, a single-use reset link that expires in 30 minutes, the password rule, a new
// password that differs from the old one, and every session ended by a change or a reset.

import { beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { solveHumanCheck } from '../../support/human-check.js';
import {
  login,
  MINUTE,
  newPerson,
  OTHER_STRONG_PASSWORD,
  registerActivatedUser,
  resetToken,
  SECOND,
  signIn,
  THIRD_STRONG_PASSWORD,
  type Person,
} from '../../support/identity.js';
import type { RunningApp } from './harness.js';

export function passwordSpecs(app: () => RunningApp): void {
  describe('passwords', () => {
    let ctx: RunningApp;
    beforeAll(() => {
      ctx = app();
    });

    const forgot = async (email: string) =>
      ctx.api.post('users/forgot-password', {
        email,
        domainGroup: 'binaan',
        response_token: await solveHumanCheck(request(ctx.api.server)),
      });
    const reset = (email: string, token: string, password: string, confirmPassword = password) =>
      ctx.api.post('users/reset-password', { email, token, password, confirmPassword });
    const mailsTo = (email: string) => ctx.smtp.messages.filter((mail) => mail.recipients.includes(email)).length;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

    describe('forgot-password', () => {
      const known = newPerson('forgetful');
      beforeAll(() => registerActivatedUser(ctx, known));

      it('given a known and an unknown e-mail, then status and body are identical, and only the known one gets the reset mail (after the reply)', async () => {
        const unknownEmail = newPerson('unknown').email;
        const before = mailsTo(known.email);
        const onKnown = await forgot(known.email);
        const onUnknown = await forgot(unknownEmail);
        expect(onKnown.status).toBe(200);
        expect({ status: onUnknown.status, body: onUnknown.body }).toEqual({ status: onKnown.status, body: onKnown.body });
        expect(onKnown.body).toEqual({ success: true, msg: 'forgotPassword.success' });
        const mail = await ctx.smtp.waitFor(known.email);
        expect(mail.subject).toBe('Reset your Binaan password');
        expect(mail.text).toMatch(/reset-password\?email=.+&token=[A-Za-z0-9_-]{22}\b/);
        expect(mailsTo(known.email)).toBe(before + 1);
        await settle();
        expect(mailsTo(unknownEmail)).toBe(0);
      });

      it('given a request less than a minute after the last, then the same reply and no second mail', async () => {
        const before = mailsTo(known.email);
        const reply = await forgot(known.email);
        expect(reply.body).toEqual({ success: true, msg: 'forgotPassword.success' });
        await settle();
        expect(mailsTo(known.email)).toBe(before);
      });

      it('given no human-check token, then 400 humanCheckFailed for any address', async () => {
        const onKnown = await ctx.api.post('users/forgot-password', { email: known.email });
        const onUnknown = await ctx.api.post('users/forgot-password', { email: newPerson('unknown').email });
        expect(onKnown.status).toBe(400);
        expect(onKnown.body).toMatchObject({ errorCode: 'humanCheckFailed' });
        expect(onUnknown.body).toEqual(onKnown.body);
      });
    });

    describe('reset-password', () => {
      const person = newPerson('resetter');
      let token = '';
      let session = '';
      beforeAll(async () => {
        await registerActivatedUser(ctx, person);
        session = (await signIn(ctx, person)).jwtToken;
        await forgot(person.email);
        token = await resetToken(ctx, person.email);
      });

      it.each([
        ['a weak password', 'weakpassword', undefined, 'weakPassword'],
        ['a confirmation that differs', OTHER_STRONG_PASSWORD, 'Different#2026', 'passwordMismatch'],
      ])('given %s, then 400 with its code, and the link still works', async (_case, password, confirm, errorCode) => {
        const reply = await reset(person.email, token, password, confirm);
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ success: false, errorCode });
      });

      it('given the old password as the new one, then 400 newPasswordSameAsOld', async () => {
        const reply = await reset(person.email, token, person.password);
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ errorCode: 'newPasswordSameAsOld' });
      });

      it('given a made-up token, then 400 invalidToken, exactly as for an e-mail without an account', async () => {
        const reply = await reset(person.email, 'AAAAAAAAAAAAAAAAAAAAAA', OTHER_STRONG_PASSWORD);
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ errorCode: 'invalidToken' });
        const unknown = await reset(newPerson('unknown').email, 'AAAAAAAAAAAAAAAAAAAAAA', OTHER_STRONG_PASSWORD);
        expect({ status: unknown.status, body: unknown.body }).toEqual({ status: reply.status, body: reply.body });
      });

      it('given the mailed token and a good password, then the password changes and every session of the account ends', async () => {
        const reply = await reset(person.email, token, OTHER_STRONG_PASSWORD);
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({ success: true, msg: 'resetPassword.success' });
        const revoked = await ctx.api.get('company/list', { token: session });
        expect(revoked.status).toBe(401);
        expect(revoked.body).toMatchObject({ errorCode: 'sessionExpired' });
        expect((await login(ctx, person.email, person.password)).status).toBe(401);
        expect((await login(ctx, person.email, OTHER_STRONG_PASSWORD)).status).toBe(200);
      });

      it('given the same token a second time, then 400 invalidToken', async () => {
        const reply = await reset(person.email, token, THIRD_STRONG_PASSWORD);
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ errorCode: 'invalidToken' });
        expect((await login(ctx, person.email, THIRD_STRONG_PASSWORD)).status).toBe(401);
      });

      it('given a token mailed more than 30 minutes ago, then 400 invalidToken', async () => {
        ctx.clock.advance(MINUTE);
        await forgot(person.email);
        const late = await resetToken(ctx, person.email);
        ctx.clock.advance(30 * MINUTE + SECOND);
        const reply = await reset(person.email, late, THIRD_STRONG_PASSWORD);
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ errorCode: 'invalidToken' });
      });
    });

    describe('change-password', () => {
      const person = newPerson('changer');
      let token = '';
      let otherSession = '';
      beforeAll(async () => {
        await registerActivatedUser(ctx, person);
        token = (await signIn(ctx, person)).jwtToken;
        otherSession = (await signIn(ctx, person)).jwtToken;
      });
      const change = (body: object, as = token) => ctx.api.post('users/change-password', body, { token: as });

      it('given an incorrect old password, then 400 oldPasswordIncorrect', async () => {
        const reply = await change({
          oldPassword: 'Not#ThePassword1',
          newPassword: OTHER_STRONG_PASSWORD,
          confirmPassword: OTHER_STRONG_PASSWORD,
        });
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ success: false, errorCode: 'oldPasswordIncorrect' });
      });

      it.each([
        [
          'the same password as the old one',
          () => ({ newPassword: person.password, confirmPassword: person.password }),
          'newPasswordSameAsOld',
        ],
        ['a weak new password', () => ({ newPassword: 'short1!A', confirmPassword: 'short1!A' }), 'weakPassword'],
        [
          'a confirmation that differs',
          () => ({ newPassword: OTHER_STRONG_PASSWORD, confirmPassword: THIRD_STRONG_PASSWORD }),
          'passwordMismatch',
        ],
      ])('given %s, then 400 with its code', async (_case, body, errorCode) => {
        const reply = await change({ oldPassword: person.password, ...body() });
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ errorCode });
      });

      it('given no session, then 401', async () => {
        const reply = await ctx.api.post('users/change-password', {
          oldPassword: person.password,
          newPassword: OTHER_STRONG_PASSWORD,
          confirmPassword: OTHER_STRONG_PASSWORD,
        });
        expect(reply.status).toBe(401);
        expect(reply.body).toMatchObject({ errorCode: 'unauthorized' });
      });

      it('given a good change, then success, this session and the other one answer 401, and the new password signs in', async () => {
        const reply = await change({
          oldPassword: person.password,
          newPassword: OTHER_STRONG_PASSWORD,
          confirmPassword: OTHER_STRONG_PASSWORD,
        });
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({ success: true, msg: 'changePassword.success' });
        for (const revoked of [token, otherSession]) {
          const next = await ctx.api.get('application/get-server-timestamp', { token: revoked });
          expect(next.status).toBe(401);
          expect(next.body).toMatchObject({ errorCode: 'sessionExpired' });
        }
        expect((await login(ctx, person.email, person.password)).status).toBe(401);
        expect((await login(ctx, person.email, OTHER_STRONG_PASSWORD)).status).toBe(200);
      });
    });

    describe('change-password-mobile-and-accept-eula', () => {
      let person: Person;
      let token = '';
      beforeAll(async () => {
        person = newPerson('mobile');
        await registerActivatedUser(ctx, person);
        token = ((await login(ctx, person.email, person.password)).body as { jwtToken: string }).jwtToken;
      });
      const change = (user_mobile: string) =>
        ctx.api.post(
          'users/change-password-mobile-and-accept-eula',
          {
            oldPassword: person.password,
            newPassword: OTHER_STRONG_PASSWORD,
            confirmPassword: OTHER_STRONG_PASSWORD,
            user_mobile,
          },
          { token },
        );

      it.each([
        ['a valid number of 11 characters (Singapore)', '+6581234567'],
        ['21 characters', '+60 12 345 6789 00000'],
        ['a number of a country not offered', '+12025550123'],
      ])('given %s, then 400 invalidMobile and nothing changes', async (_case, mobile) => {
        const reply = await change(mobile);
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ errorCode: 'invalidMobile' });
      });

      it('given a mobile missing, then 400 validationFailed naming it', async () => {
        const reply = await ctx.api.post(
          'users/change-password-mobile-and-accept-eula',
          { oldPassword: person.password, newPassword: OTHER_STRONG_PASSWORD, confirmPassword: OTHER_STRONG_PASSWORD },
          { token },
        );
        expect(reply.body).toMatchObject({ errorCode: 'validationFailed', fields: { user_mobile: expect.any(Array) } });
      });

      it('given a number another account holds, then 409 mobileNumberExists and nothing changes', async () => {
        const other = newPerson('mobile-holder');
        await registerActivatedUser(ctx, other);
        const reply = await change(other.mobile);
        expect(reply.status).toBe(409);
        expect(reply.body).toMatchObject({ success: false, errorCode: 'mobileNumberExists' });
        expect((await ctx.api.get('application/get-server-timestamp', { token })).status).toBe(200);
      });

      it('given a valid number of 12 to 20 characters, then the password, the mobile and the terms change together and the session ends', async () => {
        const newMobile = '+60 12-987 6543';
        const reply = await change(newMobile);
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({ success: true, msg: 'changePassword.success' });
        expect((await ctx.api.get('application/get-server-timestamp', { token })).status).toBe(401);
        const again = await login(ctx, person.email, OTHER_STRONG_PASSWORD);
        expect(again.body).toMatchObject({ loginIsAuthenticated: true, showEula: false, user: { user_mobile: '+60129876543' } });
      });
    });
  });
}
