// Events of the events-and-certificates context. Each event (the spec's "article") is a stream
// `eventArticle-<articleId>`; each registration a stream `eventRegistration-<registrationId>` holding the
// participant's whole record: registration, check-in, check-out, certificate issued, approved, e-mailed,
// revoked. So one chain covers everything a certificate stands on, and a changed row anywhere in it fails
// verification. Scans that fail are kept in `eventAttendance-<articleId>` (appended with 'any': a failed scan
// changes no state, so scanners never contend on it). Signing keys: `certificateKey-<kid>`.
import type { AttendanceRule, FailedScanReason } from '@binaan/contracts';

export type ArticleData = {
  articleId: string;
  companyId: string;
  title: string;
  location: string;
  date: string;
  description: string;
  otherImage: string[];
  attendanceRule: AttendanceRule;
  by: string;
};

export type RegistrationData = {
  registrationId: string;
  articleId: string;
  userId: string;
  name: string;
  email: string;
  contact: string;
  companyName: string;
  at: string;
};

export type CertificateIssuedData = {
  registrationId: string;
  articleId: string;
  userId: string;
  certificateNo: string;
  /** Whole seconds (the QR carries epoch seconds), ISO form. */
  issuedAt: string;
  kid: string;
  /** The QR's fifth value: v1.<kid>.<seconds>.<signature>. */
  signature: string;
  by: string;
};

/**
 * A ticket scanned in or out; `at` is when it was scanned. Scans sent from a scanner's queue
 * (offline-check-in/) also carry the scanner's scan id and device id, and `deviceScannedAt` when the
 * device's time was ahead of the server's and `at` was clamped to the time it was recorded.
 */
export type ScanData = {
  registrationId: string;
  articleId: string;
  at: string;
  by: string;
  scanId?: string;
  deviceId?: string;
  deviceScannedAt?: string;
};

export type ArticleEvent =
  | { type: 'EventArticleCreated'; data: ArticleData }
  | { type: 'EventArticlePublished'; data: { articleId: string; at: string; by: string } };

export type RegistrationEvent =
  | { type: 'EventParticipantRegistered'; data: RegistrationData }
  | { type: 'EventParticipantCheckedIn'; data: ScanData }
  | { type: 'EventParticipantCheckedOut'; data: ScanData }
  | { type: 'EventCertificateIssued'; data: CertificateIssuedData }
  | { type: 'EventCertificateApproved'; data: { registrationId: string; certificateNo: string; at: string; by: string } }
  | { type: 'EventCertificateEmailed'; data: { registrationId: string; certificateNo: string; to: string; at: string; by: string } }
  | {
      type: 'EventCertificateRevoked';
      data: { registrationId: string; certificateNo: string; reason: string; wasApproved: boolean; at: string; by: string };
    };

export type ScanFailedData = {
  articleId: string;
  direction: 'checkIn' | 'checkOut';
  reason: FailedScanReason;
  /** The registration the ticket named, when it named one of this event's or another's; '' for an unknown code. */
  registrationId: string;
  /** SHA-256 (first 16 hex) of what was scanned: enough to match repeats, never the code itself. */
  codeDigest: string;
  at: string;
  by: string;
  /** Sent from a scanner's queue: its scan id and device id. */
  scanId?: string;
  deviceId?: string;
};

export type CertificateKeyPublishedData = { kid: string; publicKey: string; notBefore: string };

export const articleStream = (articleId: string) => `eventArticle-${articleId}`;
export const registrationStream = (registrationId: string) => `eventRegistration-${registrationId}`;
export const attendanceStream = (articleId: string) => `eventAttendance-${articleId}`;
export const certificateKeyStream = (kid: string) => `certificateKey-${kid}`;
/** One registration per e-mail per event: the claim's stream exists once. */
export const registrationClaimStream = (articleId: string, emailKey: string) => `eventRegistrationEmail-${articleId}-${emailKey}`;

export const ARTICLE_EVENT_TYPES = ['EventArticleCreated', 'EventArticlePublished'] as const;
export const REGISTRATION_EVENT_TYPES = [
  'EventParticipantRegistered',
  'EventParticipantCheckedIn',
  'EventParticipantCheckedOut',
  'EventCertificateIssued',
  'EventCertificateApproved',
  'EventCertificateEmailed',
  'EventCertificateRevoked',
] as const;
