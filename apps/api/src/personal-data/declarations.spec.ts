// A stored seal ("pd3:") names its fields by their places in the event type's declaration ("01": the first
// two), so a declaration may only grow at its end: a field moved or taken out would leave every seal
// already stored unable to open (its associated data binds the names the places stood for). This is the
// record of what stored seals may name; a declaration change that breaks it fails here, before any seal is
// written with it. A new field or a new event type goes at the end of its list: add it here too.

import { describe, expect, it } from '@jest/globals';
import { personalDataDeclarations } from './declarations.js';
import { LookupKeys } from './lookup-keys.js';

/** Each declared event type's personal fields, in the order stored seals know them (pd3). */
const SEALED_PLACES: Record<string, readonly string[]> = {
  CompanyMemberInvited: ['email', 'name'],
  CompanyProfileEntryAdded: ['fields.name', 'fields.idNumber', 'fields.address'],
  ConversationMessagePosted: ['text'],
  CompanyProfileEntryEdited: ['fields.name', 'fields.idNumber', 'fields.address'],
  DocumentDrafted: ['fields.driverName', 'fields.driverContact'],
  DocumentEdited: ['changes.driverName', 'changes.driverContact'],
  EmailNotSent: ['to', 'subject', 'error'],
  EmailSent: ['to', 'subject'],
  EventCertificateEmailed: ['to'],
  EventParticipantRegistered: ['name', 'email', 'contact'],
  InquiryReceived: ['name', 'email', 'phone', 'companyName', 'subject', 'message'],
  InvitationSent: ['toEmail'],
  LoginFailed: ['ip'],
  LoginRefused: ['userId', 'ip'],
  LoginSucceeded: ['userId', 'sessionId', 'ip'],
  MobileChanged: ['mobile'],
  PhoneCodeIssued: ['codeHmac'],
  ProjectCreated: ['siteContactPerson', 'siteContactPersonNumber'],
  ProjectEdited: ['fields.siteContactPerson', 'fields.siteContactPersonNumber'],
  ProjectManualRoleGranted: ['email'],
  SessionStarted: ['userId', 'companyId'],
  TenderEmailInvitationSent: ['email'],
  UserSignedUp: ['email', 'name', 'mobile'],
};

describe('the personal data declarations', () => {
  const declared = personalDataDeclarations(new LookupKeys('a lookup key for this spec only, 32 characters or more'));

  it('keep every field a stored seal may name in its place (a list only grows at its end)', () => {
    for (const [type, places] of Object.entries(SEALED_PLACES)) {
      expect({ type, fields: declared[type]?.fields.slice(0, places.length) }).toEqual({ type, fields: places });
    }
  });

  it('are all on the record above, so a new one is written there with its places', () => {
    const unrecorded = Object.entries(declared)
      .filter(([type, { fields }]) => (SEALED_PLACES[type]?.length ?? 0) < fields.length)
      .map(([type]) => type);
    expect(unrecorded).toEqual([]);
  });
});
