// The events-and-certificates context over the API (public-area.md §3 and §7): events (the spec's
// "articles"), registrations, attendance scans, certificates and their verification. Field names follow
// the spec where it names them (snake_case); the organizer's calls, which the spec does not show, follow
// the same style. Dates are ISO 8601 UTC; a missing date is EMPTY_DATE and a missing hash or id is "-".

/** The spec's empty-date sentinel (public-area.md §9: 01/01/0001, 0001-01-01 in ISO form). */
export const EMPTY_DATE = '0001-01-01T00:00:00.000Z';
/** What the spec shows for a missing value (hash, transaction id, certificate number). */
export const MISSING = '-';

/** Event registration: contact phone of 9 to 12 characters (public-area.md §5, §9). */
export const EVENT_CONTACT_MIN_LENGTH = 9;
export const EVENT_CONTACT_MAX_LENGTH = 12;

/** 9 to 12 digits, optionally after a +: what the registration dialog's phone field sends. */
export function isEventContact(value: string): boolean {
  return (
    /^\+?\d+$/.test(value) &&
    value.replace('+', '').length >= EVENT_CONTACT_MIN_LENGTH &&
    value.replace('+', '').length <= EVENT_CONTACT_MAX_LENGTH
  );
}

/** When a registration has attended: check-in and check-out, or that and at least a number of minutes inside. */
export type AttendanceRule = { kind: 'checkInAndOut' } | { kind: 'minimumDuration'; minutes: number };

export type LandingCountersReply = { success: true; data: { event_count: number; certificate_count: number } };

/**
 * An event as the landing page lists it (public-area.md §3 "Event"). `registrationOpen` is the api's own rule
 * (until the end of the event's day), so a page offers Register only where the api would accept it.
 */
export type EventListItem = {
  id: string;
  title: string;
  location: string;
  date: string;
  description: string;
  otherImage: string[];
  registrationOpen?: boolean;
};
/** At most 100 listed, newest first; `total` published in all, `more` when more exist than listed. */
export type EventListReply = { success: true; data: EventListItem[]; total: number; more: boolean };

export type EventRegistrationBody = { article_id: string | number; name: string; email: string; contact: string; company_name?: string };
export type EventRegistrationReply = { success: true; msg: 'eventRegistered'; article_id: string };

/** POST event-participant/verified-certificate: the spec's four values and the signature, or the scanned text. */
export type VerifyCertificateBody =
  | { id: string | number; article_id: string | number; user_id: string | number; certificate_no: string; signature?: string }
  | { qr: string };

export type VerificationCheckName =
  | 'payload'
  | 'signature'
  | 'keyValidAtIssue'
  | 'certificateExists'
  | 'recordMatches'
  | 'hashMatches'
  | 'chainVerifies'
  | 'attendanceMet'
  | 'approved'
  | 'notRevoked';

export type VerificationCheck = { check: VerificationCheckName; result: 'passed' | 'failed' | 'notApplicable'; reason?: string };

/**
 * The spec's reply (success, msg, id) and, beside it, each check as recomputed. `id` is the registration
 * id when the certificate is genuine and -1 otherwise (the spec's prompt: a negative id opens the notice).
 */
export type VerifyCertificateReply = {
  success: boolean;
  msg: 'certificateGenuine' | 'certificateNotGenuine';
  id: string | -1;
  genuine: boolean;
  /** The first failed check's reason, in plain words; null when genuine. */
  reason: string | null;
  checks: VerificationCheck[];
};

/** Event participant detail (public-area.md §3, both readings). */
export type ParticipantDetail = {
  id: string;
  name: string;
  registration_datetime: string;
  register_hash: string;
  register_tx_id: string;
  check_in: string;
  check_in_hash: string;
  check_in_tx_id: string;
  check_out: string;
  check_out_hash: string;
  check_out_tx_id: string;
  issues_cert_datetime: string;
  issues_cert_hash: string;
  issues_cert_tx_id: string;
  approve_datetime: string;
  send_email_datetime: string;
  certificate_no: string;
  revoked: boolean;
};
export type ParticipantDetailReply = { success: true; data: ParticipantDetail };

export type TransactionHashReply = { success: true; data: string };

// The organizer's calls (signed in, company chosen).

export type CreateEventBody = {
  title: string;
  location: string;
  date: string;
  description: string;
  otherImage?: string[];
  /** Minutes inside needed for a certificate; absent or 0: check-in and check-out are enough. */
  minimum_minutes?: number;
};
export type EventScanBody = { code: string };
export type ScanResult = 'checkedIn' | 'checkedOut';
export type EventScanReply = { success: true; result: ScanResult; registration_id: string; name: string; tx_id: string; inside: number };
export type RevokeCertificateBody = { reason: string };

export type OrganizerEvent = EventListItem & {
  published: boolean;
  attendance_rule: AttendanceRule;
  registrations: number;
  inside: number;
  certificates: number;
};

export type AttendanceParticipant = {
  registration_id: string;
  user_id: string;
  name: string;
  email: string;
  contact: string;
  company_name: string;
  registration_datetime: string;
  check_in: string;
  check_out: string;
  certificate_no: string;
  issues_cert_datetime: string;
  approve_datetime: string;
  send_email_datetime: string;
  revoked_datetime: string;
  revoke_reason: string;
};
export type FailedScan = {
  tx_id: string;
  at: string;
  direction: 'checkIn' | 'checkOut';
  reason: FailedScanReason;
  registration_id: string;
};
export type FailedScanReason = 'alreadyCheckedIn' | 'alreadyCheckedOut' | 'notCheckedIn' | 'unknownTicket' | 'ticketForOtherEvent';
export type AttendanceReply = {
  success: true;
  article_id: string;
  registered: number;
  checked_in: number;
  checked_out: number;
  inside: number;
  participants: AttendanceParticipant[];
  failed_scans: FailedScan[];
  /** The lists are capped on purpose (5,000 registrations, the newest 500 failed scans); these say more exist. */
  participants_more: boolean;
  failed_scans_total: number;
  failed_scans_more: boolean;
};
export type IssueCertificatesReply = {
  success: true;
  issued: { registration_id: string; certificate_no: string; tx_id: string }[];
  skipped: { registration_id: string; reason: string }[];
};
export type CertificateActionReply = { success: true; registration_id: string; certificate_no: string; tx_id: string; hash: string };
