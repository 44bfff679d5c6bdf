// The tendering context's personal fields (the personal-data context's mechanism): an e-mail invitation names its addressee
// by e-mail, sealed under the address's lookup subject (forgetting the user with that address forgets it too).
import type { PersonalDataDeclarations } from '@binaan/event-store';
import type { LookupKeys } from '../personal-data/lookup-keys.js';

export function tenderingPersonalData(lookup: LookupKeys): PersonalDataDeclarations {
  return {
    TenderEmailInvitationSent: {
      subject: (data) => (typeof data.email === 'string' && data.email ? lookup.emailSubject(data.email) : null),
      fields: ['email'],
    },
  };
}
