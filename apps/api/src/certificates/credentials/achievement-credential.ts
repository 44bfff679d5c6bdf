// A certificate of attendance as a W3C Verifiable Credential 2.0 that is also an Open Badges 3.0
// OpenBadgeCredential (AchievementCredential): the subject is the participant, the achievement is the
// event attended, the issuer the product's did:web, and its status a Bitstring Status List entry. Unsigned
// here; data-integrity.ts adds the proof. Pure.
import type { AttendanceRule } from '@binaan/contracts';
import { OPEN_BADGES_CONTEXT, VC_V2_CONTEXT } from './json-ld-contexts.js';
import type { StatusListEntry } from './status-list.js';

export type CredentialFacts = {
  publicUrl: string;
  issuer: string;
  registrationId: string;
  certificateNo: string;
  participantName: string;
  issuedAt: string;
  event: { articleId: string; title: string; location: string; date: string; description: string; attendanceRule: AttendanceRule };
  status: StatusListEntry;
};

export const credentialUrl = (publicUrl: string, registrationId: string) =>
  `${publicUrl}/api/event-participant/download-credential/${encodeURIComponent(registrationId)}`;

const seconds = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}Z`;

function criteria(rule: AttendanceRule): string {
  const stayed = rule.kind === 'minimumDuration' ? ` and stayed at least ${rule.minutes} minutes between them` : '';
  return `Attended the event: checked in and checked out at the door${stayed}, as recorded by the organizer's scans.`;
}

export function achievementCredential(f: CredentialFacts) {
  const eventUrl = `${f.publicUrl}/events/${encodeURIComponent(f.event.articleId)}`;
  const when = f.event.date.slice(0, 10);
  return {
    '@context': [VC_V2_CONTEXT, OPEN_BADGES_CONTEXT],
    id: credentialUrl(f.publicUrl, f.registrationId),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `Certificate of attendance: ${f.event.title}`,
    // The paper certificate's number, so the credential and the PDF name one certificate.
    description: `Certificate ${f.certificateNo}: ${f.participantName} attended ${f.event.title}, ${f.event.location}, ${when}.`,
    issuer: { id: f.issuer, type: ['Profile'], name: 'Binaan', url: `${f.publicUrl}/` },
    validFrom: seconds(f.issuedAt),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: f.participantName }],
      achievement: {
        id: eventUrl,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: f.event.title,
        description: f.event.description.trim() || `Attendance at ${f.event.title}, ${f.event.location}, ${when}.`,
        criteria: { narrative: criteria(f.event.attendanceRule) },
      },
    },
    credentialStatus: f.status,
  };
}
