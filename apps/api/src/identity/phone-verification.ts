// Mobile verification codes, decided on the folded phone stream. Pure: the time comes in.
// Rules: 6 digits, valid 5 minutes, dead after 5 wrong tries or a resend, a resend only after
// 60 s, at most 5 codes per phone per hour. A verified code lets one sign-up claim the number within 30 minutes.

import type { StoredEvent } from '@binaan/event-store';
import type { PhoneEvent } from './identity.events.js';

export const CODE_TTL_MS = 5 * 60_000;
export const RESEND_AFTER_MS = 60_000;
export const MAX_CODES_PER_HOUR = 5;
export const MAX_WRONG_TRIES = 5;
export const VERIFIED_FOR_MS = 30 * 60_000;

export type PhoneState = {
  issuedAt: number[];
  current: { requestId: string; codeHmac: string; issuedAt: number; expiresAt: number; failures: number; verified: boolean } | null;
  claimedBy: string | null;
  revision: number;
};

export function foldPhone(events: readonly StoredEvent[]): PhoneState {
  const state: PhoneState = { issuedAt: [], current: null, claimedBy: null, revision: -1 };
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as PhoneEvent;
    state.revision = stored.revision;
    switch (event.type) {
      case 'PhoneCodeIssued':
        state.issuedAt.push(event.data.issuedAt);
        state.current = { ...event.data, failures: 0, verified: false };
        break;
      case 'PhoneCodeRejected':
        if (state.current?.requestId === event.data.requestId) state.current.failures++;
        break;
      case 'PhoneCodeVerified':
        if (state.current?.requestId === event.data.requestId) state.current.verified = true;
        break;
      case 'PhoneClaimed':
        state.claimedBy = event.data.userId;
        state.current = null;
        break;
      case 'PhoneReleased':
        if (state.claimedBy === event.data.userId) state.claimedBy = null;
        break;
    }
  }
  return state;
}

export type CodeRequestRefusal = 'codeResendTooSoon' | 'codeRequestLimit';

export function canIssueCode(
  state: PhoneState,
  now: number,
): { ok: true } | { ok: false; code: CodeRequestRefusal; retryAfterSeconds: number } {
  const last = state.issuedAt[state.issuedAt.length - 1];
  if (last !== undefined && now - last < RESEND_AFTER_MS) {
    return { ok: false, code: 'codeResendTooSoon', retryAfterSeconds: Math.ceil((last + RESEND_AFTER_MS - now) / 1000) };
  }
  const lastHour = state.issuedAt.filter((at) => now - at < 3_600_000);
  if (lastHour.length >= MAX_CODES_PER_HOUR) {
    return { ok: false, code: 'codeRequestLimit', retryAfterSeconds: Math.ceil((lastHour[0]! + 3_600_000 - now) / 1000) };
  }
  return { ok: true };
}

export type CodeCheck = 'codeMismatch' | 'codeExpired' | 'codeAttemptsExceeded';

/** Why the current code cannot be tried (null: it can). A stale request id is a mismatch. */
export function codeUnusable(state: PhoneState, requestId: string, issuedAt: number, now: number): CodeCheck | null {
  const current = state.current;
  if (!current || current.requestId !== requestId || current.issuedAt !== issuedAt) return 'codeMismatch';
  if (current.failures >= MAX_WRONG_TRIES) return 'codeAttemptsExceeded';
  if (now > current.expiresAt) return 'codeExpired';
  return null;
}

/** A sign-up may claim the number: verified recently, and nobody holds it. */
export function verifiedForSignUp(state: PhoneState, now: number): boolean {
  const current = state.current;
  return !!current && current.verified && now - current.issuedAt < VERIFIED_FOR_MS && state.claimedBy === null;
}
