// The mobile code of sign-up: 6 digits, valid 5 minutes, dead after 5 wrong tries or a resend,
// a resend only after 60 s, at most 5 per phone per hour; and a registered number is only revealed to
// someone who has just proven they hold it.

import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  activationPin,
  codeFor,
  login,
  MINUTE,
  newPerson,
  registerActivatedUser,
  requestCode,
  SECOND,
  signUpBody,
  smsCode,
  smsCount,
  verifyCode,
  verifyMobile,
} from '../../support/identity.js';
import type { RunningApp } from './harness.js';

/** A six-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export function mobileCodeSpecs(app: () => RunningApp): void {
  describe('the mobile code', () => {
    let ctx: RunningApp;
    beforeAll(async () => {
      ctx = app();
    });

    it('given a wrong code, when it is verified, then 400 codeMismatch, and the right code still works after it', async () => {
      const { mobile } = newPerson('wrong');
      const issued = await codeFor(ctx, mobile);
      const refused = await verifyCode(ctx, mobile, issued, wrong(issued.code));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, errorCode: 'codeMismatch', errorMessage: expect.any(String) });
      expect((await verifyCode(ctx, mobile, issued, issued.code)).status).toBe(200);
    });

    it('given a code that is not six digits or a made-up secret key, then 400 codeMismatch', async () => {
      const { mobile } = newPerson('shape');
      const issued = await codeFor(ctx, mobile);
      expect((await verifyCode(ctx, mobile, issued, 'abcdef')).body).toMatchObject({ errorCode: 'codeMismatch' });
      expect((await verifyCode(ctx, mobile, { ...issued, secretKey: 'made-up-request-id' }, issued.code)).body).toMatchObject({
        errorCode: 'codeMismatch',
      });
      expect((await verifyCode(ctx, mobile, { ...issued, timestamp: issued.timestamp - 1 }, issued.code)).body).toMatchObject({
        errorCode: 'codeMismatch',
      });
    });

    it('given more than 5 minutes since the code was sent, when the right code is verified, then 400 codeExpired', async () => {
      const { mobile } = newPerson('expired');
      const issued = await codeFor(ctx, mobile);
      ctx.clock.advance(5 * MINUTE + SECOND);
      const reply = await verifyCode(ctx, mobile, issued, issued.code);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'codeExpired' });
    });

    it('given five wrong codes, when the sixth try is the right code, then it is refused: 400 codeAttemptsExceeded', async () => {
      const { mobile } = newPerson('sixth');
      const issued = await codeFor(ctx, mobile);
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await verifyCode(ctx, mobile, issued, wrong(issued.code))).body).toMatchObject({ errorCode: 'codeMismatch' });
      }
      const sixth = await verifyCode(ctx, mobile, issued, issued.code);
      expect(sixth.status).toBe(400);
      expect(sixth.body).toMatchObject({ success: false, errorCode: 'codeAttemptsExceeded' });
      // A new code (after the resend wait) starts afresh.
      ctx.clock.advance(MINUTE);
      const next = await codeFor(ctx, mobile);
      expect((await verifyCode(ctx, mobile, next, next.code)).status).toBe(200);
    });

    it('given a code sent less than 60 s ago, when another is asked for, then 429 codeResendTooSoon with the seconds left, and no SMS', async () => {
      const { mobile } = newPerson('early');
      await codeFor(ctx, mobile);
      ctx.clock.advance(45 * SECOND);
      const early = await requestCode(ctx, mobile);
      expect(early.status).toBe(429);
      expect(early.body).toMatchObject({ success: false, errorCode: 'codeResendTooSoon', retryAfterSeconds: 15 });
      expect(await smsCount(ctx, mobile)).toBe(1);
    });

    it('given a resend after 60 s, then the first code is dead and the new one works', async () => {
      const { mobile } = newPerson('resend');
      const first = await codeFor(ctx, mobile);
      ctx.clock.advance(60 * SECOND);
      const second = await codeFor(ctx, mobile);
      expect(second.secretKey).not.toBe(first.secretKey);
      expect((await verifyCode(ctx, mobile, first, first.code)).body).toMatchObject({ errorCode: 'codeMismatch' });
      expect((await verifyCode(ctx, mobile, second, second.code)).status).toBe(200);
    });

    it('given one number written four ways, then the code, its SMS, the resend wait, the verification and the account are all of its one E.164 form', async () => {
      const person = newPerson('written');
      const national = person.mobile.slice('+60'.length); // 12 and 7 digits
      const [full, withoutPlus, local, bare] = [
        `+60 ${national.slice(0, 2)}-${national.slice(2, 5)} ${national.slice(5)}`,
        `60 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`,
        `0${national.slice(0, 2)}-${national.slice(2, 5)} ${national.slice(5)}`,
        `${national.slice(0, 2)}-${national.slice(2)}`,
      ] as const;
      const asked = await requestCode(ctx, full);
      expect(asked.status).toBe(200);
      const code = await smsCode(ctx, person.mobile);
      expect(await smsCount(ctx, person.mobile)).toBe(1);
      // The same phone, so the same wait, however it is written.
      const again = await requestCode(ctx, withoutPlus);
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ errorCode: 'codeResendTooSoon', retryAfterSeconds: 60 });
      const issued = asked.body as { secretKey: string; timestamp: number };
      expect((await verifyCode(ctx, local, issued, code)).status).toBe(200);
      expect((await ctx.api.post('users/sign-up', signUpBody(person, { user_mobile: bare }))).status).toBe(200);
      expect(
        (await ctx.api.post('users/activate-by-pin', { email: person.email, pin: await activationPin(ctx, person.email) })).status,
      ).toBe(200);
      expect((await login(ctx, person.email, person.password)).body).toMatchObject({ user: { user_mobile: person.mobile } });
    });

    it('given 5 codes within an hour, when a sixth is asked for, then 429 codeRequestLimit until the hour has passed', async () => {
      const { mobile } = newPerson('hourly');
      for (let sent = 1; sent <= 5; sent++) {
        expect((await requestCode(ctx, mobile)).status).toBe(200);
        ctx.clock.advance(MINUTE);
      }
      const sixth = await requestCode(ctx, mobile);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ success: false, errorCode: 'codeRequestLimit', retryAfterSeconds: 55 * 60 });
      expect(await smsCount(ctx, mobile)).toBe(5);
      ctx.clock.advance(55 * MINUTE);
      expect((await requestCode(ctx, mobile)).status).toBe(200);
    });

    describe('a registered number', () => {
      const owner = newPerson('holder');
      beforeAll(() => registerActivatedUser(ctx, owner));

      it('given a registered and an unregistered number, when codes are asked for, then both replies look alike', async () => {
        ctx.clock.advance(MINUTE); // the sign-up's own code was sent just now
        const stranger = newPerson('stranger');
        const registered = await requestCode(ctx, owner.mobile);
        const unregistered = await requestCode(ctx, stranger.mobile);
        expect(registered.status).toBe(unregistered.status);
        expect({ ...registered.body, secretKey: '-' }).toEqual({ ...unregistered.body, secretKey: '-' });
      });

      it('given a wrong code for a registered number, then the same 400 codeMismatch as for any number', async () => {
        ctx.clock.advance(MINUTE);
        const issued = await codeFor(ctx, owner.mobile);
        const reply = await verifyCode(ctx, owner.mobile, issued, wrong(issued.code));
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ errorCode: 'codeMismatch' });
      });

      it('given the right code for a registered number, then 409 mobileNumberExists (the holder may sign in instead)', async () => {
        ctx.clock.advance(MINUTE);
        const issued = await codeFor(ctx, owner.mobile);
        const reply = await verifyCode(ctx, owner.mobile, issued, issued.code);
        expect(reply.status).toBe(409);
        expect(reply.body).toMatchObject({ success: false, errorCode: 'mobileNumberExists' });
      });

      it('given a registered number and no code, when someone signs up with it, then the reply is the same as for any unverified number', async () => {
        const taker = { ...newPerson('taker'), mobile: newPerson('registered').mobile };
        await registerActivatedUser(ctx, taker);
        ctx.clock.advance(31 * MINUTE); // the taker's own verification is long over
        const onRegistered = await ctx.api.post('users/sign-up', signUpBody(newPerson('probe'), { user_mobile: taker.mobile }));
        const onFree = await ctx.api.post('users/sign-up', signUpBody(newPerson('probe')));
        expect(onRegistered.status).toBe(400);
        expect(onRegistered.status).toBe(onFree.status);
        expect(onRegistered.body).toEqual(onFree.body);
        expect(onRegistered.body).toMatchObject({ errorCode: 'mobileNotVerified' });
      });

      it('given a number taken by one sign-up, when a second person proves they hold it and signs up, then 409 mobileNumberExists', async () => {
        const first = newPerson('first');
        await verifyMobile(ctx, first.mobile);
        expect((await ctx.api.post('users/sign-up', signUpBody(first))).status).toBe(200);
        const second = newPerson('second');
        expect((await ctx.api.post('users/sign-up', signUpBody(second, { user_mobile: first.mobile }))).body).toMatchObject({
          errorCode: 'mobileNotVerified',
        });
        ctx.clock.advance(MINUTE);
        const issued = await codeFor(ctx, first.mobile);
        expect((await verifyCode(ctx, first.mobile, issued, issued.code)).body).toMatchObject({ errorCode: 'mobileNumberExists' });
        const reply = await ctx.api.post('users/sign-up', signUpBody(second, { user_mobile: first.mobile }));
        expect(reply.status).toBe(409);
        expect(reply.body).toMatchObject({ errorCode: 'mobileNumberExists' });
      });
    });

    it('given a number verified more than 30 minutes ago, when the info is sent, then 400 mobileNotVerified', async () => {
      const person = newPerson('slow');
      await verifyMobile(ctx, person.mobile);
      ctx.clock.advance(30 * MINUTE + SECOND);
      const reply = await ctx.api.post('users/sign-up', signUpBody(person));
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ errorCode: 'mobileNotVerified' });
    });
  });
}
