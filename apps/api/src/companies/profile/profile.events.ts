// Events of a company's profile (who it is: its information, shareholders, directors, machinery, track record,
// and what it shares), on a stream of its own, `companyprofile-<companyId>` (type `companyProfile`): the company
// stream is folded for every registration, people and role decision and for sessions, and a fleet of machines or
// years of projects would lengthen each of those folds; the profile's own revision lets a machine be added while
// a member is invited. The name does not start with `company-`, which names company streams alone.
// Who: metadata.actorUserId; when: recordedAt; why: `reason` where a change takes something away or shares it.

import type { CompanyInformationInput, ProfileList, ShareableTab } from '@binaan/contracts';

export type ProfileEntryFields = Record<string, string | number | null>;

export type CompanyProfileEvent =
  | { type: 'CompanyInformationEdited'; data: { information: CompanyInformationInput } }
  /** `fields`: the list's input (ProfileEntryInput); a person's name, identity number and address are sealed (profile.personal-data.ts). */
  | { type: 'CompanyProfileEntryAdded'; data: { list: ProfileList; entryId: string; fields: ProfileEntryFields } }
  | { type: 'CompanyProfileEntryEdited'; data: { list: ProfileList; entryId: string; fields: ProfileEntryFields } }
  | { type: 'CompanyProfileEntryRemoved'; data: { list: ProfileList; entryId: string; reason: string } }
  | { type: 'CompanyProfileSharingChanged'; data: { tabs: ShareableTab[]; reason: string } }
  /** A person's data forgotten by the platform administrator (the key destroyed: their fields read [erased]); the erasure itself is on personal-data-companyPerson.<entryId>. */
  | { type: 'CompanyProfilePersonForgotten'; data: { list: ProfileList; entryId: string; reason: string } };

export const PROFILE_EVENT_TYPES = [
  'CompanyInformationEdited',
  'CompanyProfileEntryAdded',
  'CompanyProfileEntryEdited',
  'CompanyProfileEntryRemoved',
  'CompanyProfileSharingChanged',
  'CompanyProfilePersonForgotten',
] as const;

export const PROFILE_STREAM_PREFIX = 'companyprofile-';
export const profileStream = (companyId: string) => `${PROFILE_STREAM_PREFIX}${companyId}`;
/** The sealing subject of one person entry (a shareholder or director who need not be a user): forgetting it erases that entry alone. */
export const personSubject = (entryId: string) => `companyPerson.${entryId}`;
