// The profile's personal fields: a shareholder's or director's name, identity number (MyKad, passport) and
// address, sealed under a subject of the entry's own (`companyPerson.<entryId>`): the person need not be a user,
// and forgetting them (the platform administrator, on the person's request) erases that entry alone. Machinery
// and track record entries name no person: no subject, left in clear.

import type { PersonalDataDeclarations } from '@binaan/event-store';
import { isPersonList } from '@binaan/contracts';
import { personSubject } from './profile.events.js';

const subject = (data: Record<string, unknown>) =>
  typeof data.list === 'string' && isPersonList(data.list) && typeof data.entryId === 'string' ? personSubject(data.entryId) : null;
const fields = ['fields.name', 'fields.idNumber', 'fields.address'] as const;

export const profilePersonalData: PersonalDataDeclarations = {
  CompanyProfileEntryAdded: { subject, fields },
  CompanyProfileEntryEdited: { subject, fields },
};
