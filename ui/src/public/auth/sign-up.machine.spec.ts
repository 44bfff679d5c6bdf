import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../shared/api/client.js';
import { toFailure } from './auth-calls.js';
import {
  RESEND_COUNTDOWN_SECONDS,
  progressOf,
  signUpMachine,
  type CodeCheck,
  type CodeRequest,
  type SignUpDetails,
} from './sign-up.machine.js';

type Calls = { requests: CodeRequest[]; checks: CodeCheck[]; signUps: SignUpDetails[] };

/** The wizard with recorded stand-ins for the three calls and a manual clock (TICK sent by the test). */
type Refusal = { errorCode: string; errorMessage: string; retryAfterSeconds?: number };

function wizard(
  options: { requestFails?: Refusal; verifyFails?: Refusal; signUpFails?: Refusal; requestRefusals?: (Refusal | null)[] } = {},
) {
  const calls: Calls = { requests: [], checks: [], signUps: [] };
  let issued = 0;
  const machine = signUpMachine.provide({
    actors: {
      requestCode: fromPromise(async ({ input }: { input: CodeRequest }) => {
        calls.requests.push(input);
        if (options.requestFails) throw options.requestFails;
        // One outcome per request, in order (null: sent).
        const refusal = options.requestRefusals?.[calls.requests.length - 1];
        if (refusal) throw refusal;
        issued++;
        return { secretKey: `secret-${issued}`, timestamp: 1000 + issued };
      }),
      verifyCode: fromPromise(async ({ input }: { input: CodeCheck }) => {
        calls.checks.push(input);
        if (options.verifyFails) throw options.verifyFails;
      }),
      signUp: fromPromise(async ({ input }: { input: SignUpDetails }) => {
        calls.signUps.push(input);
        if (options.signUpFails) throw options.signUpFails;
      }),
      ticker: fromCallback(() => () => undefined),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

const details = { name: 'Siti Aminah binti Ali', email: 'siti@contoh.my', password: 'Kuat#Pass9', confirmPassword: 'Kuat#Pass9' };

describe('sign-up wizard: mobile, code, info', () => {
  it('starts at the mobile step', () => {
    const { actor } = wizard();
    expect(progressOf(actor.getSnapshot().value)).toBe('mobile');
  });

  it('moves to the code step once the code request succeeds, keeping the secret key and timestamp, with a 60 s countdown', async () => {
    const { actor, calls } = wizard();
    actor.send({ type: 'SEND_CODE', mobile: '+60123456789' });
    await waitFor(actor, (s) => progressOf(s.value) === 'code' && s.matches({ code: 'waiting' }));
    const { context } = actor.getSnapshot();
    expect(calls.requests).toEqual([{ mobile: '+60123456789' }]);
    expect(context).toMatchObject({ mobile: '+60123456789', secretKey: 'secret-1', timestamp: 1001, countdown: 60 });
    expect(RESEND_COUNTDOWN_SECONDS).toBe(60);
  });

  it('stays at the mobile step and keeps the error code and message when the request is refused', async () => {
    const { actor } = wizard({ requestFails: { errorCode: 'humanCheckFailed', errorMessage: 'Please complete the human check again.' } });
    actor.send({ type: 'SEND_CODE', mobile: '+60123456789' });
    await waitFor(actor, (s) => s.matches('mobile') && s.context.errorCode !== '');
    expect(actor.getSnapshot().context).toMatchObject({
      errorCode: 'humanCheckFailed',
      errorMessage: 'Please complete the human check again.',
    });
  });

  it('refuses Resend while the countdown runs, counts down in 1 s steps to 0 (never below), then resends with a new secret', async () => {
    const { actor, calls } = wizard();
    actor.send({ type: 'SEND_CODE', mobile: '+6591234567' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }));
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().matches({ code: 'waiting' })).toBe(true);
    expect(calls.requests).toHaveLength(1);
    for (let i = 0; i < 59; i++) actor.send({ type: 'TICK' });
    expect(actor.getSnapshot().context.countdown).toBe(1);
    actor.send({ type: 'RESEND' });
    expect(calls.requests).toHaveLength(1);
    actor.send({ type: 'TICK' });
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot().context.countdown).toBe(0);
    actor.send({ type: 'RESEND' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }) && s.context.secretKey === 'secret-2');
    expect(calls.requests).toHaveLength(2);
    expect(actor.getSnapshot().context.countdown).toBe(60);
  });

  it('verifies the code with the mobile, secret key and timestamp of the request, then moves to info', async () => {
    const { actor, calls } = wizard();
    actor.send({ type: 'SEND_CODE', mobile: '+60123456789' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }));
    actor.send({ type: 'VERIFY', code: '123456' });
    await waitFor(actor, (s) => progressOf(s.value) === 'info');
    expect(calls.checks).toEqual([{ mobile: '+60123456789', code: '123456', secretKey: 'secret-1', timestamp: 1001 }]);
  });

  it('keeps the code step and the error (mobileNumberExists) when verification is refused', async () => {
    const { actor } = wizard({
      verifyFails: { errorCode: 'mobileNumberExists', errorMessage: 'This mobile number is already registered.' },
    });
    actor.send({ type: 'SEND_CODE', mobile: '+60123456789' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }));
    actor.send({ type: 'VERIFY', code: '000000' });
    await waitFor(actor, (s) => s.context.errorCode !== '');
    expect(progressOf(actor.getSnapshot().value)).toBe('code');
    expect(actor.getSnapshot().context.errorCode).toBe('mobileNumberExists');
  });

  it('signs up with the verified mobile and the details, ends done with the e-mail to activate', async () => {
    const { actor, calls } = wizard();
    actor.send({ type: 'SEND_CODE', mobile: '+60123456789' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }));
    actor.send({ type: 'VERIFY', code: '123456' });
    await waitFor(actor, (s) => s.matches({ info: 'editing' }));
    actor.send({ type: 'SUBMIT', details: { ...details, email: ' siti@contoh.my ' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.signUps).toEqual([{ mobile: '+60123456789', ...details, email: ' siti@contoh.my ' }]);
    expect(actor.getSnapshot().context.email).toBe('siti@contoh.my');
    expect(progressOf(actor.getSnapshot().value)).toBe('done');
  });

  it('stays on info with userExist when the sign-up is refused, and clears the error on the next attempt', async () => {
    const { actor } = wizard({ signUpFails: { errorCode: 'userExist', errorMessage: 'This e-mail is already registered.' } });
    actor.send({ type: 'SEND_CODE', mobile: '+60123456789' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }));
    actor.send({ type: 'VERIFY', code: '123456' });
    await waitFor(actor, (s) => s.matches({ info: 'editing' }));
    actor.send({ type: 'SUBMIT', details });
    await waitFor(actor, (s) => s.context.errorCode === 'userExist');
    expect(actor.getSnapshot().matches({ info: 'editing' })).toBe(true);
    actor.send({ type: 'SUBMIT', details });
    expect(actor.getSnapshot().context.errorCode).toBe('');
  });

  const tooSoon = (retryAfterSeconds: number): Refusal => ({
    errorCode: 'codeResendTooSoon',
    errorMessage: 'Wait before asking for another code.',
    retryAfterSeconds,
  });
  const tick = (actor: ReturnType<typeof wizard>['actor'], times: number) => {
    for (let i = 0; i < times; i++) actor.send({ type: 'TICK' });
  };

  it('given a code sent to the number less than a minute ago, when it is asked for again, then it counts down the seconds the server says are left, and Send code works again at 0', async () => {
    const { actor, calls } = wizard({ requestRefusals: [tooSoon(42)] });
    actor.send({ type: 'SEND_CODE', mobile: '+60127714523' });
    await waitFor(actor, (s) => s.matches('mobile') && s.context.errorCode === 'codeResendTooSoon');
    expect(actor.getSnapshot().context.countdown).toBe(42);
    tick(actor, 2);
    expect(actor.getSnapshot().context.countdown).toBe(40);
    // The same number waits; the banner stays while it does.
    actor.send({ type: 'SEND_CODE', mobile: '+60127714523' });
    expect(calls.requests).toHaveLength(1);
    tick(actor, 39);
    expect(actor.getSnapshot().context).toMatchObject({ countdown: 1, errorCode: 'codeResendTooSoon' });
    tick(actor, 1);
    expect(actor.getSnapshot().context).toMatchObject({ countdown: 0, errorCode: '', errorMessage: '' });
    tick(actor, 1);
    expect(actor.getSnapshot().context.countdown).toBe(0);
    actor.send({ type: 'SEND_CODE', mobile: '+60127714523' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }));
    expect(calls.requests).toHaveLength(2);
    expect(actor.getSnapshot().context.countdown).toBe(60);
  });

  it('keeps counting down after Change number: the same number waits for it, another number is sent at once', async () => {
    const { actor, calls } = wizard();
    actor.send({ type: 'SEND_CODE', mobile: '+60127714523' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }));
    tick(actor, 10);
    actor.send({ type: 'CHANGE_MOBILE' });
    tick(actor, 5);
    expect(actor.getSnapshot().context.countdown).toBe(45);
    actor.send({ type: 'SEND_CODE', mobile: '+60127714523' });
    expect(actor.getSnapshot().matches('mobile')).toBe(true);
    expect(calls.requests).toHaveLength(1);
    actor.send({ type: 'SEND_CODE', mobile: '+6591234567' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }));
    expect(calls.requests.map((request) => request.mobile)).toEqual(['+60127714523', '+6591234567']);
    expect(actor.getSnapshot().context).toMatchObject({ mobile: '+6591234567', countdown: 60 });
  });

  it('given Resend refused as too soon, then the countdown restarts from the seconds left; other refusals leave it as it is', async () => {
    const { actor } = wizard({
      requestRefusals: [null, tooSoon(3), { errorCode: 'codeRequestLimit', errorMessage: 'Too many codes.', retryAfterSeconds: 3000 }],
    });
    actor.send({ type: 'SEND_CODE', mobile: '+60127714523' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }));
    tick(actor, 60);
    actor.send({ type: 'RESEND' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }) && s.context.errorCode === 'codeResendTooSoon');
    expect(actor.getSnapshot().context.countdown).toBe(3);
    tick(actor, 3);
    expect(actor.getSnapshot().context).toMatchObject({ countdown: 0, errorCode: '' });
    actor.send({ type: 'RESEND' });
    await waitFor(actor, (s) => s.matches({ code: 'waiting' }) && s.context.errorCode === 'codeRequestLimit');
    expect(actor.getSnapshot().context.countdown).toBe(0);
  });

  it('ignores events that do not belong to the current step', () => {
    const { actor, calls } = wizard();
    actor.send({ type: 'VERIFY', code: '123456' });
    actor.send({ type: 'SUBMIT', details });
    expect(progressOf(actor.getSnapshot().value)).toBe('mobile');
    expect(calls.checks).toEqual([]);
    expect(calls.signUps).toEqual([]);
  });
});

describe('a refusal as the wizard keeps it', () => {
  it('carries the seconds left from the reply of a refusal that names them', () => {
    const reply = {
      success: false,
      errorCode: 'codeResendTooSoon',
      errorMessage: 'Wait before asking for another code.',
      retryAfterSeconds: 17,
    };
    expect(toFailure(new ApiError(429, 'codeResendTooSoon', reply.errorMessage, {}, reply))).toEqual({
      errorCode: 'codeResendTooSoon',
      errorMessage: reply.errorMessage,
      retryAfterSeconds: 17,
    });
  });

  it('has no seconds when the reply names none', () => {
    expect(toFailure(new ApiError(400, 'invalidMobile', ''))).toEqual({ errorCode: 'invalidMobile', errorMessage: 'invalidMobile' });
    expect(toFailure(new Error('boom'))).toEqual({ errorCode: 'unknownError', errorMessage: 'unknownError' });
  });
});
