// A participant's record folded from their registration stream, and the pure decisions on it: scans
// (check-in, check-out, and why a scan fails), the attendance rule, and the certificate's steps (issue,
// approve, e-mail, revoke). Time and the actor come in as inputs; nothing here reads a store.
import { refusal } from '../common/refusal.js';
import type { AttendanceRule, FailedScanReason } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import type { CertificateIssuedData, RegistrationData, RegistrationEvent } from './certificate.events.js';
import { asText } from '@binaan/contracts';

export type Recorded = { at: string; txId: string; hash: string };

export type Participant = {
  registration: RegistrationData & Recorded;
  checkIn: Recorded | null;
  checkOut: Recorded | null;
  certificate: (CertificateIssuedData & Recorded) | null;
  approved: Recorded | null;
  emailed: Recorded | null;
  revoked: (Recorded & { reason: string }) | null;
};

const recorded = (event: StoredEvent, at: string): Recorded => ({ at, txId: event.id, hash: event.hash });

/** The participant a registration stream records, or null for an empty stream. */
export function foldParticipant(events: readonly StoredEvent[]): Participant | null {
  let p: Participant | null = null;
  const checkIns: Recorded[] = [];
  const checkOuts: Recorded[] = [];
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    const at = typeof data.at === 'string' ? data.at : event.metadata.recordedAt;
    if (event.type === 'EventParticipantRegistered') {
      p = {
        registration: { ...(data as RegistrationData), ...recorded(event, at) },
        checkIn: null,
        checkOut: null,
        certificate: null,
        approved: null,
        emailed: null,
        revoked: null,
      };
      continue;
    }
    if (!p) continue;
    if (event.type === 'EventParticipantCheckedIn') checkIns.push(recorded(event, at));
    else if (event.type === 'EventParticipantCheckedOut') checkOuts.push(recorded(event, at));
    else if (event.type === 'EventCertificateIssued')
      p.certificate = { ...(data as CertificateIssuedData), ...recorded(event, (data as CertificateIssuedData).issuedAt) };
    else if (event.type === 'EventCertificateApproved') p.approved = recorded(event, at);
    else if (event.type === 'EventCertificateEmailed') p.emailed = recorded(event, at);
    else if (event.type === 'EventCertificateRevoked') p.revoked = { ...recorded(event, at), reason: asText(data.reason) };
  }
  if (p) Object.assign(p, attendanceFromScans(checkIns, checkOuts));
  return p;
}

/**
 * The attendance the scans make, whatever order they were recorded in (scanners that were offline send
 * theirs late): the check-in is the earliest check-in scan, the check-out the latest check-out scan at or
 * after it (none before a check-in). Ties go to the scan recorded first. Every scan stays in the stream.
 */
export function attendanceFromScans(
  checkIns: readonly Recorded[],
  checkOuts: readonly Recorded[],
): { checkIn: Recorded | null; checkOut: Recorded | null } {
  let checkIn: Recorded | null = null;
  for (const scan of checkIns) if (!checkIn || Date.parse(scan.at) < Date.parse(checkIn.at)) checkIn = scan;
  let checkOut: Recorded | null = null;
  if (checkIn) {
    const from = Date.parse(checkIn.at);
    for (const scan of checkOuts) {
      const time = Date.parse(scan.at);
      if (time >= from && (!checkOut || time > Date.parse(checkOut.at))) checkOut = scan;
    }
  }
  return { checkIn, checkOut };
}

export type ScanDirection = 'checkIn' | 'checkOut';

/** Why a scan of this participant fails, or null when it goes through. One check-in and one check-out each. */
export function scanRefusal(p: Pick<Participant, 'checkIn' | 'checkOut'>, direction: ScanDirection): FailedScanReason | null {
  if (direction === 'checkIn') {
    if (p.checkOut) return 'alreadyCheckedOut';
    if (p.checkIn) return 'alreadyCheckedIn';
    return null;
  }
  if (!p.checkIn) return 'notCheckedIn';
  if (p.checkOut) return 'alreadyCheckedOut';
  return null;
}

export function decideScan(p: Participant, direction: ScanDirection, at: Date, by: string): RegistrationEvent {
  const data = { registrationId: p.registration.registrationId, articleId: p.registration.articleId, at: at.toISOString(), by };
  return direction === 'checkIn' ? { type: 'EventParticipantCheckedIn', data } : { type: 'EventParticipantCheckedOut', data };
}

/** Whether the attendance recorded meets the event's rule; the reason in plain words when not. */
export function attendanceVerdict(
  rule: AttendanceRule,
  checkIn: { at: string } | null,
  checkOut: { at: string } | null,
): { met: boolean; reason: string | null } {
  if (!checkIn) return { met: false, reason: 'the participant never checked in' };
  if (!checkOut) return { met: false, reason: 'the participant never checked out' };
  const minutes = (Date.parse(checkOut.at) - Date.parse(checkIn.at)) / 60_000;
  if (minutes < 0) return { met: false, reason: 'the check-out is recorded before the check-in' };
  if (rule.kind === 'minimumDuration' && minutes < rule.minutes) {
    return { met: false, reason: `the participant stayed ${Math.floor(minutes)} of the ${rule.minutes} minutes the event requires` };
  }
  return { met: true, reason: null };
}

/** Issuing needs the attendance rule met, and no certificate yet. */
export function checkIssuable(p: Participant, rule: AttendanceRule): void {
  if (p.certificate)
    throw refusal(409, 'certificateAlreadyIssued', `Certificate ${p.certificate.certificateNo} was already issued to this participant.`);
  const verdict = attendanceVerdict(rule, p.checkIn, p.checkOut);
  if (!verdict.met) throw refusal(422, 'attendanceRuleNotMet', `No certificate: ${verdict.reason}.`);
}

/** The certificate, when issued and not revoked (approve, e-mail and revoke need one). */
export function liveCertificate(p: Participant): CertificateIssuedData & Recorded {
  if (!p.certificate) throw refusal(404, 'certificateNotFound', 'No certificate has been issued to this participant.');
  if (p.revoked) throw refusal(409, 'certificateRevoked', `The certificate was revoked: ${p.revoked.reason}`);
  return p.certificate;
}

export function decideApprove(p: Participant, at: Date, by: string): RegistrationEvent {
  const certificate = liveCertificate(p);
  if (p.approved) throw refusal(409, 'certificateAlreadyApproved', 'The certificate is already approved.');
  return {
    type: 'EventCertificateApproved',
    data: { registrationId: certificate.registrationId, certificateNo: certificate.certificateNo, at: at.toISOString(), by },
  };
}

export function decideEmailed(p: Participant, at: Date, by: string): RegistrationEvent {
  const certificate = liveCertificate(p);
  if (!p.approved) throw refusal(409, 'certificateNotApproved', 'Approve the certificate before e-mailing it.');
  return {
    type: 'EventCertificateEmailed',
    data: {
      registrationId: certificate.registrationId,
      certificateNo: certificate.certificateNo,
      to: p.registration.email,
      at: at.toISOString(),
      by,
    },
  };
}

export function decideRevoke(p: Participant, reason: unknown, at: Date, by: string): RegistrationEvent {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (text.length === 0 || text.length > 500)
    throw refusal(400, 'validationFailed', 'Give the reason for revoking (1 to 500 characters).', {
      fields: { reason: ['required, at most 500 characters'] },
    });
  const certificate = liveCertificate(p);
  return {
    type: 'EventCertificateRevoked',
    data: {
      registrationId: certificate.registrationId,
      certificateNo: certificate.certificateNo,
      reason: text,
      wasApproved: p.approved !== null,
      at: at.toISOString(),
      by,
    },
  };
}
