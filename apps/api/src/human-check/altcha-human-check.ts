// The self-hosted ALTCHA proof of work (altcha-lib, PoW v2). The server hands out a signed challenge;
// the browser's widget searches for the counter whose SHA-256 key starts with the signed prefix and
// sends back base64(JSON { challenge, solution }) as `response_token`. Verifying is an HMAC check of the
// signature and of the key, then a one-time claim: a payload is accepted once, and only until it expires.
// The claim is kept in SharedLimits (limits/): in PostgreSQL when DATABASE_URL is set, so a payload passes
// once across every API process and host.
//
// Difficulty: the counter is drawn between maxNumber/2 and maxNumber (HUMAN_CHECK_MAX_NUMBER), so the
// widget does about that many hashes; the counter is sealed in the key signature, not revealed.

import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type ChallengeParameters, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { HumanCheck } from './human-check.port.js';
import { InProcessLimits } from '../limits/in-process-limits.js';
import type { SharedLimits } from '../limits/shared-limits.port.js';

export type AltchaHumanCheckOptions = {
  hmacKey: string;
  maxNumber: number;
  /** How long a challenge can be solved and used; 10 minutes unless a test shortens it. */
  expiresInMs?: number;
  /** Where used payloads are remembered: SHARED_LIMITS (every process); this process only when absent. */
  used?: SharedLimits;
};

const ALGORITHM = 'SHA-256';
/** A token is a few hundred characters; anything much longer is not one and is not parsed. */
const MAX_TOKEN_LENGTH = 4_096;

export class AltchaHumanCheck implements HumanCheck {
  private readonly expiresInMs: number;
  private readonly keySignatureSecret: string;
  private readonly used: SharedLimits;

  constructor(private readonly options: AltchaHumanCheckOptions) {
    this.expiresInMs = options.expiresInMs ?? 10 * 60_000;
    // A second key for the derived-key signature, so one configured secret serves both purposes.
    this.keySignatureSecret = createHmac('sha256', options.hmacKey).update('binaan human-check key signature').digest('hex');
    this.used = options.used ?? new InProcessLimits();
  }

  /** A signed challenge, as the ALTCHA widget expects it from its challenge URL. */
  createChallenge(): Promise<Challenge> {
    const { maxNumber } = this.options;
    return createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(maxNumber, Math.max(1, Math.floor(maxNumber / 2))),
      deriveKey,
      expiresAt: new Date(Date.now() + this.expiresInMs),
      hmacSignatureSecret: this.options.hmacKey,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  async verify(token: string | undefined): Promise<boolean> {
    const payload = parsePayload(token);
    if (!payload) return false;
    const { challenge, solution } = payload;
    // Every challenge we sign expires; one without an expiry is not ours.
    const expiresAt = challenge.parameters.expiresAt;
    if (typeof expiresAt !== 'number') return false;
    try {
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: this.options.hmacKey,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
      if (!result.verified) return false;
    } catch {
      // altcha-lib throws on some malformed parameters (an odd-length hex nonce, ...): a refusal, not a 500.
      return false;
    }
    // The signature is unique per challenge (random nonce and salt), so it names the challenge.
    return this.used.claimOnce(`altcha:${challenge.signature}`, expiresAt * 1_000, Date.now());
  }
}

type SignedPayload = Payload & { challenge: { signature: string } };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** base64(JSON { challenge: { parameters, signature }, solution: { counter, derivedKey } }), or undefined. */
function parsePayload(token: string | undefined): SignedPayload | undefined {
  if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN_LENGTH) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(decoded) || !isObject(decoded.challenge) || !isObject(decoded.solution)) return undefined;
  const { challenge, solution } = decoded;
  if (!isObject(challenge.parameters) || typeof challenge.signature !== 'string') return undefined;
  const parameters = challenge.parameters;
  if (
    parameters.algorithm !== ALGORITHM ||
    typeof parameters.nonce !== 'string' ||
    typeof parameters.salt !== 'string' ||
    typeof parameters.keyPrefix !== 'string'
  )
    return undefined;
  if (typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return undefined;
  // Parameters pass through whole: the signature covers every one of them.
  return {
    challenge: { parameters: parameters as unknown as ChallengeParameters, signature: challenge.signature },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
}
