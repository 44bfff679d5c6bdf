// Verifying a certificate by recomputing, not by displaying: the QR's signature against the issuer's
// published keys (as of the issue time it claims), the certificate's record in the store, each record's
// hash from the stored event, the stream's chain up to its head, the attendance rule, approval and
// revocation. Pure: the caller reads the stream, its head, the event's rule and the keys, and passes them in,
// with the events whose hash it already recomputed in their present row version (`alreadyHashed`).
import type {
  AttendanceRule,
  CertificateQrPayload,
  VerificationCheck,
  VerificationCheckName,
  VerifyCertificateReply,
} from '@binaan/contracts';
import { hashEvent, verifyChain, type StoredEvent } from '@binaan/event-store';
import { checkSignature, type PublishedKey } from './certificate-signature.js';
import { attendanceVerdict, foldParticipant } from './participant.decider.js';

export type CertificateRecord = {
  streamId: string;
  events: readonly StoredEvent[];
  head: { revision: number; hash: string } | null;
  rule: AttendanceRule;
  /** Events whose stored hash was recomputed and matched before, in the very row version read now: not hashed again. */
  alreadyHashed?: (event: StoredEvent, index: number) => boolean;
};

const ORDER: VerificationCheckName[] = [
  'payload',
  'signature',
  'keyValidAtIssue',
  'certificateExists',
  'recordMatches',
  'hashMatches',
  'chainVerifies',
  'attendanceMet',
  'approved',
  'notRevoked',
];

function recomputedHashProblem(events: readonly StoredEvent[], alreadyHashed?: CertificateRecord['alreadyHashed']): string | null {
  for (const [index, event] of events.entries()) {
    if (alreadyHashed?.(event, index)) continue;
    let recomputed: string;
    try {
      recomputed = hashEvent(event);
    } catch {
      return `the ${event.type} record (revision ${event.revision}) holds data that cannot be hashed`;
    }
    if (recomputed !== event.hash)
      return `the ${event.type} record (revision ${event.revision}) was changed after it was recorded: its hash no longer matches`;
  }
  return null;
}

/**
 * Every check with its result. `record` is the registration stream the certificate number leads to (null when
 * no certificate has that number); `payload` is null when the QR or body could not be read at all.
 */
export function verifyCertificate(
  payload: CertificateQrPayload | null,
  keys: readonly PublishedKey[],
  record: CertificateRecord | null,
): VerifyCertificateReply {
  const results = new Map<VerificationCheckName, VerificationCheck>();
  const set = (check: VerificationCheckName, passed: boolean | null, reason?: string | null) =>
    results.set(check, {
      check,
      result: passed === null ? 'notApplicable' : passed ? 'passed' : 'failed',
      ...(reason && passed !== true ? { reason } : {}),
    });

  set(
    'payload',
    payload !== null,
    payload ? null : 'the QR code is not a Binaan certificate (expected id, article id, user id, certificate number and signature)',
  );
  if (payload) {
    const signature = checkSignature(payload, payload.signature, keys);
    if (signature.ok) {
      set('signature', true);
      set('keyValidAtIssue', true);
    } else if (signature.check === 'keyValidAtIssue') {
      set('signature', true);
      set('keyValidAtIssue', false, signature.reason);
    } else {
      set('signature', false, signature.reason);
      set('keyValidAtIssue', null);
    }
  }
  const participant = record ? foldParticipant(record.events) : null;
  const certificate = participant?.certificate ?? null;
  set('certificateExists', payload ? certificate !== null : null, 'no certificate with this number was issued');
  if (payload && record && participant && certificate) {
    const claimed = payload.signature ?? '';
    const matches =
      certificate.registrationId === payload.id &&
      certificate.articleId === payload.article_id &&
      certificate.userId === payload.user_id &&
      certificate.certificateNo === payload.certificate_no &&
      certificate.signature === claimed;
    set('recordMatches', matches, 'the values in the QR code differ from the certificate as it was issued');
    const hashProblem = recomputedHashProblem(record.events, record.alreadyHashed);
    set('hashMatches', hashProblem === null, hashProblem);
    // Every content hash was just checked (or was, in this row version): the chain checks revisions, links and the head.
    const chain = verifyChain(record.streamId, record.events, record.head, hashProblem === null ? () => true : record.alreadyHashed);
    set('chainVerifies', chain.ok, chain.ok ? null : `the record's chain is broken: ${chain.reason}`);
    const attendance = attendanceVerdict(record.rule, participant.checkIn, participant.checkOut);
    set(
      'attendanceMet',
      attendance.met,
      attendance.reason ? `the attendance recorded does not meet the event's rule: ${attendance.reason}` : null,
    );
    set('approved', participant.approved !== null, 'the organizer has not approved this certificate');
    set(
      'notRevoked',
      participant.revoked === null,
      participant.revoked ? `revoked by the organizer on ${participant.revoked.at}: ${participant.revoked.reason}` : null,
    );
  }
  const checks = ORDER.map((name) => results.get(name) ?? { check: name, result: 'notApplicable' as const });
  const failed = checks.find((check) => check.result === 'failed');
  const genuine = failed === undefined;
  return {
    success: genuine,
    msg: genuine ? 'certificateGenuine' : 'certificateNotGenuine',
    id: genuine && payload ? payload.id : -1,
    genuine,
    reason: failed?.reason ?? null,
    checks,
  };
}
