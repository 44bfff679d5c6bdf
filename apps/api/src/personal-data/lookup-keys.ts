// Lookups by e-mail and mobile without the address or the digits: stream ids and keys
// are HMAC-SHA-256 of the normalised value under LOOKUP_HMAC_KEY (a secret: unlike an unsalted hash, nobody
// without it can recompute the key from an address). Each kind has its own domain, so an e-mail key and a
// mobile key never coincide.

import { createHmac } from 'node:crypto';

export class LookupKeys {
  constructor(private readonly key: string) {
    if (key.length < 32) throw new Error('the lookup HMAC key must be at least 32 characters');
  }

  /** An e-mail address (normalised: trimmed, lower case) as 40 hex characters. */
  email(normalisedEmail: string): string {
    return this.hmac('email', normalisedEmail);
  }

  /** A mobile number (E.164, "+60...") as 40 hex characters. */
  mobile(mobile: string): string {
    return this.hmac('mobile', mobile);
  }

  /**
   * The personal data subject of whoever an e-mail address names when no user id is known (a public
   * registration, an invitation, a role granted by e-mail): forgetting the user forgets it too.
   */
  emailSubject(normalisedEmail: string): string {
    return `email.${this.email(normalisedEmail.trim().toLowerCase())}`;
  }

  /** The subject of whoever a mobile number names (a project's site contact): forgetting the user forgets it too. */
  mobileSubject(mobile: string): string {
    return `mobile.${this.mobile(mobile.replace(/[\s-]/g, ''))}`;
  }

  private hmac(kind: string, value: string): string {
    return createHmac('sha256', this.key).update(`${kind}\u0000${value}`).digest('hex').slice(0, 40);
  }
}

/** The stream of a mobile number's verification codes and claim. */
export const phoneStream = (keys: LookupKeys, mobile: string) => `phone-${keys.mobile(mobile)}`;
/** The stream of an e-mail address's claim (uniqueness) and of its sign-in attempts. */
export const emailClaimStream = (keys: LookupKeys, normalisedEmail: string) => `email-${keys.email(normalisedEmail)}`;
export const loginAttemptsStream = (keys: LookupKeys, normalisedEmail: string) => `login-${keys.email(normalisedEmail)}`;
