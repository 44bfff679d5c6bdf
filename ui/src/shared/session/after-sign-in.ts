// What a visitor set out to do before they had an account, kept until they sign in with the account they
// made for it: "List my company" leads to sign-up, activation, sign-in, then the company registration. In
// localStorage rather than sessionStorage because the activation link in the e-mail opens a new tab; bound to
// the e-mail signed up with, so nobody else signing in on this browser is led there; kept a day; taken once.

/** The steps a link may ask for (`?next=` on sign-up and sign-in), and where each leads after sign-in. */
export const NEXT_STEPS = { 'register-company': '/administration/add-company' } as const;
export type NextStep = keyof typeof NEXT_STEPS;

const KEY = 'binaan.afterSignIn';
const KEPT_MS = 24 * 60 * 60 * 1000;

type Kept = { step: NextStep; email: string; until: number };

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The step a `next` query value names, or null for none or one not offered. */
export function nextStepOf(value: string | null | undefined): NextStep | null {
  return value && Object.hasOwn(NEXT_STEPS, value) ? (value as NextStep) : null;
}

/** Where the sign-in link of a page asking for `step` goes. */
export const signInPathFor = (step: NextStep | null) => (step ? `/auth/sign-in?next=${step}` : '/auth/sign-in');

/** Kept when the account is made (its e-mail known), for the sign-in that follows activation. */
export function rememberNextStep(step: NextStep, email: string, now = Date.now()): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ step, email, until: now + KEPT_MS } satisfies Kept));
  } catch {
    // Storage full or refused (private mode): the person lands where sign-in always leads, and registers from there.
  }
}

/**
 * After a sign-in as `email`: the path the kept step leads to (then forgotten), else the one the sign-in
 * link asked for (`?next=`), else null.
 */
export function takeNextStep(email: string, asked: string | null = null, now = Date.now()): string | null {
  const store = storage();
  let kept: Kept | null = null;
  try {
    kept = JSON.parse(store?.getItem(KEY) ?? 'null') as Kept | null;
  } catch {
    kept = null;
  }
  const keptStep =
    kept && nextStepOf(kept.step) && typeof kept.email === 'string' && sameAddress(kept.email, email) && kept.until > now
      ? kept.step
      : null;
  if (keptStep || (kept && kept.until <= now)) store?.removeItem(KEY);
  const step = keptStep ?? nextStepOf(asked);
  return step ? NEXT_STEPS[step] : null;
}
