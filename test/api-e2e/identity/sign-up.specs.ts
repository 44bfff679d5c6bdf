// Sign-up as public-area.md §4 and §5 walk it: mobile (with a human check), the code from the SMS,
// the account's info, the activation PIN from the e-mail, then sign-in. And its refusals.

import { LookupKeys, phoneStream } from '../../../apps/api/src/personal-data/lookup-keys.js';
import { beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { solveHumanCheck } from '../../support/human-check.js';
import {
  activationPin,
  codeFor,
  login,
  MINUTE,
  newPerson,
  OTHER_STRONG_PASSWORD,
  requestCode,
  signUpBody,
  smsCode,
  userIdOf,
  verifyCode,
  verifyMobile,
} from '../../support/identity.js';
import type { RunningApp } from './harness.js';

export function signUpSpecs(app: () => RunningApp): void {
  describe('sign-up', () => {
    let ctx: RunningApp;
    beforeAll(async () => {
      ctx = app();
    });

    describe('the mobile step', () => {
      it('given a solved human check, when a code is asked for a Malaysian mobile, then a 6-digit code goes by SMS and only its HMAC is stored', async () => {
        const mobile = newPerson('code').mobile;
        const reply = await requestCode(ctx, mobile);
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({
          success: true,
          secretKey: expect.any(String),
          timestamp: ctx.clock.now.getTime(),
          resendAfterSeconds: 60,
        });
        const code = await smsCode(ctx, mobile);
        expect(code).toMatch(/^\d{6}$/);
        const stored = JSON.stringify(await ctx.store.readStream(phoneStream(ctx.app.get(LookupKeys), mobile)));
        // The stream id is an HMAC of the number, never its digits.
        expect(phoneStream(ctx.app.get(LookupKeys), mobile)).not.toContain(mobile.slice(1));
        expect(stored).not.toContain(`"${code}"`);
        expect(stored).toContain('codeHmac');
      });

      it.each([
        ['sg', '+6581234567'],
        ['th', '+66812345678'],
        ['cn', '+8613812345678'],
        ['hk', '+85251234567'],
        ['au', '+61412345678'],
        ['id', '+6281234567890'],
      ])('given a mobile of %s (an allowed country), when a code is asked for, then it is sent', async (_country, mobile) => {
        const reply = await requestCode(ctx, mobile);
        expect(reply.status).toBe(200);
        expect(await smsCode(ctx, mobile)).toMatch(/^\d{6}$/);
      });

      it.each([
        ['a US number (country not offered)', '+12025550123'],
        ['a number too short to be valid', '+60123'],
        ['letters', 'not-a-phone'],
      ])('given %s, when a code is asked for, then 400 invalidMobile', async (_case, mobile) => {
        const reply = await requestCode(ctx, mobile);
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ success: false, errorCode: 'invalidMobile' });
      });

      it('given no human-check token or one already used, when a code is asked for, then 400 humanCheckFailed and no SMS', async () => {
        const mobile = newPerson('bot').mobile;
        const missing = await ctx.api.post('pin-code-request', { mobile_phone: mobile });
        expect(missing.status).toBe(400);
        expect(missing.body).toMatchObject({ success: false, errorCode: 'humanCheckFailed' });
        const token = await solveHumanCheck(request(ctx.api.server));
        expect((await ctx.api.post('pin-code-request', { mobile_phone: mobile, response_token: token })).status).toBe(200);
        ctx.clock.advance(MINUTE + 1);
        const reused = await ctx.api.post('pin-code-request', { mobile_phone: mobile, response_token: token });
        expect(reused.status).toBe(400);
        expect(reused.body).toMatchObject({ errorCode: 'humanCheckFailed' });
      });
    });

    describe('the whole flow', () => {
      const person = newPerson('siti');
      let pin = '';

      it('given a code from the SMS, when it is verified, then the info step may follow', async () => {
        const issued = await codeFor(ctx, person.mobile);
        const reply = await verifyCode(ctx, person.mobile, issued, issued.code);
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({ success: true });
      });

      it('given a verified mobile, when the info is sent, then the account is recorded and an activation PIN is e-mailed', async () => {
        const reply = await ctx.api.post('users/sign-up', signUpBody(person));
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({ success: true, msg: 'signUp.success', data: { email: person.email } });
        const mail = await ctx.smtp.waitFor(person.email);
        expect(mail.subject).toBe('Activate your Binaan account');
        pin = mail.text.match(/activation code is: (\S+)/)?.[1] ?? '';
        expect(pin).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 random bits
        const events = JSON.stringify(await ctx.store.readStream(`user-${await userIdOf(ctx.store, person.email)}`));
        expect(events).not.toContain(person.password);
        expect(events).not.toContain(pin);
      });

      it('given the account is not yet activated, when its owner signs in, then 403 accountPendingActivation', async () => {
        const reply = await login(ctx, person.email, person.password);
        expect(reply.status).toBe(403);
        expect(reply.body).toMatchObject({
          success: false,
          loginIsAuthenticated: false,
          errorCode: 'accountPendingActivation',
          jwtToken: '',
        });
      });

      it('given a wrong PIN, when activating, then 400 invalidActivationCode', async () => {
        const reply = await ctx.api.post('users/activate-by-pin', { email: person.email, pin: 'AAAAAAAAAAAAAAAAAAAAAA' });
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ success: false, errorCode: 'invalidActivationCode' });
      });

      it('given the mailed PIN, when activating, then success, and the same PIN does not work twice', async () => {
        const reply = await ctx.api.post('users/activate-by-pin', { email: person.email, pin });
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({ success: true, errorMessage: '' });
        const again = await ctx.api.post('users/activate-by-pin', { email: person.email, pin });
        expect(again.status).toBe(400);
        expect(again.body).toMatchObject({ errorCode: 'invalidActivationCode' });
      });

      it('given the activated account, when its owner signs in, then the reply carries the spec fields and asks for the terms', async () => {
        const reply = await login(ctx, person.email.toUpperCase(), person.password);
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({
          success: true,
          loginIsAuthenticated: true,
          forceChangePassword: false,
          showEula: true,
          errorMessage: '',
          user: { email: person.email, name: person.name, user_mobile: person.mobile, userType: 1 },
          accessRights: '',
          jwtToken: expect.any(String),
          readOnlyJwtToken: expect.any(String),
          userRole: 'USER',
        });
        expect(reply.body.jwtToken).not.toBe(reply.body.readOnlyJwtToken);
      });
    });

    describe('the info step refuses', () => {
      const person = newPerson('rules');
      beforeAll(() => verifyMobile(ctx, person.mobile));

      it.each([
        ['a weak password (no special character)', { password: 'Abcdefgh1', confirmPassword: 'Abcdefgh1' }, 'weakPassword'],
        ['a password of 8 characters', { password: 'Abcdef1!', confirmPassword: 'Abcdef1!' }, 'weakPassword'],
        ['a confirmation that differs', { confirmPassword: 'Different#2026' }, 'passwordMismatch'],
        ['a full name of 5 characters', { name: 'Ali B' }, 'invalidCompanyName'],
        ['an invalid e-mail', { email: 'not-an-email' }, 'invalidEmail'],
        ['an empty e-mail', { email: '' }, 'invalidEmail'],
      ])('given %s, then 400 with its error code and no account', async (_case, overrides, errorCode) => {
        const reply = await ctx.api.post('users/sign-up', signUpBody(person, overrides));
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ success: false, errorCode, errorMessage: expect.any(String) });
        await expect(userIdOf(ctx.store, person.email)).rejects.toThrow('no account');
      });

      it('given a mobile that was never verified, then 400 mobileNotVerified', async () => {
        const stranger = newPerson('unverified');
        const reply = await ctx.api.post('users/sign-up', signUpBody(stranger));
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ success: false, errorCode: 'mobileNotVerified' });
      });

      it('given a mobile whose code was sent but not verified, then 400 mobileNotVerified', async () => {
        const stranger = newPerson('unverified');
        await codeFor(ctx, stranger.mobile);
        const reply = await ctx.api.post('users/sign-up', signUpBody(stranger));
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ errorCode: 'mobileNotVerified' });
      });

      it('given a missing field, then 400 validationFailed naming it', async () => {
        const { password: _dropped, ...withoutPassword } = signUpBody(person);
        const reply = await ctx.api.post('users/sign-up', withoutPassword);
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ success: false, errorCode: 'validationFailed', fields: { password: expect.any(Array) } });
      });
    });

    describe('enumeration', () => {
      it('given an e-mail that has an account, when someone signs up with it, then the reply is identical to a new sign-up and the owner is told by e-mail', async () => {
        const owner = newPerson('owner');
        await verifyMobile(ctx, owner.mobile);
        await ctx.api.post('users/sign-up', signUpBody(owner));
        await ctx.api.post('users/activate-by-pin', { email: owner.email, pin: await activationPin(ctx, owner.email) });

        const newcomer = newPerson('newcomer');
        const intruder = { ...newPerson('intruder'), email: owner.email, password: OTHER_STRONG_PASSWORD };
        await verifyMobile(ctx, newcomer.mobile);
        await verifyMobile(ctx, intruder.mobile);
        const fresh = await ctx.api.post('users/sign-up', signUpBody(newcomer));
        const known = await ctx.api.post('users/sign-up', signUpBody(intruder));
        expect(known.status).toBe(fresh.status);
        expect({ ...known.body, data: { email: '<address>' } }).toEqual({ ...fresh.body, data: { email: '<address>' } });
        expect(known.body.data).toEqual({ email: owner.email });
        const told = await ctx.smtp.waitFor(owner.email);
        expect(told.subject).toBe('Someone tried to sign up with your e-mail');
        // The owner's password still works; the intruder's does not.
        expect((await login(ctx, owner.email, owner.password)).status).toBe(200);
        expect((await login(ctx, owner.email, intruder.password)).status).toBe(401);
      });

      it('given a pending account, when its owner signs up again, then a new PIN is mailed and only that one activates', async () => {
        const person = newPerson('again');
        await verifyMobile(ctx, person.mobile);
        await ctx.api.post('users/sign-up', signUpBody(person));
        const first = await activationPin(ctx, person.email);
        const retry = { ...person, mobile: newPerson('again').mobile };
        await verifyMobile(ctx, retry.mobile);
        expect((await ctx.api.post('users/sign-up', signUpBody(retry))).status).toBe(200);
        const second = await activationPin(ctx, person.email);
        expect(second).not.toBe(first);
        expect((await ctx.api.post('users/activate-by-pin', { email: person.email, pin: first })).body).toMatchObject({
          errorCode: 'invalidActivationCode',
        });
        expect((await ctx.api.post('users/activate-by-pin', { email: person.email, pin: second })).status).toBe(200);
      });
    });

    describe('the activation PIN', () => {
      it('given five wrong PINs, when the right one comes, then it is refused too (invalidActivationCode)', async () => {
        const person = newPerson('guesser');
        await verifyMobile(ctx, person.mobile);
        await ctx.api.post('users/sign-up', signUpBody(person));
        const pin = await activationPin(ctx, person.email);
        for (let attempt = 0; attempt < 5; attempt++) {
          expect((await ctx.api.post('users/activate-by-pin', { email: person.email, pin: `wrong-${attempt}` })).body).toMatchObject({
            errorCode: 'invalidActivationCode',
          });
        }
        const reply = await ctx.api.post('users/activate-by-pin', { email: person.email, pin });
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ errorCode: 'invalidActivationCode' });
      });

      it('given more than 30 minutes since it was mailed, when it is used, then 400 codeExpired', async () => {
        const person = newPerson('late');
        await verifyMobile(ctx, person.mobile);
        await ctx.api.post('users/sign-up', signUpBody(person));
        const pin = await activationPin(ctx, person.email);
        ctx.clock.advance(30 * MINUTE + 1_000);
        const reply = await ctx.api.post('users/activate-by-pin', { email: person.email, pin });
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ success: false, errorCode: 'codeExpired' });
      });

      it('given an e-mail without an account, when activating, then the same 400 invalidActivationCode', async () => {
        const reply = await ctx.api.post('users/activate-by-pin', { email: newPerson('nobody').email, pin: 'AAAAAAAAAAAAAAAAAAAAAA' });
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ errorCode: 'invalidActivationCode' });
      });
    });
  });
}
