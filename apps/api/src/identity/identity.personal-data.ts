// The identity context's personal fields: sealed with the person's key before they are stored.
// The subject is the user id: from the event where it names the user, from the user stream otherwise.

import type { PersonalDataDeclarations } from '@binaan/event-store';

/** The UTC day an event kept for a limited time is recorded on (YYYY-MM-DD): its data names it as `retentionDay`. */
export function retentionDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The key a day's retained events are sealed under; the retention job destroys it once the day is past the period. */
export const RETENTION_SUBJECT_PREFIX = 'retention.';
export const retentionSubject = (day: string) => `${RETENTION_SUBJECT_PREFIX}${day}`;
/**
 * Where the retention job records the sessions' read model rows it deleted, with the instant they started
 * before (`olderThan`): the sessions projection deletes the same rows when it meets the record, so a rebuild
 * equals the state after retention, sessions recorded before retention days existed (no day, nothing sealed) included.
 */
export const SESSIONS_RETENTION_STREAM = 'personal-data-retention-sessions';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An event recorded before retention days existed has no day: left as it was stored (null: nothing sealed). */
const retainedSubject = (data: Record<string, unknown>) =>
  typeof data.retentionDay === 'string' && DAY.test(data.retentionDay) ? retentionSubject(data.retentionDay) : null;

/**
 * Login attempts, sessions and phone codes: who signed in from where, which number was
 * sent a code. Sealed under the day's key, not the person's, so the retention job forgets a whole day at
 * once (personal-data/retention.ts). Their read model copies (identity_sessions) are deleted by the job.
 */
export const identityRetainedData: PersonalDataDeclarations = {
  LoginSucceeded: { subject: retainedSubject, fields: ['userId', 'sessionId', 'ip'] },
  LoginFailed: { subject: retainedSubject, fields: ['ip'] },
  LoginRefused: { subject: retainedSubject, fields: ['userId', 'ip'] },
  SessionStarted: { subject: retainedSubject, fields: ['userId', 'companyId'] },
  PhoneCodeIssued: { subject: retainedSubject, fields: ['codeHmac'] },
};

const userOfStream = (streamId: string) => (streamId.startsWith('user-') ? streamId.slice('user-'.length) : null);

export const identityPersonalData: PersonalDataDeclarations = {
  // A missing or non-string user id gives '', which the codec refuses loudly (not an id) rather than storing the fields plain.
  UserSignedUp: { subject: (data) => (typeof data.userId === 'string' ? data.userId : ''), fields: ['email', 'name', 'mobile'] },
  MobileChanged: { subject: (_data, streamId) => userOfStream(streamId), fields: ['mobile'] },
  ...identityRetainedData,
};
