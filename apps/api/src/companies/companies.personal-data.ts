// The companies context's personal fields: a call for interest names its addressee by e-mail, and a member
// invited names the person; both sealed under the address's lookup subject (forgetting the user with that
// address forgets them too).

import type { PersonalDataDeclarations } from '@binaan/event-store';
import type { LookupKeys } from '../personal-data/lookup-keys.js';

export function companiesPersonalData(lookup: LookupKeys): PersonalDataDeclarations {
  return {
    // A person brought into a company: their address and name, under the address's lookup subject.
    CompanyMemberInvited: {
      subject: (data) => (typeof data.email === 'string' && data.email ? lookup.emailSubject(data.email) : null),
      fields: ['email', 'name'],
    },
    InvitationSent: {
      subject: (data) => (typeof data.toEmail === 'string' && data.toEmail ? lookup.emailSubject(data.toEmail) : null),
      fields: ['toEmail'],
    },
  };
}
