// The invisible human check in front of code requests and password resets. A self-hosted ALTCHA
// proof-of-work adapter is the default; a hosted captcha can replace it behind this port.

export interface HumanCheck {
  /** True when the token (the ui's `response_token`) proves a solved, fresh, unused challenge. */
  verify(token: string | undefined): Promise<boolean>;
}

export const HUMAN_CHECK = Symbol('HUMAN_CHECK');
