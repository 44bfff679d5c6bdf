// The sign-up wizard (public-area.md §2.2, §4): mobile -> code -> info -> done. Mobile to code once the
// human check passes and the code request succeeds; code to info once the code is verified; info submits
// the account and ends with the e-mail to activate. Resend waits for a 60 s countdown (1 s steps). A
// failure keeps the step and stores errorMessage and errorCode for the banner. The countdown belongs to
// the number last asked for and runs on every step: back at the mobile step the same number waits it out,
// and a refusal to send again so soon (codeResendTooSoon) restarts it from the seconds the server says are
// left. The calls are actors provided by the page (and by the unit tests), so the machine stays pure.

import { assign, fromCallback, fromPromise, setup } from 'xstate';

export const RESEND_COUNTDOWN_SECONDS = 60;

export type CodeRequest = { mobile: string };
export type CodeRequestReply = { secretKey: string; timestamp: number };
export type CodeCheck = { mobile: string; code: string; secretKey: string; timestamp: number };
export type SignUpDetails = { mobile: string; name: string; email: string; password: string; confirmPassword: string };
export type WizardFailure = { errorCode: string; errorMessage: string; retryAfterSeconds?: number };

export type SignUpContext = {
  mobile: string;
  secretKey: string;
  timestamp: number;
  countdown: number;
  errorMessage: string;
  errorCode: string;
  email: string;
};

export type SignUpEvent =
  | { type: 'SEND_CODE'; mobile: string }
  | { type: 'VERIFY'; code: string }
  | { type: 'RESEND' }
  | { type: 'TICK' }
  | { type: 'SUBMIT'; details: Omit<SignUpDetails, 'mobile'> }
  | { type: 'CHANGE_MOBILE' };

const failure = (error: unknown): WizardFailure => {
  const e = error as Partial<WizardFailure> | undefined;
  return {
    errorCode: typeof e?.errorCode === 'string' ? e.errorCode : 'unknownError',
    errorMessage: typeof e?.errorMessage === 'string' && e.errorMessage ? e.errorMessage : 'unknownError',
  };
};

/** The seconds a refusal to send again so soon says are left; other refusals leave the countdown alone. */
const waitOf = (error: unknown): number | null => {
  const e = error as Partial<WizardFailure> | undefined;
  const seconds = e?.retryAfterSeconds;
  return e?.errorCode === 'codeResendTooSoon' && typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : null;
};

export const signUpMachine = setup({
  types: { context: {} as SignUpContext, events: {} as SignUpEvent },
  actors: {
    requestCode: fromPromise<CodeRequestReply, CodeRequest>(async () => {
      throw new Error('requestCode not provided');
    }),
    verifyCode: fromPromise<void, CodeCheck>(async () => {
      throw new Error('verifyCode not provided');
    }),
    signUp: fromPromise<void, SignUpDetails>(async () => {
      throw new Error('signUp not provided');
    }),
    ticker: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'TICK' }), 1000);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    countdownOver: ({ context }) => context.countdown <= 0,
    counting: ({ context }) => context.countdown > 0,
    /** Another number, or the same one once its countdown is over. */
    mayAskFor: ({ context, event }) => (event as { mobile?: string }).mobile !== context.mobile || context.countdown <= 0,
  },
  actions: {
    clearError: assign({ errorCode: '', errorMessage: '' }),
    storeError: assign(({ event }) => failure((event as { error?: unknown }).error)),
    /** The refusal's banner, and the countdown from the seconds it says are left. */
    storeRequestError: assign(({ context, event }) => {
      const error = (event as { error?: unknown }).error;
      const { errorCode, errorMessage } = failure(error);
      return { errorCode, errorMessage, countdown: waitOf(error) ?? context.countdown };
    }),
    /** One second less; the "please wait" banner goes when the wait is over. */
    tick: assign(({ context }) => {
      const countdown = Math.max(0, context.countdown - 1);
      return countdown === 0 && context.errorCode === 'codeResendTooSoon' ? { countdown, errorCode: '', errorMessage: '' } : { countdown };
    }),
  },
}).createMachine({
  id: 'signUp',
  initial: 'mobile',
  context: { mobile: '', secretKey: '', timestamp: 0, countdown: 0, errorMessage: '', errorCode: '', email: '' },
  invoke: { src: 'ticker' },
  on: {
    TICK: { guard: 'counting', actions: 'tick' },
  },
  states: {
    mobile: {
      on: {
        SEND_CODE: {
          target: 'requestingCode',
          guard: 'mayAskFor',
          actions: [assign({ mobile: ({ event }) => event.mobile, countdown: 0 }), 'clearError'],
        },
      },
    },
    requestingCode: {
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ mobile: context.mobile }),
        onDone: {
          target: 'code',
          actions: assign(({ event }) => ({
            secretKey: event.output.secretKey,
            timestamp: event.output.timestamp,
            countdown: RESEND_COUNTDOWN_SECONDS,
          })),
        },
        onError: { target: 'mobile', actions: 'storeRequestError' },
      },
    },
    code: {
      initial: 'waiting',
      on: {
        CHANGE_MOBILE: { target: 'mobile', actions: 'clearError' },
      },
      states: {
        waiting: {
          on: {
            VERIFY: { target: 'verifying', actions: 'clearError' },
            RESEND: { target: 'resending', guard: 'countdownOver', actions: 'clearError' },
          },
        },
        verifying: {
          invoke: {
            src: 'verifyCode',
            input: ({ context, event }) => ({
              mobile: context.mobile,
              code: (event as { code: string }).code,
              secretKey: context.secretKey,
              timestamp: context.timestamp,
            }),
            onDone: { target: '#signUp.info' },
            onError: { target: 'waiting', actions: 'storeError' },
          },
        },
        resending: {
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ mobile: context.mobile }),
            onDone: {
              target: 'waiting',
              actions: assign(({ event }) => ({
                secretKey: event.output.secretKey,
                timestamp: event.output.timestamp,
                countdown: RESEND_COUNTDOWN_SECONDS,
              })),
            },
            onError: { target: 'waiting', actions: 'storeRequestError' },
          },
        },
      },
    },
    info: {
      initial: 'editing',
      states: {
        editing: {
          on: { SUBMIT: { target: 'submitting', actions: [assign({ email: ({ event }) => event.details.email.trim() }), 'clearError'] } },
        },
        submitting: {
          invoke: {
            src: 'signUp',
            input: ({ context, event }) => ({ mobile: context.mobile, ...(event as Extract<SignUpEvent, { type: 'SUBMIT' }>).details }),
            onDone: { target: '#signUp.done' },
            onError: { target: 'editing', actions: 'storeError' },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

/** The step the page draws (the spec's "progress"). */
export function progressOf(value: unknown): 'mobile' | 'code' | 'info' | 'done' {
  if (value === 'mobile' || value === 'requestingCode') return 'mobile';
  if (value === 'done') return 'done';
  if (typeof value === 'object' && value !== null && 'code' in value) return 'code';
  return 'info';
}
