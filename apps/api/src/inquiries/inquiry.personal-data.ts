// An inquiry's personal fields, sealed under the sender's address: forgetting the person with that address
// erases their name, contact and what they wrote, and the inquiry stays as a count with its statuses.
import type { PersonalDataDeclarations } from '@binaan/event-store';
import type { LookupKeys } from '../personal-data/lookup-keys.js';

export function inquiryPersonalData(lookup: LookupKeys): PersonalDataDeclarations {
  return {
    InquiryReceived: {
      subject: (data) => (typeof data.email === 'string' && data.email ? lookup.emailSubject(data.email) : null),
      fields: ['name', 'email', 'phone', 'companyName', 'subject', 'message'],
    },
  };
}
