// The projects context's personal fields. A project's site contact (a name and a number, typed
// by the company) is whoever holds that number: the subject is the number's lookup subject, so forgetting
// the user with that mobile erases them as a site contact too. A role granted by e-mail is sealed under
// the address's subject.

import type { JsonObject, PersonalDataDeclarations } from '@binaan/event-store';
import type { LookupKeys } from '../personal-data/lookup-keys.js';

export function projectsPersonalData(lookup: LookupKeys): PersonalDataDeclarations {
  const contact = (fields: JsonObject | undefined, streamId: string) => {
    const number = fields?.siteContactPersonNumber;
    return typeof number === 'string' && number.trim() ? lookup.mobileSubject(number) : `siteContact.${streamId}`;
  };
  return {
    ProjectCreated: { subject: (data, streamId) => contact(data, streamId), fields: ['siteContactPerson', 'siteContactPersonNumber'] },
    ProjectEdited: {
      subject: (data, streamId) => contact(data.fields as JsonObject | undefined, streamId),
      fields: ['fields.siteContactPerson', 'fields.siteContactPersonNumber'],
    },
    ProjectManualRoleGranted: {
      subject: (data) => (typeof data.email === 'string' && data.email ? lookup.emailSubject(data.email) : null),
      fields: ['email'],
    },
  };
}
