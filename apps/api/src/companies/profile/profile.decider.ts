// Deciding a change to a company's profile (pure but for the refusal type): each field's own rule
// (packages/contracts company-profile-api.ts), the shares kept at 100 percent or under as they are entered, a
// short list of people. The rules that span tabs wait for the submission (profileProblems).

import { randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  MAX_PEOPLE_PER_LIST,
  PROFILE_LISTS,
  companyInformationErrors,
  profileEntryErrors,
  profileSharingErrors,
  reasonErrors,
  shareHundredths,
  type CompanyInformationInput,
  type ProfileEntry,
  type ProfileEntryInput,
  type ProfileList,
  type ProfileSharingInput,
} from '@binaan/contracts';
import { refusal } from '../../common/refusal.js';
import type { CompanyProfileEvent, ProfileEntryFields } from './profile.events.js';

/** What a decision reads: the list's current entries (shareholders' shares, people counted), as the read model holds them. */
export type ListNow = { entries: readonly ProfileEntry[] };

export function parseList(value: string): ProfileList {
  if (!(PROFILE_LISTS as readonly string[]).includes(value))
    throw refusal(404, ErrorCodes.notFound, `No profile list ${value}: ${PROFILE_LISTS.join(', ')}.`);
  return value as ProfileList;
}

function refuseFields(fields: Record<string, string[]>): void {
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
}

const trimmed = <T extends Record<string, unknown>>(input: T): T =>
  Object.fromEntries(Object.entries(input).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])) as T;

/** Only the list's own fields are kept (anything else sent is not recorded). */
const ENTRY_FIELDS: Record<ProfileList, readonly string[]> = {
  shareholders: ['name', 'idType', 'idNumber', 'address', 'designation', 'sharePercent'],
  directors: ['name', 'idType', 'idNumber', 'address', 'designation', 'appointedDate'],
  machinery: ['brand', 'model', 'capacity', 'type', 'quantity', 'yearMade'],
  trackRecord: ['name', 'location', 'address', 'type', 'startDate', 'endDate', 'details', 'contractSum', 'client', 'status'],
};

function entryFields(list: ProfileList, body: unknown, now: Date): ProfileEntryFields {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  refuseFields(profileEntryErrors(list, input as Partial<ProfileEntryInput[typeof list]>, now));
  const kept: ProfileEntryFields = {};
  for (const field of ENTRY_FIELDS[list]) {
    const value = input[field];
    kept[field] = value === undefined ? null : (value as string | number | null);
  }
  const fields = trimmed(kept);
  // A MyKad is kept in one form (12 digits), so the same person is written the same way whatever was typed.
  if (fields.idType === 'mykad' && typeof fields.idNumber === 'string') fields.idNumber = fields.idNumber.replace(/-/g, '');
  if (fields.idType === 'passport' && typeof fields.idNumber === 'string') fields.idNumber = fields.idNumber.toUpperCase();
  return fields;
}

/** Shares after the change, refused above 100 percent (the exact 100 waits for the submission: entries come one by one). */
function keepSharesAtMostHundred(now: ListNow, entryId: string | null, share: number): void {
  const others = now.entries
    .filter((entry) => entry.id !== entryId)
    .reduce((sum, entry) => sum + shareHundredths(Number((entry as { sharePercent?: number }).sharePercent ?? 0)), 0);
  if (others + shareHundredths(share) > 10_000) {
    throw refusal(
      422,
      ErrorCodes.sharesOverHundred,
      `The shares would total ${(others + shareHundredths(share)) / 100} percent: at most 100.`,
      { fields: { sharePercent: [ErrorCodes.sharesOverHundred] } },
    );
  }
}

export function decideInformation(body: unknown, now: Date): CompanyProfileEvent {
  const input = body && typeof body === 'object' ? (body as Partial<CompanyInformationInput>) : {};
  refuseFields(companyInformationErrors(input, now));
  const information: CompanyInformationInput = {
    description: typeof input.description === 'string' ? input.description.trim() : '',
    paidUpCapital: input.paidUpCapital ?? null,
    authorisedCapital: input.authorisedCapital ?? null,
    dateIncorporated: input.dateIncorporated ?? null,
  };
  return { type: 'CompanyInformationEdited', data: { information } };
}

export function decideAdd(list: ProfileList, body: unknown, now: Date, current: ListNow): CompanyProfileEvent {
  const fields = entryFields(list, body, now);
  if ((list === 'shareholders' || list === 'directors') && current.entries.length >= MAX_PEOPLE_PER_LIST) {
    throw refusal(422, ErrorCodes.tooManyPeople, `A profile keeps at most ${MAX_PEOPLE_PER_LIST} ${list}.`);
  }
  if (list === 'shareholders') keepSharesAtMostHundred(current, null, Number(fields.sharePercent));
  return { type: 'CompanyProfileEntryAdded', data: { list, entryId: randomUUID(), fields } };
}

export function decideEdit(list: ProfileList, entryId: string, body: unknown, now: Date, current: ListNow): CompanyProfileEvent | null {
  const before = current.entries.find((entry) => entry.id === entryId);
  if (!before) throw refusal(404, ErrorCodes.profileEntryNotFound, 'This entry is not in the profile (removed, or never there).');
  const fields = entryFields(list, body, now);
  if (list === 'shareholders') keepSharesAtMostHundred(current, entryId, Number(fields.sharePercent));
  // Sending what already holds records nothing.
  const same = Object.entries(fields).every(([field, value]) => (before as Record<string, unknown>)[field] === value);
  return same ? null : { type: 'CompanyProfileEntryEdited', data: { list, entryId, fields } };
}

export function decideRemove(list: ProfileList, entryId: string, body: unknown, current: ListNow): CompanyProfileEvent {
  if (!current.entries.some((entry) => entry.id === entryId))
    throw refusal(404, ErrorCodes.profileEntryNotFound, 'This entry is not in the profile (removed, or never there).');
  refuseFields(reasonErrors(body as { reason?: string }));
  return { type: 'CompanyProfileEntryRemoved', data: { list, entryId, reason: (body as { reason: string }).reason.trim() } };
}

export function decideSharing(body: unknown, sharedNow: readonly string[]): CompanyProfileEvent | null {
  const input = body && typeof body === 'object' ? (body as Partial<ProfileSharingInput>) : {};
  refuseFields(profileSharingErrors(input));
  const tabs = [...new Set(input.tabs)];
  if (tabs.length === sharedNow.length && tabs.every((tab) => sharedNow.includes(tab))) return null;
  return { type: 'CompanyProfileSharingChanged', data: { tabs, reason: input.reason!.trim() } };
}
